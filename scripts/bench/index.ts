import { existsSync } from 'node:fs';
import path from 'node:path';
import { measureBackend } from './backend';
import { measureBooks } from './books';
import { measureCompiled } from './compiled';
import { measureFirstLoad } from './first-load';
import { measureMetricsOverhead } from './metrics-overhead';
import { measurePostgresNats } from './postgres-nats';
import { type BenchRow, printTable } from './table';

/**
 * `npm run bench`: every figure as a ratio or percentile against a baseline measured in this run.
 * `npm run bench -- qr books` runs only the named groups (backend, store-peer, qr, metrics, books,
 * postgres-nats, bundle, first-load, ai-jobs, outputs).
 */
async function main() {
  const repoRoot = path.resolve(__dirname, '../..');
  const groups: Record<string, () => Promise<BenchRow[]>> = {
    backend: measureBackend,
    'store-peer': async () => (await import('./event-store-peer')).measureEventStorePeer(),
    // The redirect's speed is the server's per-request CPU: measured compiled, as production runs it.
    qr: () => measureCompiled('qr', 'measureQr'),
    metrics: measureMetricsOverhead,
    books: measureBooks,
    'postgres-nats': measurePostgresNats,
    bundle: async () => {
      if (!existsSync(path.join(__dirname, 'bundle-size.ts'))) return [];
      const { measureBundleSizes } = (await import('./bundle-size')) as {
        measureBundleSizes: (root: string) => Promise<BenchRow[]>;
      };
      return measureBundleSizes(repoRoot);
    },
    'first-load': () => measureFirstLoad(repoRoot),
    'ai-jobs': async () => (await import('./ai-jobs')).measureAiJobs(),
    outputs: async () => (await import('./outputs')).measureOutputs(),
  };
  const asked = process.argv.slice(2);
  const unknown = asked.filter((name) => !(name in groups));
  if (unknown.length > 0)
    throw new Error(`Unknown bench group ${unknown.join(', ')}; known: ${Object.keys(groups).join(', ')}`);
  const rows: BenchRow[] = [];
  for (const [name, measure] of Object.entries(groups))
    if (asked.length === 0 || asked.includes(name)) rows.push(...(await measure()));
  printTable(rows);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
