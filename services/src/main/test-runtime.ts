import { loadConfig } from '../platform/config';
import { createLogger } from '../platform/logging';
import { tempDataDir } from '../platform/testing';
import { closeRuntime, openRuntime, type Runtime, type RuntimeOverrides } from './runtime';

/** A real embedded runtime (SQLite files, in-process bus, blob folder) in a fresh temp folder. Tests only. */
export async function openTestRuntime(
  env: Record<string, string> = {},
  overrides: RuntimeOverrides = {},
): Promise<Runtime & { dataDir: string; dispose(): Promise<void> }> {
  const { dir: dataDir, remove } = tempDataDir();
  const runtime = await openRuntime(
    loadConfig({ DATA_DIR: dataDir, ...env }),
    createLogger('silent'),
    overrides,
  );
  return {
    ...runtime,
    dataDir,
    async dispose() {
      await closeRuntime(runtime);
      remove();
    },
  };
}

export { eventually, tempDataDir } from '../platform/testing';
