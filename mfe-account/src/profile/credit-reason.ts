// The credit ledger's reasons are codes ('plan-purchase', 'coloring-page', 'generation-failed'):
// plain words for people, with the plan's name, and a tool's product from the tool registry.
import { TOOL_CONTRACTS } from '@studio/events';
import { findPlan, isPlanId } from '@studio/kit';
import type { CreditEntry } from '../api/types';
import { PROFILE } from '../texts';

const planName = (planId: string | undefined) =>
  planId && isPlanId(planId) ? findPlan(planId).name : 'Your';

/** 'coloring-page' → 'coloring page'. */
const words = (code: string) => code.replace(/[-_]+/g, ' ').trim();

/** 'image-v2' → 'an image': what the tool makes, never its internal kind. */
const product = (kind: string): string =>
  Object.hasOwn(TOOL_CONTRACTS, kind)
    ? TOOL_CONTRACTS[kind as keyof typeof TOOL_CONTRACTS].product
    : words(kind);

export function creditReasonText(entry: Pick<CreditEntry, 'kind' | 'reason' | 'planId'>): string {
  const { reasons } = PROFILE;
  switch (entry.kind) {
    case 'granted':
      if (entry.reason === 'plan-purchase') return reasons.planPurchase(planName(entry.planId));
      if (entry.reason === 'renewal') return reasons.renewal(planName(entry.planId));
      return words(entry.reason);
    case 'debited':
      return reasons.generation(product(entry.reason));
    case 'refunded':
      if (entry.reason === 'generation-failed') return reasons.generationFailed;
      if (entry.reason === 'generation-timed-out') return reasons.generationTimedOut;
      return words(entry.reason);
    case 'adjusted':
      return reasons.adjusted(entry.reason);
    case 'withdrawn':
      return entry.reason === 'dispute-lost'
        ? reasons.disputeLost(planName(entry.planId))
        : reasons.paymentRefunded(planName(entry.planId));
    default:
      return words(entry.reason);
  }
}
