import type { Server } from 'node:http';
import type Koa from 'koa';
import { sessionMiddleware } from '../account/auth';
import { accountsProjection } from '../account/projections';
import { accountRoutes } from '../account/routes';
import { adminRoutes } from '../admin/routes';
import { STRIPE_CSP_SOURCES } from '../billing/csp';
import { billingRoutes, WEBHOOK_PATH, webhookBody } from '../billing/routes';
import { bookRoutes } from '../gallery/books';
import { generationsProjection } from '../gallery/generations-projection';
import { galleryRoutes } from '../gallery/routes';
import type { ConsumerHandle } from '../platform/bus/port';
import { createHttpApp } from '../platform/http/app';
import { remoteOrigins } from '../platform/http/frontends';
import type { CspSources } from '../platform/http/security-headers';
import { newId } from '../platform/ids';
import { ProjectorRunner } from '../platform/runners/projector';
import { ReactorRunner } from '../platform/runners/reactor';
import { relay } from '../platform/runners/relay';
import { GENERATORS } from '../studio/generators';
import { JOBS_TOPIC, type JobMessage, jobsFor } from '../studio/jobs';
import { refundProcessManager } from '../studio/refunds';
import { studioRoutes } from '../studio/routes';
import { GenerationSupervisor } from '../studio/supervisor';
import { createJobHandler } from '../studio/worker';
import type { Runtime } from './runtime';

/**
 * The four roles of the backend. The embedded process runs all of them; the distributed
 * deployment runs each as its own process (api.ts, projector.ts, relay.ts, worker.ts).
 */
export const PROJECTIONS = [accountsProjection, generationsProjection];

export interface ApiOptions {
  /** Mounted after the API (the front-ends). */
  after?: Koa.Middleware[];
  /** Present when this process runs the projectors (embedded). */
  rebuildReadModels?: () => Promise<void>;
}

export function createApi(runtime: Runtime, options: ApiOptions = {}): Koa {
  return createHttpApp({
    logger: runtime.logger,
    trustProxy: runtime.config.trustProxy,
    ...(runtime.config.publicUrl ? { publicOrigins: [runtime.config.publicUrl] } : {}),
    originCheckExempt: [WEBHOOK_PATH],
    cspSources: cspSources(runtime),
    before: [sessionMiddleware(runtime.sessions, runtime.clock)],
    bodyParsers: { [WEBHOOK_PATH]: webhookBody },
    routes: [
      accountRoutes(runtime),
      billingRoutes(runtime),
      adminRoutes(runtime, options.rebuildReadModels ? { rebuildReadModels: options.rebuildReadModels } : {}),
      studioRoutes(runtime),
      galleryRoutes(runtime),
      bookRoutes(runtime),
    ],
    after: options.after ?? [],
  });
}

/**
 * Origins beyond this server that pages use: remotes moved by REMOTE_URLS, and Stripe.js. Stripe
 * is allowed whatever the gateway: the client decides from /api/payments/config, and those
 * origins serve only Stripe's own code.
 */
function cspSources(runtime: Runtime): CspSources {
  const remotes = remoteOrigins(runtime.config.remoteUrls);
  return {
    script: [...remotes, ...(STRIPE_CSP_SOURCES.script ?? [])],
    connect: [...remotes, ...(STRIPE_CSP_SOURCES.connect ?? [])],
    frame: STRIPE_CSP_SOURCES.frame ?? [],
    img: STRIPE_CSP_SOURCES.img ?? [],
  };
}

export async function listen(app: Koa, host: string, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, () => resolve(server));
    server.once('error', reject);
  });
}

export interface Stoppable {
  stop(): Promise<void> | void;
}

export async function startProjectors(runtime: Runtime): Promise<ProjectorRunner[]> {
  const runners = PROJECTIONS.map(
    (p) => new ProjectorRunner(runtime.eventStore, runtime.readStore, p, runtime.logger),
  );
  for (const runner of runners) await runner.start();
  return runners;
}

/** Relay (event store → bus) and the refund process manager. */
export async function startReactors(runtime: Runtime): Promise<Stoppable[]> {
  const runners = [
    new ReactorRunner(runtime.eventStore, runtime.readStore, relay(runtime.bus, jobsFor), runtime.logger),
    new ReactorRunner(
      runtime.eventStore,
      runtime.readStore,
      refundProcessManager(runtime.commands, runtime.clock),
      runtime.logger,
    ),
  ];
  for (const runner of runners) await runner.start();
  return runners;
}

export async function startWorker(runtime: Runtime): Promise<Stoppable[]> {
  const consumer: ConsumerHandle = await runtime.bus.subscribe<JobMessage>(
    JOBS_TOPIC,
    'workers',
    createJobHandler({
      commands: runtime.commands,
      blobs: runtime.blobs,
      ai: runtime.ai,
      generators: GENERATORS,
      clock: runtime.clock,
      logger: runtime.logger,
      timeoutMs: runtime.config.generationTimeoutMs,
      workerId: `worker-${newId().slice(0, 8)}`,
    }),
    { concurrency: runtime.config.workerConcurrency },
  );
  const supervisor = new GenerationSupervisor(runtime);
  await supervisor.start();
  return [consumer, supervisor];
}
