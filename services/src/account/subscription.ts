import {
  type CreditsAdjusted,
  type CreditsGranted,
  PLAN_TERMS,
  type PlanId,
  type SubscriptionEvent,
  type Tier,
} from '@studio/events';
import { assertNever, type Emitted } from '../platform/decider';
import { DomainError } from '../platform/errors';
import type { PlanChangeEvent } from './plan-change';
import type { AccountState } from './state';

/** The subscription's own events but the plan changes (decidePlanChange's), and the credits it grants. */
type Out = Emitted<Exclude<SubscriptionEvent, PlanChangeEvent> | CreditsGranted | CreditsAdjusted>[];

const planOfTier = (tier: Tier) => Object.values(PLAN_TERMS).find((p) => p.tier === tier);

/** A payment below its plan's price (a trial, a coupon) grants nothing: an admin decides. */
function underpaid(command: {
  planId: PlanId;
  paymentRef: string;
  amountPaid: number;
  subscriptionId?: string;
}): Out {
  const { planId, paymentRef, amountPaid, subscriptionId } = command;
  if (amountPaid >= PLAN_TERMS[planId].price) return [];
  return [
    {
      type: 'PaymentNotCredited',
      data: {
        paymentRef,
        reason: 'underpaid',
        amountPaid,
        planId,
        ...(subscriptionId ? { subscriptionId } : {}),
      },
    },
  ];
}

/**
 * The subscription lifecycle on `account-{userId}`: one function per command, beside its shape,
 * and `decideSubscription` dispatches. Every payment-driven command carries the payment's
 * reference (an invoice id): a replayed or reordered gateway event whose payment was already
 * applied decides nothing, so each payment grants its credits exactly once.
 */
export type SubscriptionCommand =
  | StartCheckout
  | ActivateSubscription
  | RenewSubscription
  | HoldPayment
  | ReversePayment
  | RecordPaymentFailure
  | CancelSubscription
  | ExpireSubscription
  | AdminUpdateSubscription
  | SelfUpdateSubscription;

export function decideSubscription(command: SubscriptionCommand, state: AccountState): Out {
  if (!state.registered) throw new DomainError('NOT_FOUND', 'Account not found');
  switch (command.type) {
    case 'StartCheckout':
      return startCheckout(command);
    case 'ActivateSubscription':
      return activateSubscription(command, state);
    case 'RenewSubscription':
      return renewSubscription(command, state);
    case 'HoldPayment':
      return holdPayment(command, state);
    case 'ReversePayment':
      return reversePayment(command, state);
    case 'RecordPaymentFailure':
      return recordPaymentFailure(command, state);
    case 'CancelSubscription':
      return cancelSubscription(command, state);
    case 'ExpireSubscription':
      return expireSubscription(command, state);
    case 'AdminUpdateSubscription':
      return adminUpdateSubscription(command, state);
    case 'SelfUpdateSubscription':
      return selfUpdateSubscription(command, state);
    default:
      return assertNever(command);
  }
}

interface StartCheckout {
  type: 'StartCheckout';
  planId: PlanId;
  gateway: 'stripe' | 'simulated';
  sessionRef: string;
}

function startCheckout({ planId, gateway, sessionRef }: StartCheckout): Out {
  return [{ type: 'CheckoutStarted', data: { planId, gateway, sessionRef } }];
}

interface ActivateSubscription {
  type: 'ActivateSubscription';
  planId: PlanId;
  paymentRef: string;
  /** What the payment paid, in cents: less than the plan's price grants nothing. */
  amountPaid: number;
  customerId?: string;
  subscriptionId?: string;
  /** When the month paid for ends. */
  periodEnd?: string;
}

function activateSubscription(command: ActivateSubscription, state: AccountState): Out {
  const { planId, paymentRef, customerId, subscriptionId, amountPaid, periodEnd } = command;
  return paidMonth(command, state, 'plan-purchase', {
    type: 'SubscriptionActivated',
    data: {
      planId,
      tier: PLAN_TERMS[planId].tier,
      paymentRef,
      amountPaid,
      ...(customerId ? { customerId } : {}),
      ...(subscriptionId ? { subscriptionId } : {}),
      ...(periodEnd ? { periodEnd } : {}),
    },
  });
}

interface RenewSubscription {
  type: 'RenewSubscription';
  planId: PlanId;
  paymentRef: string;
  amountPaid: number;
  subscriptionId?: string;
  periodEnd?: string;
}

function renewSubscription(command: RenewSubscription, state: AccountState): Out {
  const { planId, paymentRef, subscriptionId, periodEnd, amountPaid } = command;
  return paidMonth(command, state, 'renewal', {
    type: 'SubscriptionRenewed',
    data: {
      planId,
      paymentRef,
      amountPaid,
      ...(subscriptionId ? { subscriptionId } : {}),
      ...(periodEnd ? { periodEnd } : {}),
    },
  });
}

/**
 * A month of a plan paid for, once per payment and only at the plan's price: its credits granted,
 * and `event` (the plan taken or renewed) before them unless the subscription has already ended
 * (events out of order: credit it, keep the tier).
 */
function paidMonth(
  command: RenewSubscription | ActivateSubscription,
  state: AccountState,
  reason: 'plan-purchase' | 'renewal',
  event: Out[number],
): Out {
  if (state.appliedPayments.has(command.paymentRef)) return [];
  const refused = underpaid(command);
  if (refused.length > 0) return refused;
  const { planId, paymentRef, subscriptionId } = command;
  const grant = {
    type: 'CreditsGranted',
    data: { amount: PLAN_TERMS[planId].credits, reason, planId, paymentRef },
  } as const;
  if (subscriptionId && state.endedSubscriptions.has(subscriptionId)) return [grant];
  return [event, grant];
}

