import type { QrAnalytics, QrBreakdownDimension } from '@studio/events';

export type BreakdownRow = QrAnalytics['breakdowns'][QrBreakdownDimension][number];

/** Values a breakdown names on the screen before its Other row. */
export const NAMED_ROWS = 5;

/**
 * The rows a breakdown shows: the values with the most scans by name, then one Other row with
 * everything else (the answer's own Other row and the named values past the first few), so the
 * counts still add up to the scans. No Other row when nothing is left over.
 */
export function breakdownRows(
  rows: readonly BreakdownRow[],
  named = NAMED_ROWS,
): {
  named: BreakdownRow[];
  other: number;
} {
  const values = rows.filter((row) => !row.other);
  const other = rows
    .filter((row) => row.other)
    .concat(values.slice(named))
    .reduce((total, row) => total + row.count, 0);
  return { named: values.slice(0, named), other };
}
