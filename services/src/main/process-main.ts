import { loadConfig } from '../platform/config';
import { createLogger } from '../platform/logging';
import type { FeatureModule, Platform, Stoppable } from '../platform/module';
import { featureModules } from './modules';
import { closePlatform, openPlatform } from './platform';

/** Shared start-up of the distributed processes: config, platform, modules, clean shutdown on signals. */
export function runProcess(
  name: string,
  start: (platform: Platform, modules: FeatureModule[]) => Promise<Stoppable[]>,
): void {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const logger = createLogger(config.logLevel).child({ process: name });
  openPlatform(config, logger)
    .then(async (platform) => {
      const parts = await start(platform, await featureModules(platform));
      logger.info(`${name} started`);
      const shutdown = async () => {
        for (const part of parts) await part.stop();
        await closePlatform(platform);
        process.exit(0);
      };
      process.once('SIGINT', () => void shutdown());
      process.once('SIGTERM', () => void shutdown());
    })
    .catch((error: unknown) => {
      logger.fatal({ err: error }, `${name} failed to start`);
      process.exit(1);
    });
}
