import { PLAN_IDS, type PlanId, planChangeKind } from '@studio/events';
import Stripe from 'stripe';
import { DomainError } from '../platform/errors';
import type { Customer, PaymentGateway } from './gateway';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  publishableKey?: string;
  prices: Record<PlanId, string>;
  /** For tests: a local server speaking Stripe's API. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

type Obj = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const obj = (v: unknown): Obj => (typeof v === 'object' && v !== null ? (v as Obj) : {});
/** Expandable fields arrive as an id or as the object. */
const idOf = (v: unknown) => str(v) ?? str(obj(v).id);
const isPlanId = (v: unknown): v is PlanId => PLAN_IDS.includes(v as PlanId);

/** Money taken back from a charge: what a refund and a lost dispute both say. */
const reversal = (
  eventId: string,
  cause: 'refund' | 'dispute-lost',
  chargeRef: string | undefined,
  amountReversed: number | undefined,
) =>
  ({
    kind: 'payment-reversed',
    eventId,
    cause,
    chargeRef: chargeRef ?? '',
    amountReversed: amountReversed ?? 0,
  }) as const;

const CARD_FAILED = 'Failed to validate your card. Please try again.';

const isoOf = (seconds: number | undefined) =>
  seconds === undefined ? undefined : new Date(seconds * 1000).toISOString();

/** The end of a subscription's current period: on its item (current API versions) or on itself (older). */
function periodEndOf(subscription: Obj): string | undefined {
  const item = obj((obj(subscription.items).data as unknown[] | undefined)?.[0]);
  return isoOf(num(item.current_period_end) ?? num(subscription.current_period_end));
}

/** An invoice line that is a proration (current API versions say so on its parent, older on itself). */
const isProration = (line: Obj) =>
  obj(obj(line.parent).subscription_item_details).proration === true || line.proration === true;

/** The price an invoice line bills. */
const priceOfLine = (line: Obj) =>
  str(obj(obj(line.pricing).price_details).price) ?? idOf(obj(line.price).id ?? line.price);

/** Seconds a webhook's signed timestamp may differ from our clock, either way (Stripe's default). */
const WEBHOOK_TOLERANCE_S = 300;

/**
 * The signed timestamp (`t=`) of a Stripe-Signature header. stripe-node refuses only old ones;
 * one from the future beyond the tolerance is a forged or replay-prepared body as well.
 */
function signedInTheFuture(signature: string, nowMs: number): boolean {
  const t = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1]);
  return !Number.isFinite(t) || t * 1000 > nowMs + WEBHOOK_TOLERANCE_S * 1000;
}

