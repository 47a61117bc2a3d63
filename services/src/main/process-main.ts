import { loadConfig } from '../platform/config';
import { createLogger } from '../platform/logging';
import type { Stoppable } from './processes';
import { closeRuntime, openRuntime, type Runtime } from './runtime';

/** Shared start-up of the distributed processes: config, runtime, clean shutdown on signals. */
export function runProcess(name: string, start: (runtime: Runtime) => Promise<Stoppable[]>): void {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const logger = createLogger(config.logLevel).child({ process: name });
  openRuntime(config, logger)
    .then(async (runtime) => {
      const parts = await start(runtime);
      logger.info(`${name} started`);
      const shutdown = async () => {
        for (const part of parts) await part.stop();
        await closeRuntime(runtime);
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
