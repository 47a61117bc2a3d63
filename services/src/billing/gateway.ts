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
      kind: 'subscription-updated';
      eventId: string;
      userId?: string;
      customerId?: string;
      subscriptionId: string;
      status: string;
      cancelAtPeriodEnd: boolean;
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
    message?: string;
  }>;
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
