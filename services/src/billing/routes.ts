import { accountStream, PLAN_IDS, PLAN_TERMS, type PlanId, subscriptionReturnPath } from '@studio/events';
import {
  checkoutSessionRequest,
  createSubscriptionRequest,
  subscriptionPlanRequest,
} from '@studio/events/requests';
import type Koa from 'koa';
import { koaBody } from 'koa-body';
import { type AppendBudget, DAY_MS, MINUTE_MS, perAccountLimit } from '../account/append-limits';
import { requireUser } from '../account/auth';
import { accountDecider } from '../account/decider';
import { loadAccount } from '../account/identity';
import { DomainError } from '../platform/errors';
import type { RouteModule } from '../platform/http/app';
import { ownOrigin } from '../platform/http/request-guards';
import { parse } from '../platform/http/validation';
import type { Platform } from '../platform/module';
import type { Doc } from '../platform/readstore/port';
import type { Customer, PaymentGateway } from './gateway';
import type { Payments } from './payments';
import { planChangeRoutes } from './plan-change-routes';
import { SIMULATED_CHECKOUTS, type SimulatedCheckout, simulatedPayment } from './simulated';
import { simulatedCheckoutPage } from './simulated-page';
import { refuseSecondSubscription } from './subscriber';

export const WEBHOOK_PATH = '/api/stripe/webhook';

/** Stripe signs the exact bytes it sent: the webhook route keeps the raw body (and caps it). */
export const webhookBody: Koa.Middleware = koaBody({
  includeUnparsed: true,
  jsonLimit: '1mb',
  jsonStrict: true,
  multipart: false,
  urlencoded: false,
  text: false,
});

/** Gateway sessions one account may open per ten minutes: each costs a call to the gateway. */
export const CHECKOUT_SESSIONS_PER_WINDOW = 10;
/**
 * Checkout sessions and subscription intents per account: each calls the gateway and records the
 * checkout on the account; a buyer opens one or two, and a day of thirty is no purchase.
 */
const CHECKOUTS: AppendBudget = {
  name: 'checkout',
  windows: [
    { limit: CHECKOUT_SESSIONS_PER_WINDOW, windowMs: 10 * MINUTE_MS },
    { limit: 30, windowMs: DAY_MS },
  ],
};

/** The embedded card form's pending subscription per user and plan (the spec's client sends only planId). */
const PENDING = 'pending_subscriptions';
interface PendingDoc extends Doc {
  ref: string;
}

export interface BillingRouteDeps extends Pick<Platform, 'commands' | 'clock' | 'readStore'> {
  config: Pick<Platform['config'], 'publicUrl'>;
  gateway: PaymentGateway;
  payments: Payments;
}

