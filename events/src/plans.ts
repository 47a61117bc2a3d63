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

/** What choosing `to` means for a subscriber of `from`: the price decides which way it goes. */
export function planChangeKind(from: PlanId, to: PlanId): 'upgrade' | 'downgrade' | 'same' {
  const difference = PLAN_TERMS[to].price - PLAN_TERMS[from].price;
  return difference > 0 ? 'upgrade' : difference < 0 ? 'downgrade' : 'same';
}

/**
 * The credits an upgrade grants now: the higher plan's extra monthly credits in the share of the
 * month that was paid for (the prorated charge over the full price difference), never more than
 * the difference. Upgrading on the last day of a month buys a day's worth, not a month's.
 */
export function upgradeCredits(from: PlanId, to: PlanId, amountPaid: number): number {
  const extraCredits = PLAN_TERMS[to].credits - PLAN_TERMS[from].credits;
  const extraPrice = PLAN_TERMS[to].price - PLAN_TERMS[from].price;
  if (extraCredits <= 0 || extraPrice <= 0 || amountPaid <= 0) return 0;
  return Math.min(extraCredits, Math.round((extraCredits * amountPaid) / extraPrice));
}

/** The top plan: nothing to upgrade to, its credits renew monthly. */
export const TOP_PLAN_ID: PlanId = 'premium';

/** Why a plan change or a purchase is refused (before any payment); the screens show them too. */
export const PLAN_CHANGE_MESSAGES = {
  samePlan: (plan: string) => `You already have the ${plan} plan.`,
  alreadySubscribed: (plan: string) =>
    `You already have the ${plan} plan. Change your plan from the pricing page instead of buying a second one.`,
  noSubscription: 'You have no plan to change yet. Choose a plan on the pricing page.',
  notActive:
    'Your plan cannot be changed while its last payment is unsettled or it is ending. Please email support.',
  quoteExpired: 'These prices have changed. Please review the change again.',
  declined: 'Your card was not charged and your plan has not changed.',
} as const;
