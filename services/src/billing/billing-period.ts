/**
 * Monthly periods as a card processor counts them (the simulated gateway keeps its own): a month
 * from the 31st ends on the last day of a shorter month, not in the next one.
 */
export function monthAfter(from: Date): Date {
  const day = from.getUTCDate();
  const next = new Date(from);
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

function monthBefore(end: Date): Date {
  const day = end.getUTCDate();
  const previous = new Date(end);
  previous.setUTCDate(1);
  previous.setUTCMonth(previous.getUTCMonth() - 1);
  const lastDay = new Date(Date.UTC(previous.getUTCFullYear(), previous.getUTCMonth() + 1, 0)).getUTCDate();
  previous.setUTCDate(Math.min(day, lastDay));
  return previous;
}

/**
 * An upgrade's prorated charge, as Stripe computes it: the price difference for the share of the
 * period still to run at `at` (by the second), in cents.
 */
export function proratedDifference(priceDifference: number, at: Date, periodEnd: Date): number {
  const end = periodEnd.getTime();
  const start = monthBefore(periodEnd).getTime();
  const share = Math.min(1, Math.max(0, (end - at.getTime()) / (end - start)));
  return Math.max(0, Math.round(priceDifference * share));
}