export function billingRoutes(deps: BillingRouteDeps): RouteModule {
  const { gateway, payments, commands, clock, readStore, config } = deps;
  /** The paying customer; with `buying`, refused when they already pay for a plan. */
  const customerOf = async (ctx: Koa.Context, buying?: PlanId): Promise<Customer> => {
    const userId = requireUser(ctx);
    const account = await loadAccount(commands, userId);
    if (!account) throw new DomainError('UNAUTHENTICATED', 'Not authenticated');
    if (buying) refuseSecondSubscription(account, buying);
    return {
      userId,
      email: account.email,
      name: account.name,
      ...(account.customerId ? { customerId: account.customerId } : {}),
    };
  };
  // ownOrigin, not ctx.origin: in Koa 3 that is the client's Origin header.
  const origin = (ctx: Koa.Context) => config.publicUrl ?? ownOrigin(ctx);
  const recordCheckout = (ctx: Koa.Context, userId: string, plan: PlanId, sessionRef: string) =>
    commands.handle(
      accountStream(userId),
      accountDecider,
      { type: 'StartCheckout', planId: plan, gateway: gateway.kind, sessionRef },
      {
        at: clock.now().toISOString(),
        correlationId: ctx.state.requestId as string,
        causationId: sessionRef,
        userId,
      },
    );
  const pendingIntent = async (ctx: Koa.Context, plan: PlanId) => {
    const customer = await customerOf(ctx, plan);
    const intent = await gateway.createSubscriptionIntent(customer, plan);
    await readStore
      .collection<PendingDoc>(PENDING)
      .put({ _id: `${customer.userId}:${plan}`, ref: intent.ref });
    await recordCheckout(ctx, customer.userId, plan, intent.ref);
    return { clientSecret: intent.clientSecret, gateway: gateway.kind };
  };

  const limitCheckouts = perAccountLimit(CHECKOUTS, clock);
  const planChanges = planChangeRoutes({ commands, clock, gateway, limitCheckouts });

  return (router) => {
    planChanges(router);

    router.get('/api/payments/config', (ctx) => {
      ctx.body = {
        gateway: gateway.kind,
        ...(gateway.publishableKey ? { publishableKey: gateway.publishableKey } : {}),
        plans: PLAN_IDS.map((id) => PLAN_TERMS[id]),
      };
    });

    router.post('/api/create-checkout-session', ...limitCheckouts, async (ctx) => {
      const body = parse(checkoutSessionRequest, ctx.request.body);
      const customer = await customerOf(ctx, body.planId);
      const base = origin(ctx);
      const session = await gateway.createCheckoutSession(customer, body.planId, {
        success: `${base}${subscriptionReturnPath(body.planId)}`,
        cancel: `${base}/pricing`,
      });
      await recordCheckout(ctx, customer.userId, body.planId, session.sessionRef);
      ctx.body = { url: session.url };
    });

    router.post('/api/create-subscription', ...limitCheckouts, async (ctx) => {
      const body = parse(createSubscriptionRequest, ctx.request.body);
      ctx.body = await pendingIntent(ctx, body.planId);
    });

    router.post('/api/create-subscription-intent', ...limitCheckouts, async (ctx) => {
      const body = parse(subscriptionPlanRequest, ctx.request.body);
      ctx.body = await pendingIntent(ctx, body.planId);
    });

    router.post('/api/complete-subscription', async (ctx) => {
      const body = parse(subscriptionPlanRequest, ctx.request.body);
      const customer = await customerOf(ctx);
      const pending = await readStore
        .collection<PendingDoc>(PENDING)
        .get(`${customer.userId}:${body.planId}`);
      const result = await gateway.completeSubscription(customer, body.planId, pending?.ref);
      if (!result.paid) {
        ctx.status = 402;
        ctx.body = {
          success: false,
          error: 'PAYMENT_INCOMPLETE',
          message: result.message ?? 'There was an error processing your subscription. Please try again.',
        };
        return;
      }
      const outcome = await payments.apply(
        {
          kind: 'subscription-paid',
          eventId: `complete-${result.paymentRef}`,
          userId: customer.userId,
          planId: body.planId,
          amountPaid: result.amountPaid,
          paymentRef: result.paymentRef,
          firstPayment: true,
          ...(result.customerId ? { customerId: result.customerId } : {}),
          ...(result.subscriptionId ? { subscriptionId: result.subscriptionId } : {}),
          ...(result.periodEnd ? { periodEnd: result.periodEnd } : {}),
        },
        clock.now().toISOString(),
      );
      ctx.body = {
        success: true,
        creditsAdded: outcome.creditsAdded,
        newTotalCredits: outcome.state?.credits ?? 0,
        message: outcome.applied ? 'Subscription Successful' : 'This payment was already applied',
      };
    });

    router.post(WEBHOOK_PATH, async (ctx) => {
      const raw = (ctx.request as { rawBody?: unknown }).rawBody;
      if (typeof raw !== 'string') throw new DomainError('VALIDATION', 'Expected a JSON webhook body');
      const event = gateway.parseWebhook(Buffer.from(raw, 'utf8'), ctx.get('Stripe-Signature') || undefined);
      const outcome = await payments.apply(event, clock.now().toISOString());
      ctx.body = { received: true, applied: outcome.applied };
    });

    router.get('/api/simulated-checkout/:ref', async (ctx) => {
      const checkout = await ownCheckout(ctx);
      showCheckoutPage(ctx, checkout);
    });

    router.post('/api/simulated-checkout/:ref/pay', async (ctx) => {
      const checkout = await ownCheckout(ctx);
      const account = await loadAccount(commands, checkout.userId);
      try {
        // A page opened before a purchase (a browser Back) must not sell the plan again.
        if (account && checkout.status !== 'paid') refuseSecondSubscription(account, checkout.planId);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        ctx.status = 409;
        showCheckoutPage(ctx, checkout, error.message);
        return;
      }
      await payments.apply(simulatedPayment(checkout, clock.now()), clock.now().toISOString());
      await readStore
        .collection<SimulatedCheckout>(SIMULATED_CHECKOUTS)
        .update(checkout._id, { set: { status: 'paid' } });
      ctx.redirect(subscriptionReturnPath(checkout.planId));
    });
  };

  async function ownCheckout(ctx: Koa.Context): Promise<SimulatedCheckout> {
    if (gateway.kind !== 'simulated') throw new DomainError('NOT_FOUND', 'Not found');
    const userId = requireUser(ctx);
    const ref = String(ctx.params.ref ?? '');
    const checkout = /^[0-9a-f]{24}$/.test(ref)
      ? await readStore.collection<SimulatedCheckout>(SIMULATED_CHECKOUTS).get(ref)
      : null;
    if (!checkout || checkout.userId !== userId)
      throw new DomainError('NOT_FOUND', 'This test checkout does not exist');
    return checkout;
  }
}

/** The simulated checkout page for this checkout, never cached, with what refused the payment if anything did. */
function showCheckoutPage(ctx: Koa.Context, checkout: SimulatedCheckout, refusal?: string): void {
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.body = simulatedCheckoutPage(
    checkout,
    PLAN_TERMS[checkout.planId],
    String(ctx.state.cspNonce ?? ''),
    refusal,
  );
}
