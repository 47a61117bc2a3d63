// Tier choices of the admin tools. Their labels carry the older prices of docs/product/accounts-billing-admin.md (Limits and costs) ($19, $39, $89)
// with the plans' current credits.
import { ADMIN_TOOL_PRICE_LABELS, PLANS } from '@studio/kit';

export const PAID_TIER_OPTIONS = PLANS.map((plan) => ({
  value: plan.name,
  label: `${plan.name} - ${ADMIN_TOOL_PRICE_LABELS[plan.id]} (${plan.credits} credits)`,
}));

export const TIER_OPTIONS = [...PAID_TIER_OPTIONS, { value: 'Demo', label: 'Demo (0 credits)' }];

export const DEFAULT_ADMIN_TIER = 'Basic';
export const DEFAULT_ADMIN_CREDITS = 60;

/** The monthly credits of a tier, to prefill the credits field when the tier changes. */
export function creditsOfTier(tier: string): number {
  return PLANS.find((plan) => plan.name === tier)?.credits ?? 0;
}
