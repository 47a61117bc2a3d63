// Plans in order of value: a plan's name is its tier's name (events/src/plans.ts).
import { PLANS, type Plan, planChangeKind, planOfTier } from '@studio/kit';

/** The user's paid plan, when they have one (Demo and unknown tiers are none). */
export const currentPaidPlan = (tier: string | undefined): Plan | undefined => planOfTier(tier);

/** What choosing `plan` is for a holder of `tier`: none without a paid plan. */
export function changeOf(plan: Plan, tier: string | undefined): 'upgrade' | 'downgrade' | 'same' | 'none' {
  const current = currentPaidPlan(tier);
  return current ? planChangeKind(current.id, plan.id) : 'none';
}

/** The plans above the user's: empty on the top plan. */
export const higherPlans = (tier: string | undefined): Plan[] =>
  PLANS.filter((plan) => changeOf(plan, tier) === 'upgrade');
