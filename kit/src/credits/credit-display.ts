// Credit display rules of docs/product/accounts-billing-admin.md (Screens and routes: Layout): a bar of credits over the tier allowance, and three messages.
import { isTopTier, renewalDate, tierAllowance } from '../plans/plans';

/** Percent of the tier allowance, rounded and capped at 100 (0 when nothing is left). */
export function creditPercent(credits: number, tier: string | null | undefined): number {
  const allowance = tierAllowance(tier);
  if (credits <= 0) return 0;
  // Credits granted on a tier without an allowance (Demo) fill the bar rather than divide by zero.
  if (allowance <= 0) return 100;
  return Math.min(100, Math.round((credits / allowance) * 100));
}

export function creditMessage(credits: number): string {
  if (credits <= 0) return 'You have 0 credits. Subscribe to a plan to create books.';
  if (credits === 1) return 'You have 1 credit remaining.';
  return `You have ${credits} credits remaining.`;
}

/**
 * The credits card's way to more credits: a higher plan, or, on the top plan (nothing higher to
 * buy), the day its credits come back.
 */
export function moreCreditsLabel(tier: string | null | undefined, renewsAt: string | undefined): string {
  if (!isTopTier(tier)) return 'Get more credits →';
  return renewsAt ? `Credits renew ${renewalDate(renewsAt, true)} →` : 'View plans →';
}
