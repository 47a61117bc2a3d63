// The early-access promotion's end (docs/product/accounts-billing-admin.md (Screens and routes: Pricing)), configurable, hidden once past.

/**
 * When the early-access prices double, as an ISO date. The spec's date is the default; set
 * PRICE_DOUBLING_AT (YYYY-MM-DD) at build time to move the promotion. A past date hides the line:
 * a deadline in the past reads as an abandoned site.
 */
export const PRICE_DOUBLING_AT: string = process.env.PRICE_DOUBLING_AT || '2025-07-15';

const ordinal = (day: number) => {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${{ 1: 'st', 2: 'nd', 3: 'rd' }[day % 10] ?? 'th'}`;
};

/** "July 15th, 2025" for the promotion's date while it is still ahead of `now`, else null (hide the line). */
export function upcomingPriceDoubling(now: Date, at: string = PRICE_DOUBLING_AT): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(at);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // The prices double at the start of that day (UTC): the day itself is no longer "before".
  if (now.getTime() >= Date.UTC(year, month - 1, day)) return null;
  const monthName = new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-US', {
    month: 'long',
    timeZone: 'UTC',
  });
  return `${monthName} ${ordinal(day)}, ${year}`;
}
