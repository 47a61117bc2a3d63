/** One row of the bench table: a measurement, its target, and whether it met it. */
export interface BenchRow {
  metric: string;
  value: string;
  target: string;
  pass: boolean | null;
}

export function printTable(rows: BenchRow[]): void {
  const head = ['metric', 'value', 'target', 'ok'];
  const cells = rows.map((r) => [r.metric, r.value, r.target, r.pass === null ? '–' : r.pass ? 'yes' : 'NO']);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: string[]) => `| ${c.map((x, i) => x.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const c of cells) console.log(line(c));
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

export const ratio = (value: number) => `${value.toFixed(2)}×`;
