import type { PlanId, Tier } from './subscription';

// The kit imports this file alone (`@studio/events/plans`): the plan words the front end needs too.
export { PLAN_IDS, type PlanId, type Tier } from './subscription';

/**
 * docs/product/accounts-billing-admin.md (Limits and costs): the plans, the one table shared by the backend (what a payment grants) and the
 * front end (what the cards say; kit/src/plans adds the card texts). Prices in cents.
 */
export interface PlanTerms {
  id: PlanId;
  name: string;
  tier: Exclude<Tier, 'Demo'>;
  price: number;
  credits: number;
  popular: boolean;
}

export const PLAN_TERMS: Readonly<Record<PlanId, PlanTerms>> = {
  basic: { id: 'basic', name: 'Basic', tier: 'Basic', price: 2999, credits: 60, popular: false },
  standard: { id: 'standard', name: 'Standard', tier: 'Standard', price: 4999, credits: 150, popular: true },
  premium: { id: 'premium', name: 'Premium', tier: 'Premium', price: 9999, credits: 400, popular: false },
};

export const CREDITS_PER_BOOK = 20;

/** Monthly allowance of a tier, for the credit bar: 0 for Demo and anything unknown. */
export function tierAllowance(tier: string | undefined): number {
  const plan = Object.values(PLAN_TERMS).find((p) => p.tier.toLowerCase() === tier?.toLowerCase());
  return plan?.credits ?? 0;
}

export const booksForCredits = (credits: number) => Math.floor(credits / CREDITS_PER_BOOK);

/**
 * Where a payment sends the browser back: the dashboard, told which plan was bought, so it can
 * tell a plan already in place from one still on its way (the credits may land before or after).
 */
export const subscriptionReturnPath = (planId: PlanId) => `/dashboard?subscription=success&plan=${planId}`;

export const planForTier = (tier: string): PlanTerms | undefined =>
  Object.values(PLAN_TERMS).find((p) => p.tier.toLowerCase() === tier.toLowerCase());
