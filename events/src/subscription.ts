import type { Event } from './envelope';

export const PLAN_IDS = ['basic', 'standard', 'premium'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
/** docs/product/accounts-billing-admin.md (States): Demo is the tier of an account with no paid plan. */
export type Tier = 'Demo' | 'Basic' | 'Standard' | 'Premium';

export type CheckoutStarted = Event<
  'CheckoutStarted',
  { planId: PlanId; gateway: 'stripe' | 'simulated'; sessionRef: string }
>;

export type SubscriptionActivated = Event<
  'SubscriptionActivated',
  {
    planId: PlanId;
    tier: Tier;
    customerId?: string;
    subscriptionId?: string;
    paymentRef: string;
    /** What the payment paid, in cents (the receipt's amount); absent in events written before. */
    amountPaid?: number;
    /** When the paid month ends: the plan renews then (absent when the gateway did not say). */
    periodEnd?: string;
  }
>;

/** A month paid again: the plan billed is the plan from now on (a scheduled downgrade lands here). */
export type SubscriptionRenewed = Event<
  'SubscriptionRenewed',
  { planId: PlanId; subscriptionId?: string; paymentRef: string; periodEnd?: string; amountPaid?: number }
>;

/**
 * An upgrade, paid now: the plan is the higher one from this moment, the renewal date stays, and
 * the credits of the rest of the month come with it (a CreditsGranted beside it, `plan-upgrade`).
 * `amountPaid` is the prorated difference the gateway charged (cents).
 */
export type PlanChanged = Event<
  'PlanChanged',
  {
    fromPlanId: PlanId;
    toPlanId: PlanId;
    tier: Tier;
    amountPaid: number;
    paymentRef: string;
    subscriptionId?: string;
    renewsAt?: string;
  }
>;

/**
 * A downgrade: the current plan and its credits stay until `renewsAt`; the renewal then bills the
 * lower plan (its SubscriptionRenewed makes it the plan). Nothing is charged or refunded now.
 */
export type PlanChangeScheduled = Event<
  'PlanChangeScheduled',
  { fromPlanId: PlanId; toPlanId: PlanId; renewsAt?: string; subscriptionId?: string }
>;

/** A scheduled downgrade taken back before the renewal: the plan simply renews as it is. */
export type PlanChangeCancelled = Event<'PlanChangeCancelled', { planId: PlanId; subscriptionId?: string }>;

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

/**
 * A payment that arrived but grants nothing: its price is not one of the plans' (`unknown-price`),
 * or it paid less than the plan's price (`underpaid`: a trial, a coupon). The account is flagged
 * for an admin; the payment counts as handled, so a replay records nothing twice.
 */
export type PaymentNotCredited = Event<
  'PaymentNotCredited',
  {
    paymentRef: string;
    reason: 'unknown-price' | 'underpaid';
    /** In the currency's smallest unit (cents), as the gateway reported it. */
    amountPaid: number;
    planId?: PlanId;
    priceId?: string;
    subscriptionId?: string;
  }
>;

/**
 * Money of a charge went back to the customer: a refund or a lost dispute. The credits its payment
 * granted, in proportion to the share reversed, are withdrawn as far as the balance allows
 * (`creditsWithdrawn`); the part already spent is `unrecovered` and flags the account for an
 * admin. `amountReversed` is the total reversed on the charge so far (cents).
 */
export type PaymentReversed = Event<
  'PaymentReversed',
  {
    chargeRef: string;
    cause: 'refund' | 'dispute-lost';
    amountReversed: number;
    creditsWithdrawn: number;
    unrecovered: number;
    /** The payment (invoice) the charge paid, when it is one this account knows. */
    paymentRef?: string;
    planId?: PlanId;
  }
>;

export type SubscriptionEvent =
  | PlanChanged
  | PlanChangeScheduled
  | PlanChangeCancelled
  | PaymentNotCredited
  | PaymentReversed
  | CheckoutStarted
  | SubscriptionActivated
  | SubscriptionRenewed
  | PaymentFailed
  | SubscriptionCancelled
  | SubscriptionExpired
  | SubscriptionAdminUpdated;
