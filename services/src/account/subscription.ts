import {
  type CheckoutStarted,
  type CreditsAdjusted,
  type CreditsGranted,
  type PaymentFailed,
  PLAN_TERMS,
  type PlanId,
  type SubscriptionActivated,
  type SubscriptionAdminUpdated,
  type SubscriptionCancelled,
  type SubscriptionExpired,
  type SubscriptionRenewed,
  type Tier,
} from '@studio/events';
import { assertNever, type Emitted } from '../platform/decider';
import { DomainError } from '../platform/errors';
import type { AccountState } from './state';

/**
 * The subscription lifecycle on `account-{userId}`. Every payment-driven command carries the
 * payment's reference (an invoice id): a replayed or reordered gateway event whose payment was
 * already applied decides nothing, so each payment grants its credits exactly once.
 */
export type SubscriptionCommand =
  | { type: 'StartCheckout'; planId: PlanId; gateway: 'stripe' | 'simulated'; sessionRef: string }
  | {
      type: 'ActivateSubscription';
      planId: PlanId;
      paymentRef: string;
      customerId?: string;
      subscriptionId?: string;
    }
  | {
      type: 'RenewSubscription';
      planId: PlanId;
      paymentRef: string;
      subscriptionId?: string;
      periodEnd?: string;
    }
  | { type: 'RecordPaymentFailure'; paymentRef: string; reason: string; subscriptionId?: string }
  | { type: 'CancelSubscription'; subscriptionId?: string; atPeriodEnd: boolean }
  | { type: 'ExpireSubscription'; subscriptionId?: string; reason: string }
  | {
      type: 'AdminUpdateSubscription';
      adminId: string;
      tier: Tier;
      customerId?: string;
      subscriptionId?: string;
      credits?: number;
      reason: string;
    }
  | {
      type: 'SelfUpdateSubscription';
      tier: Exclude<Tier, 'Demo'>;
      customerId?: string;
      subscriptionId?: string;
      paymentRef: string;
    };

type Out = Emitted<
  | CheckoutStarted
  | SubscriptionActivated
  | SubscriptionRenewed
  | PaymentFailed
  | SubscriptionCancelled
  | SubscriptionExpired
  | SubscriptionAdminUpdated
  | CreditsGranted
  | CreditsAdjusted
>[];

const planOfTier = (tier: Tier) => Object.values(PLAN_TERMS).find((p) => p.tier === tier);

