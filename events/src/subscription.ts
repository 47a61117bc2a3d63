import type { Event } from './envelope';

export const PLAN_IDS = ['basic', 'standard', 'premium'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
/** spec 01 §4: Demo is the tier of an account with no paid plan. */
export type Tier = 'Demo' | 'Basic' | 'Standard' | 'Premium';

export type CheckoutStarted = Event<
  'CheckoutStarted',
  { planId: PlanId; gateway: 'stripe' | 'simulated'; sessionRef: string }
>;

export type SubscriptionActivated = Event<
  'SubscriptionActivated',
  { planId: PlanId; tier: Tier; customerId?: string; subscriptionId?: string; paymentRef: string }
>;

export type SubscriptionRenewed = Event<
  'SubscriptionRenewed',
  { planId: PlanId; subscriptionId?: string; paymentRef: string; periodEnd?: string }
>;

export type PaymentFailed = Event<
  'PaymentFailed',
  { subscriptionId?: string; paymentRef: string; reason: string }
>;

export type SubscriptionCancelled = Event<
  'SubscriptionCancelled',
  { subscriptionId?: string; atPeriodEnd: boolean }
>;

/**
 * A gateway subscription ended. When it was the account's current one (`downgraded`), the
 * account is Demo again; otherwise the end is only remembered.
 */
export type SubscriptionExpired = Event<
  'SubscriptionExpired',
  { subscriptionId?: string; reason: string; downgraded: boolean }
>;

/** An admin's correction of tier and ids; a credit change travels as CreditsAdjusted beside it. */
export type SubscriptionAdminUpdated = Event<
  'SubscriptionAdminUpdated',
  {
    adminId: string;
    tier: Tier;
    customerId?: string;
    subscriptionId?: string;
    reason: string;
  }
>;

export type SubscriptionEvent =
  | CheckoutStarted
  | SubscriptionActivated
  | SubscriptionRenewed
  | PaymentFailed
  | SubscriptionCancelled
  | SubscriptionExpired
  | SubscriptionAdminUpdated;
