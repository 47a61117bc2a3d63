import type { Server } from 'node:http';
import type Koa from 'koa';
import { createHttpApp } from '../platform/http/app';
import { remoteOrigins } from '../platform/http/frontends';
import type { CspSources } from '../platform/http/security-headers';
import type { FeatureModule, Platform, Stoppable } from '../platform/module';
import type { RunnerRegistry, RunnerView } from '../platform/ops/runner-registry';
import { BlobSweeper } from '../platform/runners/blob-sweeper';
import { ProjectorRunner } from '../platform/runners/projector';
import { ReactorRunner } from '../platform/runners/reactor';
import { createOps, type Ops } from './ops';

/**
 * The four roles of the backend, each a loop over the feature modules. The embedded process
 * runs all of them; the distributed deployment runs each as its own process (api.ts,
 * projector.ts, relay.ts, worker.ts).
 */
export function createApi(
  platform: Platform,
  modules: FeatureModule[],
  after: Koa.Middleware[] = [],
  ops: Ops = createOps(platform, modules),
): Koa {
  return createHttpApp({
    outer: [ops.requestMetrics],
    logger: platform.logger,
    trustProxy: platform.config.trustProxy,
    ...(platform.config.publicUrl
      ? { publicOrigins: [platform.config.publicUrl], publicUrls: [platform.config.publicUrl] }
      : {}),
    originCheckExempt: modules.flatMap((m) => m.originCheckExempt ?? []),
    contentTypes: Object.assign({}, ...modules.map((m) => m.contentTypes ?? {})),
    cspSources: cspSources(platform, modules),
    // Readiness and metrics answer before the session reader, which needs the read store.
    before: [ops.endpoints, ...modules.flatMap((m) => m.middleware ?? [])],
    bodyParsers: Object.assign({}, ...modules.map((m) => m.bodyParsers ?? {})),
    routes: modules.flatMap((m) => m.routes ?? []),
    edgeRoutes: modules.flatMap((m) => m.edgeRoutes ?? []),
    leanRoutes: modules.flatMap((m) => m.leanRoutes ?? []),
    observeRequest: (method, route, status, seconds) =>
      platform.metrics.observeRequest(method, route, status, seconds),
    after,
  });
}

/**
 * What the page may load besides its own origin: the shell's files when they have a service of
 * their own (scripts, the route lists' snapshot, the icon), moved remotes, and what modules ask
 * for (Stripe.js).
 */
function cspSources(platform: Platform, modules: FeatureModule[]): CspSources {
  const shell = platform.config.shell ? [new URL(platform.config.shell.url).origin] : [];
  const remotes = [...new Set([...shell, ...remoteOrigins(platform.config.remoteUrls)])];
  const asked = modules.map((m) => m.cspSources ?? {});
  const all = (kind: keyof CspSources) => asked.flatMap((sources) => sources[kind] ?? []);
  return {
    script: [...remotes, ...all('script')],
    connect: [...remotes, ...all('connect')],
    frame: all('frame'),
    img: [...shell, ...all('img')],
  };
}

/**
 * Stops accepting, lets requests in flight finish, and after `graceMs` ends whatever is still
 * open: live-progress streams never end by themselves, and a shutdown must not wait for them.
 */
export async function closeServer(server: Server, graceMs = 2000): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const grace = setTimeout(() => server.closeAllConnections(), graceMs);
  grace.unref();
  await closed;
  clearTimeout(grace);
}

/** The modules' stop hooks (buffered writes), after the server closed and before the stores do. */
export async function stopModules(modules: FeatureModule[]): Promise<void> {
  for (const module of modules) await module.stop?.();
}

/**
 * How long an idle kept-alive connection stays open. Node's 5 s default closes it while a client
 * or a load balancer (60 s idle is common) may be sending on it: the request is reset. Longer than
 * theirs, so that they close first.
 */
export const KEEP_ALIVE_MS = 65_000;

export async function listen(app: Koa, host: string, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, () => resolve(server));
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    // Headers of a request on a kept-alive connection may take as long as that connection waits.
    server.headersTimeout = KEEP_ALIVE_MS + 1_000;
    server.once('error', reject);
  });
}

/** What the registry shows of a runner: its state and checkpoint as they are when read. */
function liveView(
  kind: RunnerView['kind'],
  name: string,
  runner: Pick<RunnerView, 'state' | 'checkpoint'>,
): RunnerView {
  return {
    kind,
    name,
    get state() {
      return runner.state;
    },
    get checkpoint() {
      return runner.checkpoint;
    },
  };
}

export async function startProjectors(
  platform: Platform,
  modules: FeatureModule[],
  registry?: RunnerRegistry,
): Promise<ProjectorRunner[]> {
  const runners = modules
    .flatMap((m) => m.projections ?? [])
    .map((p) => new ProjectorRunner(platform.eventStore, platform.readStore, p, platform.logger));
  registry?.add(...runners.map((runner) => liveView('projection', runner.projection.name, runner)));
  for (const runner of runners) await runner.start();
  return runners;
}

/** Reactors and process managers (the relay to the bus, refunds). */
export async function startReactors(
  platform: Platform,
  modules: FeatureModule[],
  registry?: RunnerRegistry,
): Promise<Stoppable[]> {
  const runners = modules
    .flatMap((m) => m.reactors ?? [])
    .map((r) => new ReactorRunner(platform.eventStore, platform.readStore, r, platform.logger));
  registry?.add(...runners.map((runner) => liveView('reactor', runner.name, runner)));
  for (const runner of runners) await runner.start();
  return runners;
}

/** Bus consumers and background jobs, and the sweep of blobs nothing references. */
export async function startWorkers(platform: Platform, modules: FeatureModule[]): Promise<Stoppable[]> {
  const running: Stoppable[] = [];
  for (const worker of modules.flatMap((m) => m.workers ?? [])) running.push(await worker.start());
  const owners = modules.flatMap((m) => (m.blobReferences ? [m.blobReferences] : []));
  running.push(new BlobSweeper(platform, owners, platform.config.blobSweep).start());
  return running;
}
