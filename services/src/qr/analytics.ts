import {
  QR_BREAKDOWN_DIMENSIONS,
  type QrAnalytics,
  type QrBreakdownDimension,
  type QrDailyAnalytics,
  type QrSignupRefusalReason,
} from '@studio/events';
import type { ReadStore } from '../platform/readstore/port';
import { breakdownName } from './breakdown-keys';
import { QR_DAILY, type QrDailyDoc, REFUSAL_REASONS } from './projections';

/** Signups per scan in percent, two decimals; no scans is 0, not NaN. */
export const conversionRate = (signups: number, scans: number) =>
  scans > 0 ? Math.round((signups / scans) * 10_000) / 100 : 0;

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
      conversionRate: conversionRate(d.signups, d.scans),
    }),
  );
  const sum = (field: 'scans' | 'uniqueVisitors' | 'signups') =>
    dailyAnalytics.reduce((total, d) => total + d[field], 0);
  const breakdowns = Object.fromEntries(
    QR_BREAKDOWN_DIMENSIONS.map((d) => [d, new Map<string, number>()]),
  ) as Record<QrBreakdownDimension, Map<string, number>>;
  for (const d of days)
    for (const dimension of QR_BREAKDOWN_DIMENSIONS)
      for (const [key, count] of Object.entries(d[dimension] ?? {})) {
        const name = breakdownName(key);
        breakdowns[dimension].set(name, (breakdowns[dimension].get(name) ?? 0) + count);
      }
  const refusedSignups = Object.fromEntries(
    REFUSAL_REASONS.map((reason) => [
      reason,
      days.reduce((total, d) => total + (d.refused?.[reason] ?? 0), 0),
    ]),
  ) as Record<QrSignupRefusalReason, number>;
  const scanCount = sum('scans');
  const emailSignupCount = sum('signups');
  return {
    scanCount,
    uniqueVisitors: sum('uniqueVisitors'),
    emailSignupCount,
    conversionRate: conversionRate(emailSignupCount, scanCount),
    dailyAnalytics,
    breakdowns: Object.fromEntries(
      QR_BREAKDOWN_DIMENSIONS.map((d) => [
        d,
        [...breakdowns[d]]
          .map(([name, count]) => ({ name, count }))
          .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
      ]),
    ) as QrAnalytics['breakdowns'],
    refusedSignups,
    ...(range.from ? { from: range.from } : {}),
    ...(range.to ? { to: range.to } : {}),
  };
}
