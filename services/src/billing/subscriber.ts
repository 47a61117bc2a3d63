import { PLAN_CHANGE_MESSAGES, PLAN_TERMS, type PlanId } from '@studio/events';
import type { AccountState } from '../account/state';
import { DomainError } from '../platform/errors';

/** A gateway subscription the account pays for now (one behind on payment, or ending, included). */
export const hasLivePlan = (
  state: AccountState,
): state is AccountState & { planId: PlanId; subscriptionId: string } =>
  Boolean(state.subscriptionId && state.planId) &&
  ['active', 'past_due', 'cancelling'].includes(state.subscriptionStatus);

/**
 * A subscriber never buys a second subscription: the same plan again would charge the full price
 * for nothing, another plan would bill two. Refused before any gateway call or payment; a plan
 * is changed through the subscription instead.
 */
export function refuseSecondSubscription(state: AccountState, planId: PlanId): void {
  if (!hasLivePlan(state)) return;
  const current = PLAN_TERMS[state.planId].name;
  throw new DomainError(
    'CONFLICT',
    planId === state.planId
      ? PLAN_CHANGE_MESSAGES.samePlan(current)
      : PLAN_CHANGE_MESSAGES.alreadySubscribed(current),
  );
}
