import { type AccountStreamEvent, type LinkIssued, PLAN_TERMS, type PlanId, type Tier } from '@studio/events';
import { assertNever } from '../platform/decider';
import { GrowOnlyMap, GrowOnlySet } from '../platform/grow-only';
import type { SnapshotCodec } from '../platform/snapshots';

/** Everything `account-{userId}` knows: identity, credit ledger and subscription. */
export interface AccountState {
  registered: boolean;
  userId: string;
  name: string;
  email: string;
  phoneNumber?: string;
  /** The name books are published under, when the user gave one. */
  penName?: string;
  avatar?: string;
  passwordHash: string;
  createdAt: string;
  /** The account's address was proven by its owner (the verification or a reset link). */
  emailVerified: boolean;
  /** The live verification link (its hash), if one was mailed and not used. */
  verificationLink?: LinkIssued;
  /** The live password reset link (its hash), if one was mailed and not used. */
  resetLink?: LinkIssued;
  /** Granted and revoked by AdminGranted / AdminRevoked only. */
  isAdmin: boolean;
  credits: number;
  tier: Tier;
  planId?: PlanId;
  customerId?: string;
  subscriptionId?: string;
  subscriptionStatus: 'none' | 'pending' | 'active' | 'past_due' | 'cancelling' | 'expired';
  /** When the paid month ends and the plan renews (with its credits), when the gateway said. */
  renewsAt?: string;
  /** A downgrade chosen for the next renewal: the current plan stays until then. */
  scheduledPlanId?: PlanId;
  // Grow-only collections: these grow with every payment and generation, and adding to them
  // must not copy them (a command on a long-lived account costs what one on a new account does).
  /**
   * Payment references already handled (turned into credits, or recorded as not credited): a
   * replayed webhook grants nothing twice.
   */
  appliedPayments: GrowOnlySet<string>;
  /** What each payment granted, so a refund of it withdraws those credits and no others. */
  paymentGrants: GrowOnlyMap<string, { credits: number; planId: PlanId }>;
  /** Per reversed charge: the amount reversed so far and the credits already settled for it. */
  reversals: GrowOnlyMap<string, { amount: number; credits: number }>;
  /**
   * Payment references recorded as failed: a replayed failure records nothing twice, while the
   * same invoice paid on a later retry still grants its credits.
   */
  failedPayments: GrowOnlySet<string>;
  /** Credits debited per generation, so a refund returns exactly what was spent. */
  debits: GrowOnlyMap<string, number>;
  refunded: GrowOnlySet<string>;
  /** Gateway subscriptions known to have ended: a late payment event cannot revive them. */
  endedSubscriptions: GrowOnlySet<string>;
}

export const initialAccountState: AccountState = {
  registered: false,
  userId: '',
  name: '',
  email: '',
  passwordHash: '',
  createdAt: '',
  emailVerified: false,
  isAdmin: false,
  credits: 0,
  tier: 'Demo',
  subscriptionStatus: 'none',
  appliedPayments: GrowOnlySet.of(),
  paymentGrants: GrowOnlyMap.of(),
  reversals: GrowOnlyMap.of(),
  failedPayments: GrowOnlySet.of(),
  debits: GrowOnlyMap.of(),
  refunded: GrowOnlySet.of(),
  endedSubscriptions: GrowOnlySet.of(),
};

const withItem = <T>(set: GrowOnlySet<T>, item: T) => set.with(item);

/** The state without the fields named (a link spent, a schedule taken back). */
function without<K extends keyof AccountState>(state: AccountState, ...keys: K[]): AccountState {
  const copy = { ...state };
  for (const key of keys) delete copy[key];
  return copy;
}

