import { loadConfig } from '../platform/config';
import { EngineStartError } from '../platform/engines/failure';
import { createLogger } from '../platform/logging';
import type { FeatureModule, Platform, Stoppable } from '../platform/module';
import { featureModules, type Role, takesPayments } from './modules';
import { createOps, listenOps, type Ops } from './ops';
import { closePlatform, openPlatform } from './platform';
import { closeServer } from './processes';

export interface ProcessOptions {
  /** Serve /api/health, /api/ready and /metrics on OPS_PORT (the processes without an API). */
  opsServer?: boolean;
}

/** Shared start-up of the distributed processes: config, platform, modules, clean shutdown on signals. */
export function runProcess(
  role: Role,
  start: (platform: Platform, modules: FeatureModule[], ops: Ops) => Promise<Stoppable[]>,
  options: ProcessOptions = {},
): void {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env, { payments: takesPayments([role]) });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const logger = createLogger(config.logLevel).child({ process: role });
  openPlatform(config, logger)
    .then(async (platform) => {
      const modules = await featureModules(platform, {}, { roles: [role] });
      const ops = createOps(platform, modules);
      const parts = await start(platform, modules, ops);
      if (options.opsServer) {
        const server = await listenOps(platform, ops);
        parts.unshift({ stop: () => closeServer(server) });
      }
      logger.info(`${role} started`);
      const shutdown = async () => {
        for (const part of parts) await part.stop();
        await closePlatform(platform);
        process.exit(0);
      };
      process.once('SIGINT', () => void shutdown());
      process.once('SIGTERM', () => void shutdown());
    })
    .catch((error: unknown) => {
      // An engine that stays unreachable is told in one line: variable, host, cause.
      if (error instanceof EngineStartError) console.error(`${role} cannot start: ${error.message}`);
      else logger.fatal({ err: error }, `${role} failed to start`);
      process.exit(1);
    });
}
