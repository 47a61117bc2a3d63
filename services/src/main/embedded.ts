import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../platform/config';
import { frontends } from '../platform/http/frontends';
import { createLogger } from '../platform/logging';
import type { FeatureModule, Platform, Stoppable } from '../platform/module';
import type { ProjectorRunner } from '../platform/runners/projector';
import { featureModules } from './modules';
import { createOps } from './ops';
import { closePlatform, openPlatform, type PlatformOverrides } from './platform';
import {
  closeServer,
  createApi,
  listen,
  startProjectors,
  startReactors,
  startWorkers,
  stopModules,
} from './processes';

export interface Embedded {
  url: string;
  platform: Platform;
  modules: FeatureModule[];
  projectors: ProjectorRunner[];
  server: Server;
  /**
   * Resolves once everything answered so far is in the log and every read model has applied it:
   * the positive signal a test waits on before it checks that something did not happen.
   */
  settle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The whole product in one process: API, projectors, relay, refunds and workers over SQLite,
 * the in-process bus and a blob folder. `npm start` runs this; tests start it on port 0.
 */
export async function startEmbedded(
  env: Record<string, string | undefined> = process.env,
  overrides: PlatformOverrides = {},
): Promise<Embedded> {
  const config = loadConfig(env, { embedded: true });
  const logger = createLogger(config.logLevel);
  const platform = await openPlatform(config, logger, overrides.clock, overrides.wrapEngines);
  let projectors: ProjectorRunner[] = [];
  const modules = await featureModules(platform, overrides, {
    rebuildReadModels: async () => {
      for (const projector of projectors) await projector.rebuild();
    },
  });
  const ops = createOps(platform, modules);
  projectors = await startProjectors(platform, modules, ops.runners);
  const parts: Stoppable[] = [
    ...(await startReactors(platform, modules, ops.runners)),
    ...(await startWorkers(platform, modules)),
  ];
  const api = createApi(
    platform,
    modules,
    [
      frontends({
        repoRoot: config.webDistRoot,
        remoteUrls: config.remoteUrls,
        ...(config.shell ? { shell: config.shell } : {}),
      }),
    ],
    ops,
  );
  const server = await listen(api, config.host, config.port);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`,
    platform,
    modules,
    projectors,
    server,
    async settle() {
      for (const module of modules) await module.flush?.();
      const head = await platform.eventStore.headPosition();
      if (head !== undefined) await Promise.all(projectors.map((projector) => projector.waitFor(head)));
    },
    async stop() {
      await closeServer(server);
      await stopModules(modules);
      for (const part of parts) await part.stop();
      for (const projector of projectors) await projector.stop();
      await closePlatform(platform);
    },
  };
}

/**
 * Graceful shutdown on SIGTERM / SIGINT: stop accepting connections, hand running jobs back to
 * the queue, let the relay and projectors finish their event (checkpoints stored), close the
 * stores, exit 0. A second signal exits at once.
 */
export function stopOnSignals(embedded: Embedded): void {
  const shutdown = () => {
    process.once('SIGINT', () => process.exit(1));
    process.once('SIGTERM', () => process.exit(1));
    embedded.stop().then(() => process.exit(0), exitWith);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

/** `npm start`: the embedded process, told where it runs, stopped by its signals; a failed start exits 1. */
export function runEmbedded(
  env: Record<string, string | undefined> = process.env,
  overrides: PlatformOverrides = {},
): void {
  startEmbedded(env, overrides)
    .then((embedded) => {
      console.log(`Studio is running at ${embedded.url}`);
      stopOnSignals(embedded);
    })
    .catch(exitWith);
}

function exitWith(error: unknown): void {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

if (require.main === module) runEmbedded();
