import type { AccountStreamEvent, PlanId, Tier } from '@studio/events';
import { assertNever } from '../platform/decider';

/** Everything `account-{userId}` knows: identity, credit ledger and subscription. */
export interface AccountState {
  registered: boolean;
  userId: string;
  name: string;
  email: string;
  phoneNumber?: string;
  avatar?: string;
  passwordHash: string;
  createdAt: string;
  /** Granted and revoked by AdminGranted / AdminRevoked only. */
  isAdmin: boolean;
  credits: number;
  tier: Tier;
  planId?: PlanId;
  customerId?: string;
  subscriptionId?: string;
  subscriptionStatus: 'none' | 'pending' | 'active' | 'past_due' | 'cancelling' | 'expired';
  /** Payment references already turned into credits: a replayed webhook grants nothing twice. */
  appliedPayments: ReadonlySet<string>;
  /** Credits debited per generation, so a refund returns exactly what was spent. */
  debits: ReadonlyMap<string, number>;
  refunded: ReadonlySet<string>;
  /** Gateway subscriptions known to have ended: a late payment event cannot revive them. */
  endedSubscriptions: ReadonlySet<string>;
}

export const initialAccountState: AccountState = {
  registered: false,
  userId: '',
  name: '',
  email: '',
  passwordHash: '',
  createdAt: '',
  isAdmin: false,
  credits: 0,
  tier: 'Demo',
  subscriptionStatus: 'none',
  appliedPayments: new Set(),
  debits: new Map(),
  refunded: new Set(),
  endedSubscriptions: new Set(),
};

const withItem = <T>(set: ReadonlySet<T>, item: T) => new Set(set).add(item);

export function evolveAccount(state: AccountState, event: AccountStreamEvent): AccountState {
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, name, email, phoneNumber, passwordHash, customerId } = event.data;
      return {
        ...state,
        registered: true,
        userId,
        name,
        email,
        ...(phoneNumber ? { phoneNumber } : {}),
        ...(customerId ? { customerId } : {}),
        passwordHash,
        createdAt: event.metadata.occurredAt,
      };
    }
    case 'ProfileUpdated':
      return {
        ...state,
        ...(event.data.name !== undefined ? { name: event.data.name } : {}),
        ...(event.data.avatar !== undefined ? { avatar: event.data.avatar } : {}),
        ...(event.data.phoneNumber !== undefined ? { phoneNumber: event.data.phoneNumber } : {}),
      };
    case 'AdminGranted':
      return { ...state, isAdmin: true };
    case 'AdminRevoked':
      return { ...state, isAdmin: false };
    case 'CreditsGranted':
      return {
        ...state,
        credits: state.credits + event.data.amount,
        ...(event.data.paymentRef
          ? { appliedPayments: withItem(state.appliedPayments, event.data.paymentRef) }
          : {}),
      };
    case 'CreditsDebited':
      return {
        ...state,
        credits: state.credits - event.data.amount,
        debits: new Map(state.debits).set(event.data.generationId, event.data.amount),
      };
    case 'CreditsRefunded':
      return {
        ...state,
        credits: state.credits + event.data.amount,
        refunded: withItem(state.refunded, event.data.generationId),
      };
    case 'CreditsAdjusted':
      return { ...state, credits: state.credits + event.data.delta };
    case 'GenerationRequested':
      return state;
    case 'CheckoutStarted':
      return state.subscriptionStatus === 'none' || state.subscriptionStatus === 'expired'
        ? { ...state, subscriptionStatus: 'pending' }
        : state;
    case 'SubscriptionActivated':
      return {
        ...state,
        tier: event.data.tier,
        planId: event.data.planId,
        ...(event.data.customerId ? { customerId: event.data.customerId } : {}),
        ...(event.data.subscriptionId ? { subscriptionId: event.data.subscriptionId } : {}),
        subscriptionStatus: 'active',
        appliedPayments: withItem(state.appliedPayments, event.data.paymentRef),
      };
    case 'SubscriptionRenewed':
      return {
        ...state,
        subscriptionStatus: 'active',
        appliedPayments: withItem(state.appliedPayments, event.data.paymentRef),
      };
    case 'PaymentFailed':
      return {
        ...state,
        subscriptionStatus: 'past_due',
        appliedPayments: withItem(state.appliedPayments, event.data.paymentRef),
      };
    case 'SubscriptionCancelled':
      return { ...state, subscriptionStatus: event.data.atPeriodEnd ? 'cancelling' : 'expired' };
    case 'SubscriptionExpired': {
      const ended = event.data.subscriptionId
        ? withItem(state.endedSubscriptions, event.data.subscriptionId)
        : state.endedSubscriptions;
      if (!event.data.downgraded) return { ...state, endedSubscriptions: ended };
      const { planId: _plan, subscriptionId: _sub, ...rest } = state;
      return { ...rest, tier: 'Demo', subscriptionStatus: 'expired', endedSubscriptions: ended };
    }
    case 'SubscriptionAdminUpdated': {
      const { tier, customerId, subscriptionId } = event.data;
      return {
        ...state,
        tier,
        ...(customerId ? { customerId } : {}),
        ...(subscriptionId ? { subscriptionId } : {}),
        subscriptionStatus: tier === 'Demo' ? 'none' : 'active',
      };
    }
    default:
      return assertNever(event);
  }
}
