import {
  type CreditsGranted,
  PLAN_TERMS,
  type PlanChangeCancelled,
  type PlanChanged,
  type PlanChangeScheduled,
  type PlanId,
  planChangeKind,
  upgradeCredits,
} from '@studio/events';
import type { Emitted } from '../platform/decider';
import { DomainError } from '../platform/errors';
import type { AccountState } from './state';

/**
 * A subscriber moves to another plan of the same subscription (never a second subscription). An
 * upgrade counts once it is paid: it carries the payment (the prorated difference) and grants the
 * extra credits of the rest of the month. A downgrade is scheduled for the renewal: nothing is
 * charged or taken back now. Choosing the current plan again takes a scheduled downgrade back.
 * Both the route that made the change and the gateway's webhook send this; the payment reference
 * makes the second one decide nothing.
 */
export type ChangePlan = {
  type: 'ChangePlan';
  toPlanId: PlanId;
  /** The invoice of an upgrade's prorated charge; absent for a downgrade. */
  paymentRef?: string;
  /** Cents the upgrade's invoice paid. */
  amountPaid: number;
  renewsAt?: string;
  subscriptionId?: string;
};

/** The events only a plan change records. */
export type PlanChangeEvent = PlanChanged | PlanChangeScheduled | PlanChangeCancelled;

type Out = Emitted<PlanChangeEvent | CreditsGranted>[];

export function decidePlanChange(command: ChangePlan, state: AccountState): Out {
  if (!state.registered) throw new DomainError('NOT_FOUND', 'Account not found');
  const { toPlanId, paymentRef, amountPaid, renewsAt, subscriptionId } = command;
  if (paymentRef && state.appliedPayments.has(paymentRef)) return [];
  const from = state.planId;
  // No plan to change from (an admin's tier without a subscription): nothing to decide here.
  if (!from) return [];
  const ids = { ...(subscriptionId ? { subscriptionId } : {}) };
  const at = { ...(renewsAt ? { renewsAt } : {}) };
  switch (planChangeKind(from, toPlanId)) {
    case 'same':
      return state.scheduledPlanId ? [{ type: 'PlanChangeCancelled', data: { planId: from, ...ids } }] : [];
    case 'downgrade':
      if (state.scheduledPlanId === toPlanId) return [];
      return [{ type: 'PlanChangeScheduled', data: { fromPlanId: from, toPlanId, ...at, ...ids } }];
    case 'upgrade': {
      // Not paid (yet): the invoice that pays it brings the change.
      if (!paymentRef) return [];
      const credits = upgradeCredits(from, toPlanId, amountPaid);
      return [
        {
          type: 'PlanChanged',
          data: {
            fromPlanId: from,
            toPlanId,
            tier: PLAN_TERMS[toPlanId].tier,
            amountPaid,
            paymentRef,
            ...ids,
            ...at,
          },
        },
        ...(credits > 0
          ? [
              {
                type: 'CreditsGranted' as const,
                data: { amount: credits, reason: 'plan-upgrade' as const, planId: toPlanId, paymentRef },
              },
            ]
          : []),
      ];
    }
  }
}
