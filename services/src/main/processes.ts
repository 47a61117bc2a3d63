import type { Server } from 'node:http';
import type Koa from 'koa';
import { sessionMiddleware } from '../account/auth';
import { accountRoutes } from '../account/routes';
import { generationsProjection } from '../gallery/generations-projection';
import { galleryRoutes } from '../gallery/routes';
import type { ConsumerHandle } from '../platform/bus/port';
import { createHttpApp } from '../platform/http/app';
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
export const PROJECTIONS = [generationsProjection];

export function createApi(runtime: Runtime, after: Koa.Middleware[] = []): Koa {
  return createHttpApp({
    logger: runtime.logger,
    before: [sessionMiddleware(runtime.sessions, runtime.clock)],
    routes: [accountRoutes(runtime), studioRoutes(runtime), galleryRoutes(runtime)],
    after,
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
  const runners = PROJECTIONS.map((p) => new ProjectorRunner(runtime.eventStore, runtime.readStore, p, runtime.logger));
  for (const runner of runners) await runner.start();
  return runners;
}

/** Relay (event store → bus) and the refund process manager. */
export async function startReactors(runtime: Runtime): Promise<Stoppable[]> {
  const runners = [
    new ReactorRunner(runtime.eventStore, runtime.readStore, relay(runtime.bus, jobsFor), runtime.logger),
    new ReactorRunner(runtime.eventStore, runtime.readStore, refundProcessManager(runtime.commands, runtime.clock), runtime.logger),
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
