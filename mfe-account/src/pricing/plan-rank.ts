// Plans in order of value: a plan's name is its tier's name (events/src/plans.ts).
import { PLANS, type Plan } from '@studio/kit';

export const planRank = (tier: string | undefined) => PLANS.findIndex((p) => p.name === tier);

/** The user's paid plan, when they have one (Demo and unknown tiers are none). */
export const currentPaidPlan = (tier: string | undefined): Plan | undefined => PLANS[planRank(tier)];

/** Buying `plan` replaces a higher plan the user has now. */
export const isDowngrade = (plan: Plan, tier: string | undefined) => {
  const current = planRank(tier);
  return current >= 0 && planRank(plan.name) < current;
};
