import { rmSync } from 'node:fs';

/** Stops the engine containers the global setup started, if any, and removes the run's shared givens. */
export default async function globalTeardown(): Promise<void> {
  for (const container of globalThis.__ENGINE_CONTAINERS__ ?? []) await container.stop();
  if (globalThis.__FIXTURES_DIR__) rmSync(globalThis.__FIXTURES_DIR__, { recursive: true, force: true });
}
