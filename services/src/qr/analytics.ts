import {
  QR_BREAKDOWN_DIMENSIONS,
  type QrAnalytics,
  type QrBreakdownDimension,
  type QrDailyAnalytics,
  type QrSignupRefusalReason,
} from '@studio/events';
import type { ReadStore } from '../platform/readstore/port';
import { breakdownName, OTHER_KEY } from './breakdown-keys';
import { QR_DAILY, type QrDailyDoc, REFUSAL_REASONS } from './projections';

/**
 * Values named per breakdown in the answer, most scans first (the screen shows five); the rest,
 * and the values past a day's cap, are summed in one last row marked `other`.
 */
export const BREAKDOWN_ROWS = 10;
export const OTHER_NAME = 'Other';

type Row = QrAnalytics['breakdowns'][QrBreakdownDimension][number];

/** The named rows, biggest first (ties by name), cut to BREAKDOWN_ROWS, then one Other row. */
function breakdownRows(named: Map<string, number>, other: number): Row[] {
  const rows = [...named]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  const rest = other + rows.slice(BREAKDOWN_ROWS).reduce((total, row) => total + row.count, 0);
  return [
    ...rows.slice(0, BREAKDOWN_ROWS),
    ...(rest > 0 ? [{ name: OTHER_NAME, count: rest, other: true as const }] : []),
  ];
}

/**
 * The share of counted visitors who signed up, in percent, two decimals: each visitor converts at
 * most once a day and only after a counted visit, so it never passes 100 (held there all the same);
 * no visitors is 0, not NaN.
 */
export const conversionRate = (conversions: number, visitors: number) =>
  visitors > 0 ? Math.round((Math.min(conversions, visitors) / visitors) * 10_000) / 100 : 0;

/** docs/product/creation-tools-qr.md (Data) QR analytics, over [from, to] (UTC days, inclusive) when given, with breakdowns. */
export async function qrAnalytics(
  readStore: ReadStore,
  qrId: string,
  range: { from?: string; to?: string } = {},
): Promise<QrAnalytics> {
  const day: Record<string, string> = {};
  if (range.from) day.$gte = range.from;
  if (range.to) day.$lte = range.to;
  const filter = { qrId, ...(range.from || range.to ? { day } : {}) };
  const days = await readStore.collection<QrDailyDoc>(QR_DAILY).find(filter, { sort: { day: 1 } });
  const dailyAnalytics = days.map(
    (d): QrDailyAnalytics => ({
      date: d.day,
      scans: d.scans,
      uniqueVisitors: d.uniques,
      signups: d.signups,
      conversions: d.conversions ?? 0,
      conversionRate: conversionRate(d.conversions ?? 0, d.uniques),
    }),
  );
  const sum = (field: 'scans' | 'uniqueVisitors' | 'signups' | 'conversions') =>
    dailyAnalytics.reduce((total, d) => total + d[field], 0);
  const breakdowns = Object.fromEntries(
    QR_BREAKDOWN_DIMENSIONS.map((d) => [d, new Map<string, number>()]),
  ) as Record<QrBreakdownDimension, Map<string, number>>;
  const others = Object.fromEntries(QR_BREAKDOWN_DIMENSIONS.map((d) => [d, 0])) as Record<
    QrBreakdownDimension,
    number
  >;
  for (const d of days)
    for (const dimension of QR_BREAKDOWN_DIMENSIONS)
      for (const [key, count] of Object.entries(d[dimension] ?? {})) {
        if (key === OTHER_KEY) {
          others[dimension] += count;
          continue;
        }
        const name = breakdownName(key);
        breakdowns[dimension].set(name, (breakdowns[dimension].get(name) ?? 0) + count);
      }
  const refusedSignups = Object.fromEntries(
    REFUSAL_REASONS.map((reason) => [
      reason,
      days.reduce((total, d) => total + (d.refused?.[reason] ?? 0), 0),
    ]),
  ) as Record<QrSignupRefusalReason, number>;
  const uniqueVisitors = sum('uniqueVisitors');
  const emailSignupCount = sum('signups');
  const conversions = sum('conversions');
  return {
    scanCount: sum('scans'),
    uniqueVisitors,
    emailSignupCount,
    conversions,
    untrackedSignups: emailSignupCount - days.reduce((total, d) => total + (d.trackedSignups ?? 0), 0),
    conversionRate: conversionRate(conversions, uniqueVisitors),
    dailyAnalytics,
    breakdowns: Object.fromEntries(
      QR_BREAKDOWN_DIMENSIONS.map((d) => [d, breakdownRows(breakdowns[d], others[d])]),
    ) as QrAnalytics['breakdowns'],
    refusedSignups,
    ...(range.from ? { from: range.from } : {}),
    ...(range.to ? { to: range.to } : {}),
  };
}
