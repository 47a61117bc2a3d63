import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../platform/config';
import { createLogger } from '../platform/logging';
import type { AiProvider } from '../studio/ai/provider';
import { closeRuntime, openRuntime, type Runtime } from './runtime';

/** A real embedded runtime (SQLite files, in-process bus, blob folder) in a fresh temp folder. Tests only. */
export async function openTestRuntime(
  env: Record<string, string> = {},
  overrides: { ai?: AiProvider } = {},
): Promise<Runtime & { dataDir: string; dispose(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-test-'));
  const runtime = await openRuntime(loadConfig({ DATA_DIR: dataDir, ...env }), createLogger('silent'), overrides);
  return {
    ...runtime,
    dataDir,
    async dispose() {
      await closeRuntime(runtime);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function tempDataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-test-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Polls until `check` returns a value (not undefined/false) or the time is up. */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