/** Renewals of the account's own subscription name its plan (a second, older one does not). */
const isCurrentSubscription = (state: AccountState, subscriptionId: string | undefined) =>
  !subscriptionId || !state.subscriptionId || subscriptionId === state.subscriptionId;

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
        ...(event.data.penName !== undefined ? { penName: event.data.penName } : {}),
      };
    case 'EmailVerificationRequested':
    case 'PasswordResetRequested':
      return state;
    case 'EmailVerificationIssued': {
      const { tokenHash, expiresAt } = event.data;
      return { ...state, verificationLink: { tokenHash, expiresAt } };
    }
    case 'EmailVerified':
      return { ...without(state, 'verificationLink'), emailVerified: event.data.email === state.email };
    case 'PasswordResetIssued': {
      const { tokenHash, expiresAt } = event.data;
      return { ...state, resetLink: { tokenHash, expiresAt } };
    }
    // Either way a reset link mailed before is stale: the password it would replace is gone.
    case 'PasswordChanged':
    case 'PasswordReset':
      return { ...without(state, 'resetLink'), passwordHash: event.data.passwordHash };
    case 'AdminGranted':
      return { ...state, isAdmin: true };
    case 'AdminRevoked':
      return { ...state, isAdmin: false };
    case 'CreditsGranted': {
      const { amount, paymentRef, planId } = event.data;
      return {
        ...state,
        credits: state.credits + amount,
        ...(paymentRef
          ? {
              appliedPayments: withItem(state.appliedPayments, paymentRef),
              paymentGrants: state.paymentGrants.with(paymentRef, { credits: amount, planId }),
            }
          : {}),
      };
    }
    case 'PaymentNotCredited':
      return { ...state, appliedPayments: withItem(state.appliedPayments, event.data.paymentRef) };
    case 'PaymentReversed': {
      const { chargeRef, amountReversed, creditsWithdrawn, unrecovered } = event.data;
      const settled = state.reversals.get(chargeRef)?.credits ?? 0;
      return {
        ...state,
        credits: state.credits - creditsWithdrawn,
        reversals: state.reversals.with(chargeRef, {
          amount: amountReversed,
          credits: settled + creditsWithdrawn + unrecovered,
        }),
      };
    }
    case 'CreditsDebited':
      return {
        ...state,
        credits: state.credits - event.data.amount,
        debits: state.debits.with(event.data.generationId, event.data.amount),
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
    case 'GenerationResumeRequested':
      return state;
    case 'CheckoutStarted':
      return state.subscriptionStatus === 'none' || state.subscriptionStatus === 'expired'
        ? { ...state, subscriptionStatus: 'pending' }
        : state;
    case 'SubscriptionActivated':
      return {
        ...without(state, 'scheduledPlanId', 'renewsAt'),
        ...(event.data.periodEnd ? { renewsAt: event.data.periodEnd } : {}),
        tier: event.data.tier,
        planId: event.data.planId,
        ...(event.data.customerId ? { customerId: event.data.customerId } : {}),
        ...(event.data.subscriptionId ? { subscriptionId: event.data.subscriptionId } : {}),
        subscriptionStatus: 'active',
        appliedPayments: withItem(state.appliedPayments, event.data.paymentRef),
      };
    case 'SubscriptionRenewed': {
      const renewed = {
        ...state,
        subscriptionStatus: 'active' as const,
        appliedPayments: withItem(state.appliedPayments, event.data.paymentRef),
      };
      if (!isCurrentSubscription(state, event.data.subscriptionId)) return renewed;
      // The plan billed is the plan: a downgrade scheduled for this renewal takes effect here.
      const { planId, periodEnd } = event.data;
      return {
        ...without(renewed, 'scheduledPlanId'),
        planId,
        tier: PLAN_TERMS[planId].tier,
        ...(periodEnd ? { renewsAt: periodEnd } : {}),
      };
    }
    case 'PlanChanged': {
      const { toPlanId, tier, paymentRef, renewsAt } = event.data;
      return {
        ...without(state, 'scheduledPlanId'),
        planId: toPlanId,
        tier,
        ...(renewsAt ? { renewsAt } : {}),
        appliedPayments: withItem(state.appliedPayments, paymentRef),
      };
    }
    case 'PlanChangeScheduled':
      return event.data.toPlanId === state.planId
        ? without(state, 'scheduledPlanId')
        : { ...state, scheduledPlanId: event.data.toPlanId };
    case 'PlanChangeCancelled':
      return without(state, 'scheduledPlanId');
    case 'PaymentFailed':
      return {
        ...state,
        subscriptionStatus: 'past_due',
        failedPayments: withItem(state.failedPayments, event.data.paymentRef),
      };
    case 'SubscriptionCancelled':
      return { ...state, subscriptionStatus: event.data.atPeriodEnd ? 'cancelling' : 'expired' };
    case 'SubscriptionExpired': {
      const ended = event.data.subscriptionId
        ? withItem(state.endedSubscriptions, event.data.subscriptionId)
        : state.endedSubscriptions;
      if (!event.data.downgraded) return { ...state, endedSubscriptions: ended };
      const rest = without(state, 'planId', 'subscriptionId', 'renewsAt', 'scheduledPlanId');
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

/** The account state as JSON: its sets and map become arrays, in insertion order. */
type EncodedAccount = Omit<
  AccountState,
  | 'appliedPayments'
  | 'paymentGrants'
  | 'reversals'
  | 'failedPayments'
  | 'debits'
  | 'refunded'
  | 'endedSubscriptions'
> & {
  appliedPayments: string[];
  paymentGrants: Array<[string, { credits: number; planId: PlanId }]>;
  reversals: Array<[string, { amount: number; credits: number }]>;
  failedPayments: string[];
  debits: Array<[string, number]>;
  refunded: string[];
  endedSubscriptions: string[];
};

/**
 * Accounts grow with use (every generation, refund and payment adds events), so commands fold
 * them from a snapshot. Bump `version` when AccountState or this encoding changes.
 */
export const accountSnapshot: SnapshotCodec<AccountState> = {
  name: 'account',
  // 2: failed payments kept apart from applied ones. 3: what each payment granted, and reversals.
  // 4: the verified address and live links, the renewal date and a scheduled downgrade.
  version: 4,
  every: 100,
  encode(state) {
    const encoded: Record<string, unknown> = {};
    // Fields set to undefined are left out, as a fold leaves them out.
    for (const [key, value] of Object.entries(state)) if (value !== undefined) encoded[key] = value;
    return {
      ...encoded,
      appliedPayments: [...state.appliedPayments],
      paymentGrants: [...state.paymentGrants],
      reversals: [...state.reversals],
      failedPayments: [...state.failedPayments],
      debits: [...state.debits],
      refunded: [...state.refunded],
      endedSubscriptions: [...state.endedSubscriptions],
    };
  },
  decode(json) {
    const encoded = json as EncodedAccount;
    return {
      ...encoded,
      appliedPayments: GrowOnlySet.of(encoded.appliedPayments),
      paymentGrants: GrowOnlyMap.of(encoded.paymentGrants),
      reversals: GrowOnlyMap.of(encoded.reversals),
      failedPayments: GrowOnlySet.of(encoded.failedPayments),
      debits: GrowOnlyMap.of(encoded.debits),
      refunded: GrowOnlySet.of(encoded.refunded),
      endedSubscriptions: GrowOnlySet.of(encoded.endedSubscriptions),
    };
  },
};
