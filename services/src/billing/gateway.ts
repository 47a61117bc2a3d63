import type { PlanId } from '@studio/events';

/**
 * The payment gateway port. `stripe` talks to Stripe; `simulated` drives the same events from a
 * labelled test checkout. Gateway webhooks are normalised into GatewayEvents, which the payments
 * service turns into account commands.
 */
export type GatewayEvent =
  | {
      kind: 'subscription-paid';
      eventId: string;
      userId?: string;
      customerId?: string;
      subscriptionId?: string;
      /** The plan of the price billed; absent when that price is none of ours (nothing is granted). */
      planId?: PlanId;
      /** The price billed, as the gateway names it (for the admin when it is not one of ours). */
      priceId?: string;
      /** What was actually paid, in cents: below the plan's price nothing is granted. */
      amountPaid: number;
      /** The invoice: the same payment seen through checkout.session.completed and invoice.paid. */
      paymentRef: string;
      firstPayment: boolean;
      periodEnd?: string;
    }
  | {
      /** A refund, or a dispute the merchant lost: money of a charge went back to the customer. */
      kind: 'payment-reversed';
      eventId: string;
      cause: 'refund' | 'dispute-lost';
      chargeRef: string;
      /** Total reversed on the charge so far, in cents. */
      amountReversed: number;
      amountCharged?: number;
      /** Charges name their customer only; these two are here for the common account look-up. */
      userId?: string;
      subscriptionId?: string;
      customerId?: string;
      /** The invoice the charge paid, when the event says (older API versions put it on the charge). */
      paymentRef?: string;
    }
  | {
      kind: 'payment-failed';
      eventId: string;
      userId?: string;
      customerId?: string;
      subscriptionId?: string;
      paymentRef: string;
      reason: string;
    }
  | {
      /** The invoice of a plan change made now (an upgrade's prorated difference), paid. */
      kind: 'plan-change-paid';
      eventId: string;
      userId?: string;
      customerId?: string;
      subscriptionId?: string;
      /** The plan moved to: the price of the invoice's charge for the rest of the period. */
      planId: PlanId;
      amountPaid: number;
      paymentRef: string;
      periodEnd?: string;
    }
  | {
      kind: 'subscription-updated';
      eventId: string;
      userId?: string;
      customerId?: string;
      subscriptionId: string;
      status: string;
      cancelAtPeriodEnd: boolean;
      /** Present when this update moved the subscription to another price of ours. */
      planId?: PlanId;
      periodEnd?: string;
    }
  | {
      kind: 'subscription-deleted';
      eventId: string;
      userId?: string;
      customerId?: string;
      subscriptionId: string;
    }
  | { kind: 'ignored'; eventId: string; type: string };

export interface Customer {
  userId: string;
  email: string;
  name: string;
  customerId?: string;
}

export interface SubscriptionCheck {
  subscriptionId: string;
  /** active, trialing, past_due, canceled, incomplete, unpaid … (Stripe's words) */
  status: string;
  planId?: PlanId;
}

export interface ChargeDetails {
  customerId?: string;
  amountCharged?: number;
  paymentRef?: string;
}

/** A subscriber's move from one plan to another on the same subscription. */
export interface PlanChange {
  customer: Customer;
  subscriptionId: string;
  from: PlanId;
  to: PlanId;
  /**
   * The instant the change is priced as of: the preview's, so the charge is what the screen said
   * (Stripe's `proration_date`).
   */
  quoteAt: Date;
  /** The end of the paid month as the account knows it (for a gateway that keeps no periods). */
  renewsAt?: string;
}

export interface PlanChangeQuote {
  /** What an upgrade charges now, in cents (0 for a downgrade). */
  dueNow: number;
  renewsAt?: string;
}

export interface PlanChangeOutcome {
  /** False: the charge did not go through, and the subscription is as it was. */
  paid: boolean;
  /** The invoice that charged an upgrade. */
  paymentRef?: string;
  amountPaid: number;
  renewsAt?: string;
  message?: string;
}

export interface PaymentGateway {
  readonly kind: 'stripe' | 'simulated';
  /** What the browser needs to show the card form (Stripe's publishable key), if anything. */
  readonly publishableKey?: string;
  /** Registration: keeps a card on file without charging it; throws GATEWAY_ERROR with the card message. */
  saveCardAtRegistration(
    customer: Customer,
    paymentMethodId: string | undefined,
  ): Promise<{ customerId?: string }>;
  /** Hosted checkout for a plan: the URL the browser goes to. */
  createCheckoutSession(
    customer: Customer,
    planId: PlanId,
    urls: { success: string; cancel: string },
  ): Promise<{ url: string; sessionRef: string }>;
  /** Embedded card form for a plan: a client secret for the browser. */
  createSubscriptionIntent(
    customer: Customer,
    planId: PlanId,
  ): Promise<{ clientSecret: string; ref: string; customerId?: string }>;
  /** After the browser confirmed: whether the plan's first payment went through. */
  completeSubscription(
    customer: Customer,
    planId: PlanId,
    ref: string | undefined,
  ): Promise<{
    paid: boolean;
    paymentRef: string;
    /** What the first invoice paid, in cents. */
    amountPaid: number;
    customerId?: string;
    subscriptionId?: string;
    /** When the month paid for ends. */
    periodEnd?: string;
    message?: string;
  }>;
  /** What changing plan costs now, and when the period ends (the renewal date stays). */
  previewPlanChange(change: PlanChange): Promise<PlanChangeQuote>;
  /**
   * Moves the subscription to the other plan: an upgrade is prorated and charged at once, applied
   * only if paid; a downgrade (or taking one back) changes the price from the next renewal, with
   * no charge and no refund.
   */
  changePlan(change: PlanChange): Promise<PlanChangeOutcome>;
  /**
   * What a reversal event may leave out: the charge's customer, amount and the invoice it paid
   * (current Stripe API versions no longer put the invoice on the charge).
   */
  describeCharge(chargeRef: string): Promise<ChargeDetails>;
  /** The gateway's view of a subscription, for the admin's verify-all. */
  checkSubscription(subscriptionId: string): Promise<SubscriptionCheck>;
  /** Verifies and normalises a webhook; throws BAD_SIGNATURE when it is not authentic. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): GatewayEvent;
}