export function decideSubscription(command: SubscriptionCommand, state: AccountState): Out {
  if (!state.registered) throw new DomainError('NOT_FOUND', 'Account not found');
  switch (command.type) {
    case 'StartCheckout':
      return [
        {
          type: 'CheckoutStarted',
          data: { planId: command.planId, gateway: command.gateway, sessionRef: command.sessionRef },
        },
      ];

    case 'ActivateSubscription': {
      if (state.appliedPayments.has(command.paymentRef)) return [];
      const plan = PLAN_TERMS[command.planId];
      const { planId, paymentRef, customerId, subscriptionId } = command;
      const grant = {
        type: 'CreditsGranted',
        data: { amount: plan.credits, reason: 'plan-purchase', planId, paymentRef },
      } as const;
      // Paid for a subscription that has already ended (events out of order): credit it, keep the tier.
      if (subscriptionId && state.endedSubscriptions.has(subscriptionId)) return [grant];
      return [
        {
          type: 'SubscriptionActivated',
          data: {
            planId,
            tier: plan.tier,
            paymentRef,
            ...(customerId ? { customerId } : {}),
            ...(subscriptionId ? { subscriptionId } : {}),
          },
        },
        {
          type: 'CreditsGranted',
          data: { amount: plan.credits, reason: 'plan-purchase', planId, paymentRef },
        },
      ];
    }

    case 'RenewSubscription': {
      if (state.appliedPayments.has(command.paymentRef)) return [];
      const plan = PLAN_TERMS[command.planId];
      const { planId, paymentRef, subscriptionId, periodEnd } = command;
      const grant = {
        type: 'CreditsGranted',
        data: { amount: plan.credits, reason: 'renewal', planId, paymentRef },
      } as const;
      if (subscriptionId && state.endedSubscriptions.has(subscriptionId)) return [grant];
      return [
        {
          type: 'SubscriptionRenewed',
          data: {
            planId,
            paymentRef,
            ...(subscriptionId ? { subscriptionId } : {}),
            ...(periodEnd ? { periodEnd } : {}),
          },
        },
        { type: 'CreditsGranted', data: { amount: plan.credits, reason: 'renewal', planId, paymentRef } },
      ];
    }

    case 'RecordPaymentFailure': {
      // Paid already, or this failure is recorded: nothing to add. A failed invoice paid later
      // (the gateway retries the same invoice) still renews: only payments count as applied.
      if (state.appliedPayments.has(command.paymentRef) || state.failedPayments.has(command.paymentRef))
        return [];
      const { paymentRef, reason, subscriptionId } = command;
      return [
        {
          type: 'PaymentFailed',
          data: { paymentRef, reason, ...(subscriptionId ? { subscriptionId } : {}) },
        },
      ];
    }

    case 'CancelSubscription': {
      if (command.subscriptionId && state.subscriptionId && command.subscriptionId !== state.subscriptionId)
        return [];
      const target = command.atPeriodEnd ? 'cancelling' : 'expired';
      if (state.subscriptionStatus === target || state.subscriptionStatus === 'expired') return [];
      const { subscriptionId, atPeriodEnd } = command;
      return [
        {
          type: 'SubscriptionCancelled',
          data: { atPeriodEnd, ...(subscriptionId ? { subscriptionId } : {}) },
        },
      ];
    }

    case 'ExpireSubscription': {
      if (command.subscriptionId) {
        // Remembered even when it arrives before the activation, so that order does not matter.
        if (state.endedSubscriptions.has(command.subscriptionId)) return [];
      } else if (state.tier === 'Demo' && state.subscriptionStatus !== 'active') return [];
      const { subscriptionId, reason } = command;
      const downgraded = !subscriptionId || !state.subscriptionId || subscriptionId === state.subscriptionId;
      return [
        {
          type: 'SubscriptionExpired',
          data: { reason, downgraded, ...(subscriptionId ? { subscriptionId } : {}) },
        },
      ];
    }

    case 'AdminUpdateSubscription': {
      const { adminId, tier, customerId, subscriptionId, credits, reason } = command;
      if (credits !== undefined && (!Number.isSafeInteger(credits) || credits < 0)) {
        throw new DomainError('VALIDATION', 'Credits must be a whole number, 0 or more');
      }
      const out: Out = [
        {
          type: 'SubscriptionAdminUpdated',
          data: {
            adminId,
            tier,
            reason,
            ...(customerId ? { customerId } : {}),
            ...(subscriptionId ? { subscriptionId } : {}),
          },
        },
      ];
      if (credits !== undefined && credits !== state.credits) {
        out.push({
          type: 'CreditsAdjusted',
          data: {
            delta: credits - state.credits,
            reason,
            adminId,
            previousCredits: state.credits,
            newCredits: credits,
          },
        });
      }
      return out;
    }

    case 'SelfUpdateSubscription': {
      const plan = planOfTier(command.tier);
      if (!plan) throw new DomainError('VALIDATION', 'Unknown tier');
      return decideSubscription(
        {
          type: 'ActivateSubscription',
          planId: plan.id,
          paymentRef: command.paymentRef,
          ...(command.customerId ? { customerId: command.customerId } : {}),
          ...(command.subscriptionId ? { subscriptionId: command.subscriptionId } : {}),
        },
        state,
      );
    }
    default:
      return assertNever(command);
  }
}