/** A payment whose price is none of the plans': recorded for an admin, never credited. */
interface HoldPayment {
  type: 'HoldPayment';
  paymentRef: string;
  amountPaid: number;
  priceId?: string;
  subscriptionId?: string;
}

function holdPayment(command: HoldPayment, state: AccountState): Out {
  if (state.appliedPayments.has(command.paymentRef)) return [];
  const { paymentRef, amountPaid, priceId, subscriptionId } = command;
  return [
    {
      type: 'PaymentNotCredited',
      data: {
        paymentRef,
        reason: 'unknown-price',
        amountPaid,
        ...(priceId ? { priceId } : {}),
        ...(subscriptionId ? { subscriptionId } : {}),
      },
    },
  ];
}

interface ReversePayment {
  type: 'ReversePayment';
  chargeRef: string;
  cause: 'refund' | 'dispute-lost';
  /** Total reversed on the charge so far, in cents (Stripe's `amount_refunded`, a dispute's amount). */
  amountReversed: number;
  /** The charge's amount; unknown, the reversal counts as the whole charge. */
  amountCharged?: number;
  paymentRef?: string;
}

/**
 * A refund or a lost dispute takes back the credits its payment granted, in proportion to the
 * share of the charge reversed: as many as the balance still holds (never below zero), the rest
 * recorded as unrecovered for an admin. The charge's running total makes replays and concurrent
 * deliveries settle once.
 */
function reversePayment(command: ReversePayment, state: AccountState): Out {
  const { chargeRef, cause, amountReversed, paymentRef } = command;
  const before = state.reversals.get(chargeRef);
  if (amountReversed <= (before?.amount ?? 0)) return [];
  const grant = paymentRef ? state.paymentGrants.get(paymentRef) : undefined;
  const charged = Math.max(command.amountCharged ?? amountReversed, amountReversed);
  const due = grant ? Math.round((grant.credits * amountReversed) / charged) - (before?.credits ?? 0) : 0;
  const creditsWithdrawn = Math.max(0, Math.min(due, state.credits));
  return [
    {
      type: 'PaymentReversed',
      data: {
        chargeRef,
        cause,
        amountReversed,
        creditsWithdrawn,
        unrecovered: Math.max(0, due - creditsWithdrawn),
        ...(grant && paymentRef ? { paymentRef, planId: grant.planId } : {}),
      },
    },
  ];
}

interface RecordPaymentFailure {
  type: 'RecordPaymentFailure';
  paymentRef: string;
  reason: string;
  subscriptionId?: string;
}

function recordPaymentFailure(command: RecordPaymentFailure, state: AccountState): Out {
  // Paid already, or this failure is recorded: nothing to add. A failed invoice paid later
  // (the gateway retries the same invoice) still renews: only payments count as applied.
  if (state.appliedPayments.has(command.paymentRef) || state.failedPayments.has(command.paymentRef))
    return [];
  const { paymentRef, reason, subscriptionId } = command;
  return [
    { type: 'PaymentFailed', data: { paymentRef, reason, ...(subscriptionId ? { subscriptionId } : {}) } },
  ];
}

interface CancelSubscription {
  type: 'CancelSubscription';
  subscriptionId?: string;
  atPeriodEnd: boolean;
}

function cancelSubscription(command: CancelSubscription, state: AccountState): Out {
  if (command.subscriptionId && state.subscriptionId && command.subscriptionId !== state.subscriptionId)
    return [];
  const target = command.atPeriodEnd ? 'cancelling' : 'expired';
  if (state.subscriptionStatus === target || state.subscriptionStatus === 'expired') return [];
  const { subscriptionId, atPeriodEnd } = command;
  return [
    { type: 'SubscriptionCancelled', data: { atPeriodEnd, ...(subscriptionId ? { subscriptionId } : {}) } },
  ];
}

interface ExpireSubscription {
  type: 'ExpireSubscription';
  subscriptionId?: string;
  reason: string;
}

function expireSubscription(command: ExpireSubscription, state: AccountState): Out {
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

interface AdminUpdateSubscription {
  type: 'AdminUpdateSubscription';
  adminId: string;
  tier: Tier;
  customerId?: string;
  subscriptionId?: string;
  credits?: number;
  reason: string;
}

function adminUpdateSubscription(command: AdminUpdateSubscription, state: AccountState): Out {
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

interface SelfUpdateSubscription {
  type: 'SelfUpdateSubscription';
  tier: Exclude<Tier, 'Demo'>;
  customerId?: string;
  subscriptionId?: string;
  paymentRef: string;
}

/** The admin's testing tool: an activation with no payment, the plan's price standing in for it. */
function selfUpdateSubscription(command: SelfUpdateSubscription, state: AccountState): Out {
  const plan = planOfTier(command.tier);
  if (!plan) throw new DomainError('VALIDATION', 'Unknown tier');
  const activated = activateSubscription(
    {
      type: 'ActivateSubscription',
      planId: plan.id,
      paymentRef: command.paymentRef,
      amountPaid: plan.price,
      ...(command.customerId ? { customerId: command.customerId } : {}),
      ...(command.subscriptionId ? { subscriptionId: command.subscriptionId } : {}),
    },
    state,
  );
  // Nothing was paid: the activation records no amount (so no receipt is mailed for it).
  return activated.map((event) => {
    if (event.type !== 'SubscriptionActivated') return event;
    const { amountPaid: _none, ...data } = event.data;
    return { ...event, data };
  });
}
