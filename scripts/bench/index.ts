import { existsSync } from 'node:fs';
import path from 'node:path';
import { measureBackend } from './backend';
import { measureBooks } from './books';
import { measureFirstLoad } from './first-load';
import { measureMetricsOverhead } from './metrics-overhead';
import { measureQr } from './qr';
import { type BenchRow, printTable } from './table';

/** `npm run bench`: every figure as a ratio or percentile against a baseline measured in this run. */
async function main() {
  const repoRoot = path.resolve(__dirname, '../..');
  const rows: BenchRow[] = await measureBackend();
  rows.push(...(await measureQr()));
  rows.push(...(await measureMetricsOverhead()));
  rows.push(...(await measureBooks()));
  if (existsSync(path.join(__dirname, 'bundle-size.ts'))) {
    const { measureBundleSizes } = (await import('./bundle-size')) as {
      measureBundleSizes: (root: string) => Promise<BenchRow[]>;
    };
    rows.push(...(await measureBundleSizes(repoRoot)));
  }
  rows.push(...(await measureFirstLoad(repoRoot)));
  printTable(rows);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
