import type { Server } from 'node:http';
import type Koa from 'koa';
import { sessionMiddleware } from '../account/auth';
import { accountsProjection } from '../account/projections';
import { accountRoutes } from '../account/routes';
import { parkedEventRoutes } from '../admin/parked-routes';
import { requireAdmin } from '../admin/require-admin';
import { adminRoutes } from '../admin/routes';
import { billingRoutes, WEBHOOK_PATH, webhookBody } from '../billing/routes';
import { bookRoutes } from '../gallery/books';
import { generationsProjection } from '../gallery/generations-projection';
import { galleryRoutes } from '../gallery/routes';
import type { ConsumerHandle } from '../platform/bus/port';
import { createHttpApp } from '../platform/http/app';
import { newId } from '../platform/ids';
import { parkedEventRetrier } from '../platform/runners/parked-events';
import { ProjectorRunner } from '../platform/runners/projector';
import { type Reactor, ReactorRunner } from '../platform/runners/reactor';
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
    before: [sessionMiddleware(runtime.sessions, runtime.clock)],
    bodyParsers: { [WEBHOOK_PATH]: webhookBody },
    routes: [
      accountRoutes(runtime),
      billingRoutes(runtime),
      adminRoutes(runtime, options.rebuildReadModels ? { rebuildReadModels: options.rebuildReadModels } : {}),
      studioRoutes(runtime),
      galleryRoutes(runtime),
      bookRoutes(runtime),
      parkedEventRoutes({
        requireAdmin: (ctx) => requireAdmin(ctx, runtime.commands, runtime.config.adminEmails),
        readStore: runtime.readStore,
        retry: parkedEventRetrier({
          ...runtime,
          reactors: reactors(runtime),
          now: () => runtime.clock.now(),
        }),
      }),
    ],
    after: options.after ?? [],
  });
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

/** Relay (event store → bus) and the refund process manager; the API retries their parked events. */
function reactors(runtime: Runtime): Reactor[] {
  return [relay(runtime.bus, jobsFor), refundProcessManager(runtime.commands, runtime.clock)];
}

export async function startReactors(runtime: Runtime): Promise<Stoppable[]> {
  const runners = reactors(runtime).map(
    (reactor) => new ReactorRunner(runtime.eventStore, runtime.readStore, reactor, runtime.logger),
  );
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
