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
      planId?: PlanId;
      /** The invoice: the same payment seen through checkout.session.completed and invoice.paid. */
      paymentRef: string;
      firstPayment: boolean;
      periodEnd?: string;
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
    customerId?: string;
    subscriptionId?: string;
    message?: string;
  }>;
  /** The gateway's view of a subscription, for the admin's verify-all. */
  checkSubscription(subscriptionId: string): Promise<SubscriptionCheck>;
  /** Verifies and normalises a webhook; throws BAD_SIGNATURE when it is not authentic. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): GatewayEvent;
}