/** Stripe: Checkout, subscriptions with the embedded form, SetupIntents, signed webhooks. */
export function createStripeGateway(options: StripeOptions): PaymentGateway {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    ...(options.api
      ? { host: options.api.host, port: options.api.port, protocol: options.api.protocol }
      : {}),
  });
  const planOfPrice = (priceId: string | undefined) => PLAN_IDS.find((id) => options.prices[id] === priceId);

  const gatewayError = (error: unknown, fallback: string): never => {
    if (error instanceof Stripe.errors.StripeCardError) throw new DomainError('CARD_DECLINED', error.message);
    if (error instanceof DomainError) throw error;
    throw new DomainError('GATEWAY_ERROR', fallback);
  };

  async function ensureCustomer(customer: Customer): Promise<string> {
    if (customer.customerId) return customer.customerId;
    const created = await stripe.customers.create(
      { email: customer.email, name: customer.name, metadata: { userId: customer.userId } },
      { idempotencyKey: `customer-${customer.userId}` },
    );
    return created.id;
  }

  const userOf = (o: Obj) => str(obj(o.metadata).userId);

  /** The subscription and its one item (a plan is one price), whose price a change replaces. */
  async function subscriptionItem(subscriptionId: string): Promise<{ subscription: Obj; itemId: string }> {
    const subscription = obj(await stripe.subscriptions.retrieve(subscriptionId));
    const itemId = str(obj((obj(subscription.items).data as unknown[] | undefined)?.[0]).id);
    if (!itemId) throw new DomainError('GATEWAY_ERROR', 'This subscription has no plan to change');
    return { subscription, itemId };
  }

  return {
    kind: 'stripe',
    ...(options.publishableKey ? { publishableKey: options.publishableKey } : {}),

    async saveCardAtRegistration(customer, paymentMethodId) {
      if (!paymentMethodId) throw new DomainError('VALIDATION', 'Please add a card to create your account.');
      try {
        const customerId = await ensureCustomer(customer);
        const intent = await stripe.setupIntents.create(
          {
            customer: customerId,
            payment_method: paymentMethodId,
            confirm: true,
            usage: 'off_session',
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            metadata: { userId: customer.userId },
          },
          { idempotencyKey: `setup-${customer.userId}-${paymentMethodId}` },
        );
        if (intent.status !== 'succeeded') throw new DomainError('CARD_DECLINED', CARD_FAILED);
        return { customerId };
      } catch (error) {
        return gatewayError(error, CARD_FAILED);
      }
    },

    async createCheckoutSession(customer, planId, urls) {
      try {
        const customerId = await ensureCustomer(customer);
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            customer: customerId,
            client_reference_id: customer.userId,
            line_items: [{ price: options.prices[planId], quantity: 1 }],
            success_url: urls.success,
            cancel_url: urls.cancel,
            metadata: { userId: customer.userId, planId },
            subscription_data: { metadata: { userId: customer.userId, planId } },
          },
          { idempotencyKey: `checkout-${customer.userId}-${planId}-${Math.floor(Date.now() / 60_000)}` },
        );
        if (!session.url) throw new DomainError('GATEWAY_ERROR', 'No checkout URL was returned');
        return { url: session.url, sessionRef: session.id };
      } catch (error) {
        return gatewayError(error, 'Could not start the checkout');
      }
    },

    async createSubscriptionIntent(customer, planId) {
      try {
        const customerId = await ensureCustomer(customer);
        const subscription = await stripe.subscriptions.create(
          {
            customer: customerId,
            items: [{ price: options.prices[planId] }],
            payment_behavior: 'default_incomplete',
            payment_settings: { save_default_payment_method: 'on_subscription' },
            expand: ['latest_invoice.confirmation_secret'],
            metadata: { userId: customer.userId, planId },
          },
          { idempotencyKey: `subscription-${customer.userId}-${planId}-${Math.floor(Date.now() / 60_000)}` },
        );
        const secret = str(obj(obj(subscription.latest_invoice).confirmation_secret).client_secret);
        if (!secret) throw new DomainError('GATEWAY_ERROR', 'No client secret received');
        return { clientSecret: secret, ref: subscription.id, customerId };
      } catch (error) {
        return gatewayError(error, 'Failed to set up subscription');
      }
    },

    async completeSubscription(customer, planId, ref) {
      if (!ref) throw new DomainError('VALIDATION', 'No subscription to complete. Please start again.');
      try {
        const subscription = await stripe.subscriptions.retrieve(ref, { expand: ['latest_invoice'] });
        const meta = obj(subscription.metadata);
        if (meta.userId !== customer.userId || meta.planId !== planId) {
          throw new DomainError('FORBIDDEN', 'This subscription belongs to another account or plan');
        }
        const invoice = obj(subscription.latest_invoice);
        const paid = ['active', 'trialing'].includes(subscription.status) && invoice.status === 'paid';
        const periodEnd = periodEndOf(obj(subscription));
        return {
          paid,
          paymentRef: idOf(subscription.latest_invoice) ?? subscription.id,
          amountPaid: num(invoice.amount_paid) ?? 0,
          customerId: idOf(subscription.customer) ?? '',
          subscriptionId: subscription.id,
          ...(periodEnd ? { periodEnd } : {}),
          ...(paid ? {} : { message: 'The payment has not gone through yet' }),
        };
      } catch (error) {
        return gatewayError(error, 'There was an error processing your subscription. Please try again.');
      }
    },

    async previewPlanChange(change) {
      try {
        const { subscription, itemId } = await subscriptionItem(change.subscriptionId);
        const renewsAt = periodEndOf(subscription);
        const at = renewsAt ? { renewsAt } : {};
        if (planChangeKind(change.from, change.to) !== 'upgrade') return { dueNow: 0, ...at };
        const preview = obj(
          await stripe.invoices.createPreview({
            customer: idOf(subscription.customer) ?? '',
            subscription: change.subscriptionId,
            subscription_details: {
              items: [{ id: itemId, price: options.prices[change.to] }],
              proration_behavior: 'always_invoice',
              proration_date: Math.floor(change.quoteAt.getTime() / 1000),
            },
          }),
        );
        // Stripe's advice: only the proration lines are what the change itself costs.
        const lines = ((obj(preview.lines).data as unknown[] | undefined) ?? []).map(obj);
        const dueNow = lines.filter(isProration).reduce((sum, line) => sum + (num(line.amount) ?? 0), 0);
        return { dueNow: Math.max(0, dueNow), ...at };
      } catch (error) {
        return gatewayError(error, 'Could not price the plan change. Please try again.');
      }
    },

    async changePlan(change) {
      try {
        const { itemId } = await subscriptionItem(change.subscriptionId);
        const upgrade = planChangeKind(change.from, change.to) === 'upgrade';
        const prorationDate = Math.floor(change.quoteAt.getTime() / 1000);
        const updated = obj(
          await stripe.subscriptions.update(
            change.subscriptionId,
            {
              items: [{ id: itemId, price: options.prices[change.to] }],
              // An upgrade is invoiced and charged now, as previewed, and applied only if that
              // payment succeeds (otherwise Stripe answers 402 and changes nothing). A downgrade
              // bills the new price from the next renewal: no proration, no refund.
              ...(upgrade
                ? {
                    proration_behavior: 'always_invoice' as const,
                    proration_date: prorationDate,
                    payment_behavior: 'error_if_incomplete' as const,
                    expand: ['latest_invoice'],
                  }
                : { proration_behavior: 'none' as const }),
            },
            { idempotencyKey: `plan-change-${change.customer.userId}-${change.to}-${prorationDate}` },
          ),
        );
        const renewsAt = periodEndOf(updated);
        const at = renewsAt ? { renewsAt } : {};
        if (!upgrade) return { paid: true, amountPaid: 0, ...at };
        const invoice = obj(updated.latest_invoice);
        const paymentRef = idOf(updated.latest_invoice);
        if (invoice.status !== 'paid' || !paymentRef || updated.pending_update) {
          return { paid: false, amountPaid: 0, ...at };
        }
        return { paid: true, paymentRef, amountPaid: num(invoice.amount_paid) ?? 0, ...at };
      } catch (error) {
        return gatewayError(error, 'Could not change the plan. Please try again.');
      }
    },

    async describeCharge(chargeRef) {
      const charge = obj(await stripe.charges.retrieve(chargeRef));
      const customerId = idOf(charge.customer);
      const amountCharged = num(charge.amount);
      // Older API versions name the invoice on the charge; newer ones through invoice payments.
      let paymentRef = idOf(charge.invoice);
      const intent = idOf(charge.payment_intent);
      if (!paymentRef && intent) {
        const payments = await stripe.invoicePayments.list({
          payment: { type: 'payment_intent', payment_intent: intent },
          limit: 1,
        });
        paymentRef = idOf(payments.data[0]?.invoice);
      }
      return {
        ...(customerId ? { customerId } : {}),
        ...(amountCharged !== undefined ? { amountCharged } : {}),
        ...(paymentRef ? { paymentRef } : {}),
      };
    },

    async checkSubscription(subscriptionId) {
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      const price = subscription.items.data[0]?.price.id;
      const planId = planOfPrice(price);
      return { subscriptionId, status: subscription.status, ...(planId ? { planId } : {}) };
    },

    parseWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature ?? '',
          options.webhookSecret,
          WEBHOOK_TOLERANCE_S,
        );
        if (signedInTheFuture(signature ?? '', Date.now())) throw new Error('signed in the future');
      } catch {
        throw new DomainError('BAD_SIGNATURE', 'Webhook signature verification failed');
      }
      const o = obj(event.data.object);
      const eventId = event.id;
      switch (event.type) {
        case 'checkout.session.completed': {
          if (o.mode !== 'subscription' || o.payment_status !== 'paid')
            return { kind: 'ignored', eventId, type: event.type };
          // Our sessions carry the plan whose price they bill; a session without one (made in
          // Stripe's dashboard, a payment link) is left to its invoice, which names the price.
          const planId = obj(o.metadata).planId;
          if (!isPlanId(planId)) return { kind: 'ignored', eventId, type: event.type };
          // The payment is its first invoice: keyed by it, the session and that invoice's own
          // `invoice.paid` grant once. A session that names none is left to `invoice.paid` too:
          // keyed by the session instead, the pair would grant the plan twice.
          const invoice = idOf(o.invoice);
          if (!invoice) return { kind: 'ignored', eventId, type: event.type };
          const subscriptionId = idOf(o.subscription);
          const customerId = idOf(o.customer);
          const userId = str(o.client_reference_id) ?? userOf(o);
          return {
            kind: 'subscription-paid',
            eventId,
            paymentRef: invoice,
            firstPayment: true,
            planId,
            amountPaid: num(o.amount_total) ?? 0,
            ...(userId ? { userId } : {}),
            ...(customerId ? { customerId } : {}),
            ...(subscriptionId ? { subscriptionId } : {}),
          };
        }
        case 'invoice.paid':
        case 'invoice.payment_failed': {
          // API versions differ on where the subscription hangs: the invoice's parent, or the invoice itself.
          const details = obj(obj(o.parent).subscription_details);
          const legacy = obj(o.subscription_details);
          const subscriptionId = idOf(details.subscription) ?? idOf(o.subscription);
          const meta = { ...obj(legacy.metadata), ...obj(details.metadata) };
          const userId = str(meta.userId);
          const customerId = idOf(o.customer);
          const lines = ((obj(o.lines).data as unknown[] | undefined) ?? []).map(obj);
          const line = lines[0] ?? {};
          const price = priceOfLine(line);
          // The price billed decides the plan, never the metadata: a subscription moved to another
          // price keeps its first metadata. A price that is none of ours grants nothing.
          const planId = planOfPrice(price);
          const common = {
            eventId,
            paymentRef: str(o.id) ?? eventId,
            ...(userId ? { userId } : {}),
            ...(customerId ? { customerId } : {}),
            ...(subscriptionId ? { subscriptionId } : {}),
          };
          if (event.type === 'invoice.payment_failed') {
            const reason = str(obj(o.last_finalization_error).message) ?? 'The payment was declined';
            return { kind: 'payment-failed', ...common, reason };
          }
          const periodEnd =
            typeof line.period === 'object' ? (obj(line.period).end as number | undefined) : undefined;
          if (o.billing_reason === 'subscription_update') {
            // A plan changed now: its charge for the rest of the period is the positive proration
            // line, whose price is the plan moved to (the negative one credits the plan left).
            const charge = lines.find((l) => isProration(l) && (num(l.amount) ?? 0) > 0);
            const movedTo = planOfPrice(charge ? priceOfLine(charge) : undefined);
            const end = charge && typeof charge.period === 'object' ? num(obj(charge.period).end) : undefined;
            if (movedTo) {
              return {
                kind: 'plan-change-paid',
                ...common,
                planId: movedTo,
                amountPaid: num(o.amount_paid) ?? 0,
                ...(end ? { periodEnd: new Date(end * 1000).toISOString() } : {}),
              };
            }
          }
          return {
            kind: 'subscription-paid',
            ...common,
            firstPayment: o.billing_reason === 'subscription_create',
            amountPaid: num(o.amount_paid) ?? 0,
            ...(planId ? { planId } : {}),
            ...(price ? { priceId: price } : {}),
            ...(periodEnd ? { periodEnd: new Date(periodEnd * 1000).toISOString() } : {}),
          };
        }
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted': {
          const subscriptionId = str(o.id) ?? '';
          const userId = userOf(o);
          const customerId = idOf(o.customer);
          const who = { ...(userId ? { userId } : {}), ...(customerId ? { customerId } : {}) };
          if (event.type === 'customer.subscription.deleted') {
            return { kind: 'subscription-deleted', eventId, subscriptionId, ...who };
          }
          // Only an update that moved the price names a plan: other updates (a period rolling
          // over, a card changed) must not be read as a plan change.
          const previous = obj(obj(event.data).previous_attributes);
          const item = obj((obj(o.items).data as unknown[] | undefined)?.[0]);
          const movedTo = 'items' in previous ? planOfPrice(idOf(item.price)) : undefined;
          const periodEnd = periodEndOf(o);
          return {
            kind: 'subscription-updated',
            eventId,
            subscriptionId,
            status: str(o.status) ?? 'unknown',
            cancelAtPeriodEnd: o.cancel_at_period_end === true,
            ...who,
            ...(movedTo ? { planId: movedTo } : {}),
            ...(movedTo && periodEnd ? { periodEnd } : {}),
          };
        }
        case 'charge.refunded': {
          const customerId = idOf(o.customer);
          const paymentRef = idOf(o.invoice);
          const amountCharged = num(o.amount);
          return {
            ...reversal(eventId, 'refund', str(o.id), num(o.amount_refunded)),
            ...(amountCharged !== undefined ? { amountCharged } : {}),
            ...(customerId ? { customerId } : {}),
            ...(paymentRef ? { paymentRef } : {}),
          };
        }
        case 'charge.dispute.closed': {
          // An open dispute may still be won: only a lost one takes the money back for good.
          if (o.status !== 'lost') return { kind: 'ignored', eventId, type: event.type };
          return reversal(eventId, 'dispute-lost', idOf(o.charge), num(o.amount));
        }
        default:
          return { kind: 'ignored', eventId, type: event.type };
      }
    },
  };
}
