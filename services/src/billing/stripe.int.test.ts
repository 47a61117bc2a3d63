import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { postStripeWebhook, STRIPE_TEST_PRICES, signed, stripeEnv, stripeEvent } from '../testing/stripe';
import { useEmbeddedServer } from '../testing/test-runtime';
import { createStripeGateway } from './stripe';

/**
 * The Stripe gateway over real HTTP through the real `stripe` SDK, against a local server that
 * speaks Stripe's API shapes (form-encoded requests, JSON objects and errors).
 */
interface Call {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | undefined;
}
const calls: Call[] = [];
let declineCards = false;
/** When set, Stripe reports sub_test_1 as made for this user instead of the one who created it. */
let ownerOverride: string | undefined;
/** Subscriptions the gateway-level tests place on the fake Stripe, by id. */
const storedSubscriptions = new Map<string, object>();
/** Replies the gateway-level tests set for one request line ("POST /v1/customers"), before the defaults. */
const replies = new Map<string, [status: number, body: object]>();
let stripeApi: Server;
let port = 0;

const read = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
};

beforeAll(async () => {
  stripeApi = createServer(async (req, res) => {
    const form = new URLSearchParams(await read(req));
    const path = (req.url ?? '').split('?')[0] ?? '';
    calls.push({
      method: req.method ?? '',
      path,
      form,
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
    });
    res.setHeader('Content-Type', 'application/json');
    const send = (status: number, body: object) => {
      res.statusCode = status;
      res.end(JSON.stringify(body));
    };
    const reply = replies.get(`${req.method} ${path}`);
    if (reply) return send(...reply);
    if (path === '/v1/customers')
      return send(200, { id: 'cus_test_1', object: 'customer', email: form.get('email') });
    if (path === '/v1/setup_intents') {
      if (declineCards) {
        return send(402, {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          },
        });
      }
      return send(200, {
        id: 'seti_1',
        object: 'setup_intent',
        status: 'succeeded',
        customer: form.get('customer'),
      });
    }
    if (path === '/v1/checkout/sessions') {
      return send(200, {
        id: 'cs_test_1',
        object: 'checkout.session',
        url: 'https://checkout.example.test/c/cs_test_1',
      });
    }
    if (path === '/v1/subscriptions' && req.method === 'POST') {
      return send(200, {
        id: 'sub_test_1',
        object: 'subscription',
        status: 'incomplete',
        customer: form.get('customer'),
        metadata: { userId: form.get('metadata[userId]'), planId: form.get('metadata[planId]') },
        latest_invoice: {
          id: 'in_test_1',
          object: 'invoice',
          status: 'open',
          confirmation_secret: { client_secret: 'pi_1_secret_2', type: 'payment_intent' },
        },
      });
    }
    if (path === '/v1/subscriptions/sub_test_1') {
      return send(200, {
        id: 'sub_test_1',
        object: 'subscription',
        status: 'active',
        customer: 'cus_test_1',
        metadata: calls.find((c) => c.path === '/v1/subscriptions')
          ? {
              userId:
                ownerOverride ??
                calls.find((c) => c.path === '/v1/subscriptions')!.form.get('metadata[userId]'),
              planId: calls.find((c) => c.path === '/v1/subscriptions')!.form.get('metadata[planId]'),
            }
          : {},
        items: { object: 'list', data: [{ id: 'si_1', price: { id: 'price_standard' } }] },
        latest_invoice: { id: 'in_test_1', object: 'invoice', status: 'paid', amount_paid: 4999 },
      });
    }
    const stored = storedSubscriptions.get(path.replace('/v1/subscriptions/', ''));
    if (req.method === 'GET' && path.startsWith('/v1/subscriptions/') && stored) return send(200, stored);
    send(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` },
    });
  });
  stripeApi.listen(0, '127.0.0.1');
  await once(stripeApi, 'listening');
  port = (stripeApi.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => stripeApi.close(() => resolve())));

/** The gateway with the suites' test prices, its API at `apiPort` (the local Stripe-shaped server). */
const gatewayAt = (apiPort: number, keys: { webhookSecret?: string; publishableKey?: string } = {}) =>
  createStripeGateway({
    secretKey: 'sk_test_local',
    webhookSecret: keys.webhookSecret ?? 'whsec_local',
    ...(keys.publishableKey ? { publishableKey: keys.publishableKey } : {}),
    prices: STRIPE_TEST_PRICES,
    api: { host: '127.0.0.1', port: apiPort, protocol: 'http' },
  });

describe('Stripe gateway through the app', () => {
  const env = {
    ...stripeEnv({ secretKey: 'sk_test_local', webhookSecret: 'whsec_local' }),
    STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
  };
  // The gateway points at the local Stripe-shaped server, whose port is known once it listens.
  const server = useEmbeddedServer(env, () => ({
    gateway: gatewayAt(port, { publishableKey: env.STRIPE_PUBLISHABLE_KEY }),
  }));
  beforeEach(() => {
    calls.length = 0;
    declineCards = false;
    ownerOverride = undefined;
  });

  it('registration needs a card, keeps it with a SetupIntent (not a charge) and remembers the customer', async () => {
    expect((await request(server().url).get('/api/payments/config')).body).toMatchObject({
      gateway: 'stripe',
      publishableKey: 'pk_test_local',
    });
    const noCard = await request(server().url)
      .post('/api/register')
      .send({ name: 'Ann', email: 'ann@example.com', password: 'secret12' });
    expect(noCard.status).toBe(400);

    const agent = request.agent(server().url);
    const res = await agent
      .post('/api/register')
      .send({ name: 'Ann', email: 'ann@example.com', password: 'secret12', paymentMethodId: 'pm_card_visa' });
    expect(res.status).toBe(201);
    expect(res.body.stripeCustomerId).toBe('cus_test_1');
    const setup = calls.find((c) => c.path === '/v1/setup_intents')!;
    expect(setup.form.get('payment_method')).toBe('pm_card_visa');
    expect(setup.form.get('confirm')).toBe('true');
    expect(setup.form.get('usage')).toBe('off_session');
    expect(setup.idempotencyKey).toMatch(/^setup-rec/);
    expect(
      calls.some((c) => c.path.startsWith('/v1/payment_intents') || c.path.startsWith('/v1/charges')),
    ).toBe(false);
  });

  it("a declined card shows the provider's message and creates no account", async () => {
    declineCards = true;
    const res = await request(server().url).post('/api/register').send({
      name: 'Ben',
      email: 'ben@example.com',
      password: 'secret12',
      paymentMethodId: 'pm_card_chargeDeclined',
    });
    expect(res.status).toBe(402);
    expect(res.body.message).toBe('Your card was declined.');
    declineCards = false;
    const retry = await request(server().url)
      .post('/api/register')
      .send({ name: 'Ben', email: 'ben@example.com', password: 'secret12', paymentMethodId: 'pm_card_visa' });
    expect(retry.status).toBe(201);
  });

  it('hosted checkout uses the configured price, the user as reference and an idempotency key', async () => {
    const agent = request.agent(server().url);
    await agent.post('/api/login').send({ email: 'ann@example.com', password: 'secret12' });
    const res = await agent
      .post('/api/create-checkout-session')
      .send({ planId: 'premium', priceId: 'price_from_client_ignored' });
    expect(res.body).toEqual({ url: 'https://checkout.example.test/c/cs_test_1' });
    const call = calls.find((c) => c.path === '/v1/checkout/sessions')!;
    expect(call.form.get('mode')).toBe('subscription');
    expect(call.form.get('line_items[0][price]')).toBe('price_premium');
    expect(call.form.get('customer')).toBe('cus_test_1');
    expect(call.form.get('subscription_data[metadata][planId]')).toBe('premium');
    expect(call.idempotencyKey).toMatch(/^checkout-rec/);
  });

  it('refuses to complete a subscription that Stripe says belongs to another user, and grants nothing', async () => {
    const agent = request.agent(server().url);
    await agent.post('/api/login').send({ email: 'ben@example.com', password: 'secret12' });
    await agent.post('/api/create-subscription-intent').send({ planId: 'standard' });
    ownerOverride = 'recSomeoneElse0000';
    const done = await agent.post('/api/complete-subscription').send({ planId: 'standard' });
    expect(done.status).toBe(403);
    expect(done.body).toEqual({
      message: 'This subscription belongs to another account or plan',
      error: 'FORBIDDEN',
    });
    expect((await agent.get('/api/user')).body).toMatchObject({ credits: 0, subscriptionTier: 'Demo' });
  });

  it('embedded form: subscription intent, then completion checks Stripe before granting', async () => {
    const agent = request.agent(server().url);
    await agent.post('/api/login').send({ email: 'ann@example.com', password: 'secret12' });
    const intent = await agent.post('/api/create-subscription-intent').send({ planId: 'standard' });
    expect(intent.body).toEqual({ clientSecret: 'pi_1_secret_2', gateway: 'stripe' });
    const done = await agent.post('/api/complete-subscription').send({ planId: 'standard' });
    expect(done.body).toEqual({
      success: true,
      creditsAdded: 150,
      newTotalCredits: 150,
      message: 'Subscription Successful',
    });
    expect(calls.some((c) => c.path === '/v1/subscriptions/sub_test_1')).toBe(true);
    expect((await agent.get('/api/user')).body).toMatchObject({
      subscriptionTier: 'Standard',
      stripeSubscriptionId: 'sub_test_1',
    });
  });
});

describe('Stripe gateway: completing a subscription', () => {
  const gateway = () => gatewayAt(port);
  const caller = { userId: 'recCaller000000000', email: 'caller@example.com', name: 'Caller' };
  const subscription = (
    id: string,
    metadata: Record<string, string>,
    status = 'active',
    invoice = 'paid',
  ) => {
    storedSubscriptions.set(id, {
      id,
      object: 'subscription',
      status,
      customer: 'cus_caller',
      metadata,
      items: { object: 'list', data: [{ id: 'si_1', price: { id: 'price_standard' } }] },
      latest_invoice: { id: `in_${id}`, object: 'invoice', status: invoice, amount_paid: 4999 },
    });
  };

  it('refuses a subscription whose metadata names another user', async () => {
    subscription('sub_foreign', { userId: 'recSomeoneElse0000', planId: 'standard' });
    await expect(gateway().completeSubscription(caller, 'standard', 'sub_foreign')).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'This subscription belongs to another account or plan',
    });
  });

  it('refuses a subscription made for another plan than the one being completed', async () => {
    subscription('sub_basic', { userId: caller.userId, planId: 'basic' });
    await expect(gateway().completeSubscription(caller, 'premium', 'sub_basic')).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it("completes the caller's own subscription with its invoice as the payment reference", async () => {
    subscription('sub_mine', { userId: caller.userId, planId: 'standard' });
    expect(await gateway().completeSubscription(caller, 'standard', 'sub_mine')).toEqual({
      paid: true,
      paymentRef: 'in_sub_mine',
      amountPaid: 4999,
      customerId: 'cus_caller',
      subscriptionId: 'sub_mine',
    });
  });

  it('reports a subscription whose invoice is still open as not paid', async () => {
    subscription('sub_open', { userId: caller.userId, planId: 'standard' }, 'incomplete', 'open');
    expect(await gateway().completeSubscription(caller, 'standard', 'sub_open')).toMatchObject({
      paid: false,
      message: 'The payment has not gone through yet',
    });
  });

  it('asks to start again when there is no subscription to complete', async () => {
    await expect(gateway().completeSubscription(caller, 'standard', undefined)).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'No subscription to complete. Please start again.',
    });
  });
});

/**
 * Webhooks as Stripe sends them (signed with the SDK's own test-header helper), normalised into
 * the gateway events the payments service applies.
 */
describe('Stripe gateway: webhooks', () => {
  const secret = 'whsec_unit';
  const gateway = gatewayAt(9, { webhookSecret: secret });
  const parse = (
    type: string,
    object: Record<string, unknown>,
    id = 'evt_1',
    previousAttributes?: Record<string, unknown>,
  ) => {
    const { payload, header } = signed(
      stripeEvent(type, object, {
        id,
        created: 1_790_000_000,
        ...(previousAttributes ? { previousAttributes } : {}),
      }),
      secret,
    );
    return gateway.parseWebhook(Buffer.from(payload), header);
  };
  const invoice = (extra: Record<string, unknown> = {}) => ({
    id: 'in_1',
    object: 'invoice',
    status: 'paid',
    amount_paid: 4999,
    billing_reason: 'subscription_cycle',
    customer: 'cus_1',
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: 'sub_1', metadata: { userId: 'recA', planId: 'standard' } },
    },
    lines: {
      object: 'list',
      data: [
        {
          id: 'il_1',
          object: 'line_item',
          period: { start: 1_790_000_000, end: 1_792_592_000 },
          pricing: { type: 'price_details', price_details: { price: 'price_standard', product: 'prod_1' } },
        },
      ],
    },
    ...extra,
  });

  /** What the gateway makes of the `invoice()` given paid: its payment, with what `fields` name. */
  const invoicePaid = (fields: Record<string, unknown>) => ({
    kind: 'subscription-paid',
    eventId: 'evt_1',
    paymentRef: 'in_1',
    amountPaid: 4999,
    ...fields,
  });

  /** A completed subscription checkout, paid unless `extra` says otherwise. */
  const checkout = (extra: Record<string, unknown>) => ({
    object: 'checkout.session',
    mode: 'subscription',
    payment_status: 'paid',
    ...extra,
  });

  /** What the gateway makes of a checkout.session.completed it leaves alone. */
  const ignoredCheckout = { kind: 'ignored', eventId: 'evt_1', type: 'checkout.session.completed' };

  it('refuses a body not signed with the webhook secret, or without a signature', () => {
    const { payload, header: forged } = signed(
      { id: 'evt_1', object: 'event', type: 'invoice.paid', data: { object: {} } },
      'whsec_other',
    );
    for (const signature of [forged, undefined]) {
      expect(() => gateway.parseWebhook(Buffer.from(payload), signature)).toThrow(
        expect.objectContaining({ code: 'BAD_SIGNATURE', message: 'Webhook signature verification failed' }),
      );
    }
  });

  it('a paid subscription checkout is the first payment of its plan, for the user it names', () => {
    expect(
      parse(
        'checkout.session.completed',
        checkout({
          id: 'cs_1',
          amount_total: 9999,
          client_reference_id: 'recA',
          customer: 'cus_1',
          subscription: { id: 'sub_1', object: 'subscription' },
          invoice: 'in_1',
          metadata: { userId: 'recA', planId: 'premium' },
        }),
      ),
    ).toStrictEqual({
      kind: 'subscription-paid',
      eventId: 'evt_1',
      paymentRef: 'in_1',
      firstPayment: true,
      userId: 'recA',
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      planId: 'premium',
      amountPaid: 9999,
    });
  });

  it('a checkout that names no invoice, or no plan of ours, is left to its invoice', () => {
    const session = checkout({
      id: 'cs_2',
      amount_total: 2999,
      client_reference_id: null,
      customer: null,
      subscription: null,
      invoice: null,
      metadata: { userId: 'recB', planId: 'basic' },
    });
    expect(parse('checkout.session.completed', session)).toStrictEqual(ignoredCheckout);
    const invoiced = { ...session, invoice: 'in_2' };
    expect(parse('checkout.session.completed', invoiced)).toStrictEqual({
      kind: 'subscription-paid',
      eventId: 'evt_1',
      paymentRef: 'in_2',
      firstPayment: true,
      userId: 'recB',
      planId: 'basic',
      amountPaid: 2999,
    });
    expect(
      parse('checkout.session.completed', { ...invoiced, metadata: { userId: 'recB', planId: 'gold' } }),
    ).toStrictEqual(ignoredCheckout);
  });

  it('ignores a checkout that is not a paid subscription', () => {
    const session = checkout({ id: 'cs_3', payment_status: 'unpaid' });
    expect(parse('checkout.session.completed', session)).toStrictEqual(ignoredCheckout);
    expect(
      parse('checkout.session.completed', { ...session, mode: 'payment', payment_status: 'paid' }),
    ).toStrictEqual(ignoredCheckout);
  });

  it('a paid renewal invoice renews the plan of its subscription until the end of its period', () => {
    expect(parse('invoice.paid', invoice())).toStrictEqual(
      invoicePaid({
        userId: 'recA',
        customerId: 'cus_1',
        subscriptionId: 'sub_1',
        firstPayment: false,
        planId: 'standard',
        priceId: 'price_standard',
        periodEnd: new Date(1_792_592_000 * 1000).toISOString(),
      }),
    );
  });

  it("the price billed names the plan, not the subscription's metadata", () => {
    const moved = invoice({
      lines: {
        object: 'list',
        data: [{ id: 'il_1', pricing: { price_details: { price: 'price_basic' } } }],
      },
    });
    expect(parse('invoice.paid', moved)).toMatchObject({ planId: 'basic', priceId: 'price_basic' });
  });

  it("the invoice of a new subscription is its first payment; without a plan in the metadata the line's price names it", () => {
    const event = parse(
      'invoice.paid',
      invoice({
        billing_reason: 'subscription_create',
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: 'sub_1', metadata: { userId: 'recA' } },
        },
        lines: {
          object: 'list',
          data: [{ id: 'il_1', object: 'line_item', pricing: { price_details: { price: 'price_premium' } } }],
        },
      }),
    );
    expect(event).toStrictEqual(
      invoicePaid({
        userId: 'recA',
        customerId: 'cus_1',
        subscriptionId: 'sub_1',
        firstPayment: true,
        planId: 'premium',
        priceId: 'price_premium',
      }),
    );
  });

  it('reads an invoice of an older API version: the subscription and its metadata on the invoice, the price on the line', () => {
    const { parent: _parent, ...rest } = invoice({
      subscription: 'sub_old',
      subscription_details: { metadata: { userId: 'recOld' } },
      customer: { id: 'cus_old', object: 'customer' },
      lines: {
        object: 'list',
        data: [{ id: 'il_1', object: 'line_item', price: { id: 'price_basic', object: 'price' } }],
      },
    });
    expect(parse('invoice.paid', rest)).toStrictEqual(
      invoicePaid({
        userId: 'recOld',
        customerId: 'cus_old',
        subscriptionId: 'sub_old',
        firstPayment: false,
        planId: 'basic',
        priceId: 'price_basic',
      }),
    );
  });

  it('an invoice of an unknown price names no plan', () => {
    const event = parse(
      'invoice.paid',
      invoice({
        parent: { subscription_details: { subscription: 'sub_1', metadata: {} } },
        lines: {
          object: 'list',
          data: [{ id: 'il_1', pricing: { price_details: { price: 'price_other' } } }],
        },
      }),
    );
    expect(event).toStrictEqual(
      invoicePaid({
        customerId: 'cus_1',
        subscriptionId: 'sub_1',
        firstPayment: false,
        priceId: 'price_other',
      }),
    );
  });

  it("a failed invoice payment carries Stripe's reason, or says the payment was declined", () => {
    expect(
      parse(
        'invoice.payment_failed',
        invoice({ status: 'open', last_finalization_error: { message: 'Your card has expired.' } }),
      ),
    ).toStrictEqual({
      kind: 'payment-failed',
      eventId: 'evt_1',
      paymentRef: 'in_1',
      userId: 'recA',
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      reason: 'Your card has expired.',
    });
    expect(parse('invoice.payment_failed', invoice({ status: 'open' }))).toMatchObject({
      kind: 'payment-failed',
      reason: 'The payment was declined',
    });
  });

  it('a subscription update carries its status and whether it ends at the period end', () => {
    const subscription = {
      id: 'sub_1',
      object: 'subscription',
      customer: 'cus_1',
      metadata: { userId: 'recA', planId: 'basic' },
      status: 'past_due',
      cancel_at_period_end: true,
    };
    expect(parse('customer.subscription.updated', subscription)).toStrictEqual({
      kind: 'subscription-updated',
      eventId: 'evt_1',
      subscriptionId: 'sub_1',
      status: 'past_due',
      cancelAtPeriodEnd: true,
      userId: 'recA',
      customerId: 'cus_1',
    });
    expect(
      parse('customer.subscription.updated', {
        id: 'sub_1',
        object: 'subscription',
        cancel_at_period_end: 'yes',
      }),
    ).toStrictEqual({
      kind: 'subscription-updated',
      eventId: 'evt_1',
      subscriptionId: 'sub_1',
      status: 'unknown',
      cancelAtPeriodEnd: false,
    });
  });

  it('a deleted subscription names its account', () => {
    expect(
      parse('customer.subscription.deleted', {
        id: 'sub_1',
        object: 'subscription',
        customer: 'cus_1',
        metadata: { userId: 'recA' },
        status: 'canceled',
      }),
    ).toStrictEqual({
      kind: 'subscription-deleted',
      eventId: 'evt_1',
      subscriptionId: 'sub_1',
      userId: 'recA',
      customerId: 'cus_1',
    });
  });

  it("an upgrade's invoice is a plan change paid, for the plan of its positive proration line", () => {
    const prorationLine = (amount: number, price: string) => ({
      id: `il_${price}`,
      object: 'line_item',
      amount,
      parent: {
        type: 'subscription_item_details',
        subscription_item_details: { subscription: 'sub_1', subscription_item: 'si_1', proration: true },
      },
      period: { start: 1_790_000_000, end: 1_792_592_000 },
      pricing: { type: 'price_details', price_details: { price, product: 'prod_1' } },
    });
    expect(
      parse(
        'invoice.paid',
        invoice({
          id: 'in_up',
          billing_reason: 'subscription_update',
          amount_paid: 3500,
          lines: {
            object: 'list',
            data: [prorationLine(-1500, 'price_basic'), prorationLine(5000, 'price_premium')],
          },
        }),
      ),
    ).toStrictEqual({
      kind: 'plan-change-paid',
      eventId: 'evt_1',
      paymentRef: 'in_up',
      userId: 'recA',
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      planId: 'premium',
      amountPaid: 3500,
      periodEnd: new Date(1_792_592_000 * 1000).toISOString(),
    });
  });

  it('a subscription update names a plan only when it moved the price', () => {
    const subscription = {
      id: 'sub_1',
      object: 'subscription',
      customer: 'cus_1',
      metadata: { userId: 'recA' },
      status: 'active',
      cancel_at_period_end: false,
      items: {
        object: 'list',
        data: [
          { id: 'si_1', price: { id: 'price_standard', object: 'price' }, current_period_end: 1_792_592_000 },
        ],
      },
    };
    expect(
      parse('customer.subscription.updated', subscription, 'evt_2', {
        items: { object: 'list', data: [{ id: 'si_1', price: { id: 'price_premium' } }] },
      }),
    ).toMatchObject({
      kind: 'subscription-updated',
      planId: 'standard',
      periodEnd: new Date(1_792_592_000 * 1000).toISOString(),
    });
    const rolled = parse('customer.subscription.updated', subscription, 'evt_3', { current_period_start: 1 });
    expect(rolled).toMatchObject({ kind: 'subscription-updated' });
    expect('planId' in rolled).toBe(false);
  });

  it('ignores the event types it does not handle', () => {
    expect(parse('customer.created', { id: 'cus_9', object: 'customer' }, 'evt_9')).toStrictEqual({
      kind: 'ignored',
      eventId: 'evt_9',
      type: 'customer.created',
    });
  });
});

describe('Stripe gateway: API calls', () => {
  const gateway = gatewayAt(0);
  // The port is known only once the fake listens.
  const stripeGateway = () => gatewayAt(port);
  const newCustomer = { userId: 'recNew000000000000', email: 'new@example.com', name: 'New' };
  const known = { ...newCustomer, customerId: 'cus_known' };
  beforeEach(() => {
    calls.length = 0;
    replies.clear();
  });
  afterAll(() => replies.clear());

  it('is the stripe gateway, without a publishable key unless configured', () => {
    expect(gateway.kind).toBe('stripe');
    expect('publishableKey' in gateway).toBe(false);
  });

  it('creates a customer once per user (idempotently) with their email, name and user id, and reuses a known one', async () => {
    await stripeGateway().createCheckoutSession(newCustomer, 'basic', {
      success: 'https://app.test/ok',
      cancel: 'https://app.test/back',
    });
    const created = calls.find((c) => c.path === '/v1/customers')!;
    expect(created.idempotencyKey).toBe('customer-recNew000000000000');
    expect(Object.fromEntries(created.form)).toStrictEqual({
      email: 'new@example.com',
      name: 'New',
      'metadata[userId]': 'recNew000000000000',
    });
    const session = calls.find((c) => c.path === '/v1/checkout/sessions')!;
    expect(session.form.get('customer')).toBe('cus_test_1');
    expect(session.form.get('client_reference_id')).toBe('recNew000000000000');
    expect(session.form.get('line_items[0][quantity]')).toBe('1');
    expect(session.form.get('success_url')).toBe('https://app.test/ok');
    expect(session.form.get('cancel_url')).toBe('https://app.test/back');
    expect(session.form.get('metadata[userId]')).toBe('recNew000000000000');
    expect(session.form.get('metadata[planId]')).toBe('basic');
    expect(session.form.get('subscription_data[metadata][userId]')).toBe('recNew000000000000');

    calls.length = 0;
    await stripeGateway().createCheckoutSession(known, 'basic', { success: 's', cancel: 'c' });
    expect(calls.map((c) => c.path)).toStrictEqual(['/v1/checkout/sessions']);
    expect(calls[0]!.form.get('customer')).toBe('cus_known');
  });

  it('a repeated checkout or subscription start within the same minute reuses its idempotency key; a minute later it is new', async () => {
    // Only the clock is fake: the SDK's own timers and sockets run as usual.
    jest.useFakeTimers({
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
    try {
      const urls = { success: 's', cancel: 'c' };
      const keys = async () => {
        await stripeGateway().createCheckoutSession(known, 'basic', urls);
        await stripeGateway().createSubscriptionIntent(known, 'basic');
      };
      jest.setSystemTime(new Date('2026-11-22T10:00:05.000Z'));
      await keys();
      jest.setSystemTime(new Date('2026-11-22T10:00:55.000Z'));
      await keys();
      jest.setSystemTime(new Date('2026-11-22T10:01:05.000Z'));
      await keys();
      const minute = Math.floor(Date.parse('2026-11-22T10:00:00.000Z') / 60_000);
      expect(calls.filter((c) => c.path === '/v1/checkout/sessions').map((c) => c.idempotencyKey)).toEqual([
        `checkout-recNew000000000000-basic-${minute}`,
        `checkout-recNew000000000000-basic-${minute}`,
        `checkout-recNew000000000000-basic-${minute + 1}`,
      ]);
      expect(calls.filter((c) => c.path === '/v1/subscriptions').map((c) => c.idempotencyKey)).toEqual([
        `subscription-recNew000000000000-basic-${minute}`,
        `subscription-recNew000000000000-basic-${minute}`,
        `subscription-recNew000000000000-basic-${minute + 1}`,
      ]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('returns the checkout URL and session, and refuses a session without a URL', async () => {
    expect(
      await stripeGateway().createCheckoutSession(known, 'standard', { success: 's', cancel: 'c' }),
    ).toStrictEqual({
      url: 'https://checkout.example.test/c/cs_test_1',
      sessionRef: 'cs_test_1',
    });
    replies.set('POST /v1/checkout/sessions', [200, { id: 'cs_2', object: 'checkout.session', url: null }]);
    await expect(
      stripeGateway().createCheckoutSession(known, 'standard', { success: 's', cancel: 'c' }),
    ).rejects.toMatchObject({ code: 'GATEWAY_ERROR', message: 'No checkout URL was returned' });
  });

  it("an API failure becomes a gateway error with the operation's own message", async () => {
    const broken: [number, object] = [
      400,
      { error: { type: 'invalid_request_error', message: 'No such price' } },
    ];
    replies.set('POST /v1/checkout/sessions', broken);
    replies.set('POST /v1/subscriptions', broken);
    replies.set('GET /v1/subscriptions/sub_broken', broken);
    replies.set('POST /v1/setup_intents', broken);
    await expect(
      stripeGateway().createCheckoutSession(known, 'basic', { success: 's', cancel: 'c' }),
    ).rejects.toMatchObject({ code: 'GATEWAY_ERROR', message: 'Could not start the checkout' });
    await expect(stripeGateway().createSubscriptionIntent(known, 'basic')).rejects.toMatchObject({
      code: 'GATEWAY_ERROR',
      message: 'Failed to set up subscription',
    });
    await expect(stripeGateway().completeSubscription(known, 'basic', 'sub_broken')).rejects.toMatchObject({
      code: 'GATEWAY_ERROR',
      message: 'There was an error processing your subscription. Please try again.',
    });
    await expect(stripeGateway().saveCardAtRegistration(known, 'pm_1')).rejects.toMatchObject({
      code: 'GATEWAY_ERROR',
      message: 'Failed to validate your card. Please try again.',
    });
  });

  it('registration refuses a missing card, and a card whose setup did not succeed', async () => {
    await expect(stripeGateway().saveCardAtRegistration(known, undefined)).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'Please add a card to create your account.',
    });
    replies.set('POST /v1/setup_intents', [
      200,
      { id: 'seti_2', object: 'setup_intent', status: 'requires_action', customer: 'cus_known' },
    ]);
    await expect(stripeGateway().saveCardAtRegistration(known, 'pm_3ds')).rejects.toMatchObject({
      code: 'CARD_DECLINED',
      message: 'Failed to validate your card. Please try again.',
    });
  });

  it('registration keeps the card for later off-session payments, on the known customer', async () => {
    expect(await stripeGateway().saveCardAtRegistration(known, 'pm_card_visa')).toStrictEqual({
      customerId: 'cus_known',
    });
    const setup = calls.find((c) => c.path === '/v1/setup_intents')!;
    expect(setup.idempotencyKey).toBe('setup-recNew000000000000-pm_card_visa');
    expect(Object.fromEntries(setup.form)).toMatchObject({
      customer: 'cus_known',
      'automatic_payment_methods[enabled]': 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
      'metadata[userId]': 'recNew000000000000',
    });
  });

  it("the embedded form's subscription is incomplete until paid, saves the card, and returns the invoice's client secret", async () => {
    expect(await stripeGateway().createSubscriptionIntent(known, 'premium')).toStrictEqual({
      clientSecret: 'pi_1_secret_2',
      ref: 'sub_test_1',
      customerId: 'cus_known',
    });
    const created = calls.find((c) => c.path === '/v1/subscriptions')!;
    expect(Object.fromEntries(created.form)).toMatchObject({
      customer: 'cus_known',
      'items[0][price]': 'price_premium',
      payment_behavior: 'default_incomplete',
      'payment_settings[save_default_payment_method]': 'on_subscription',
      'expand[0]': 'latest_invoice.confirmation_secret',
      'metadata[userId]': 'recNew000000000000',
      'metadata[planId]': 'premium',
    });
    expect(created.idempotencyKey).toMatch(/^subscription-recNew000000000000-premium-\d+$/);

    replies.set('POST /v1/subscriptions', [
      200,
      {
        id: 'sub_2',
        object: 'subscription',
        status: 'incomplete',
        latest_invoice: { id: 'in_2', object: 'invoice' },
      },
    ]);
    await expect(stripeGateway().createSubscriptionIntent(known, 'premium')).rejects.toMatchObject({
      code: 'GATEWAY_ERROR',
      message: 'No client secret received',
    });
  });

  it('a trialing subscription with a paid invoice counts as paid; an active one with an open invoice does not', async () => {
    // Completes Basic on a subscription of the caller's that Stripe describes with these fields.
    const complete = (id: string, fields: Record<string, unknown>) => {
      subscriptionReply(id, { metadata: { userId: known.userId, planId: 'basic' }, ...fields });
      return stripeGateway().completeSubscription(known, 'basic', id);
    };
    // Paid, but nothing: the amount decides what it grants (nothing below the plan's price).
    expect(
      await complete('sub_trial', { status: 'trialing', latest_invoice: { id: 'in_t', status: 'paid' } }),
    ).toMatchObject({ paid: true, paymentRef: 'in_t', amountPaid: 0 });
    expect(
      await complete('sub_unpaid', { status: 'active', latest_invoice: { id: 'in_u', status: 'open' } }),
    ).toMatchObject({ paid: false });
    // Without an invoice, the subscription itself is the payment reference.
    expect(
      await complete('sub_bare', { status: 'incomplete', latest_invoice: null, customer: null }),
    ).toStrictEqual({
      paid: false,
      paymentRef: 'sub_bare',
      amountPaid: 0,
      customerId: '',
      subscriptionId: 'sub_bare',
      message: 'The payment has not gone through yet',
    });
  });

  it.each([
    {
      proves: 'names the plan of its price',
      id: 'sub_std',
      status: 'past_due',
      prices: ['price_standard'],
      plan: { planId: 'standard' },
    },
    {
      proves: 'names no plan for a price not ours',
      id: 'sub_other',
      status: 'active',
      prices: ['price_x'],
      plan: {},
    },
    { proves: 'names no plan without a price', id: 'sub_empty', status: 'canceled', prices: [], plan: {} },
  ])("checks a subscription's status and $proves", async ({ id, status, prices, plan }) => {
    subscriptionReply(id, {
      status,
      items: { object: 'list', data: prices.map((price) => ({ price: { id: price } })) },
    });
    expect(await stripeGateway().checkSubscription(id)).toStrictEqual({
      subscriptionId: id,
      status,
      ...plan,
    });
  });

  function subscriptionReply(id: string, fields: Record<string, unknown>) {
    replies.set(`GET /v1/subscriptions/${id}`, [
      200,
      { id, object: 'subscription', customer: 'cus_known', items: { object: 'list', data: [] }, ...fields },
    ]);
  }
});

/**
 * A plan change through the app against the Stripe-shaped server: the price comes from Stripe's
 * preview (its proration lines), the change is one subscriptions.update with the same
 * proration_date, a declined upgrade changes nothing, and the webhooks that follow add nothing.
 */
describe('Stripe gateway: changing plan through the app', () => {
  const env = stripeEnv({ secretKey: 'sk_test_local', webhookSecret: 'whsec_local' });
  const server = useEmbeddedServer(env, () => ({ gateway: gatewayAt(port) }));
  const periodEnd = Math.floor(Date.now() / 1000) + 15 * 24 * 3600;
  const renewsAt = new Date(periodEnd * 1000).toISOString();
  const webhook = (type: string, object: Record<string, unknown>) =>
    postStripeWebhook(server().url, stripeEvent(type, object), env.STRIPE_WEBHOOK_SECRET);
  const line = (amount: number, price: string, proration: boolean) => ({
    id: `il_${price}_${amount}`,
    object: 'line_item',
    amount,
    parent: {
      type: 'subscription_item_details',
      subscription_item_details: { subscription: 'sub_change', subscription_item: 'si_change', proration },
    },
    period: { start: periodEnd - 15 * 24 * 3600, end: periodEnd },
    pricing: { type: 'price_details', price_details: { price, product: 'prod_1' } },
  });
  const paidInvoice = (id: string, reason: string, amount: number, lines: object[], userId: string) => ({
    id,
    object: 'invoice',
    status: 'paid',
    amount_paid: amount,
    billing_reason: reason,
    customer: 'cus_test_1',
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: 'sub_change', metadata: { userId } },
    },
    lines: { object: 'list', data: lines },
  });
  const subscriptionOn = (price: string, extra: Record<string, unknown> = {}) => ({
    id: 'sub_change',
    object: 'subscription',
    status: 'active',
    customer: 'cus_test_1',
    items: {
      object: 'list',
      data: [
        { id: 'si_change', object: 'subscription_item', price: { id: price }, current_period_end: periodEnd },
      ],
    },
    pending_update: null,
    ...extra,
  });
  beforeEach(() => {
    calls.length = 0;
    replies.clear();
  });
  afterAll(() => {
    replies.clear();
    storedSubscriptions.delete('sub_change');
  });

  it('previews, refuses a declined upgrade without a trace, upgrades as previewed, then downgrades for the renewal', async () => {
    const agent = request.agent(server().url);
    const registered = await agent.post('/api/register').send({
      name: 'Changer',
      email: 'changer@example.com',
      password: 'secret12',
      paymentMethodId: 'pm_card_visa',
    });
    const userId = registered.body.id as string;
    const activated = await webhook(
      'invoice.paid',
      paidInvoice('in_first', 'subscription_create', 2999, [line(2999, 'price_basic', false)], userId),
    );
    expect(activated.body.applied).toBe(true);
    expect((await agent.get('/api/user')).body).toMatchObject({
      subscriptionTier: 'Basic',
      credits: 60,
      renewsAt,
    });
    storedSubscriptions.set('sub_change', subscriptionOn('price_basic'));

    replies.set('POST /v1/invoices/create_preview', [
      200,
      {
        id: 'upcoming_in_1',
        object: 'invoice',
        amount_due: 13499,
        lines: {
          object: 'list',
          data: [
            line(-1500, 'price_basic', true),
            line(5000, 'price_premium', true),
            // The next month's charge: not what the change costs now.
            line(9999, 'price_premium', false),
          ],
        },
      },
    ]);
    const preview = await agent.get('/api/subscription/change?planId=premium');
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ kind: 'upgrade', dueNow: 3500, creditsNow: 170, renewsAt });
    const prorationDate = String(Math.floor(Date.parse(preview.body.quoteAt) / 1000));
    const previewCall = calls.find((c) => c.path === '/v1/invoices/create_preview')!;
    expect(Object.fromEntries(previewCall.form)).toMatchObject({
      customer: 'cus_test_1',
      subscription: 'sub_change',
      'subscription_details[items][0][id]': 'si_change',
      'subscription_details[items][0][price]': 'price_premium',
      'subscription_details[proration_behavior]': 'always_invoice',
      'subscription_details[proration_date]': prorationDate,
    });

    const stream = async () => (await server().platform.eventStore.readStream(`account-${userId}`)).length;
    const before = await stream();
    replies.set('POST /v1/subscriptions/sub_change', [
      402,
      { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } },
    ]);
    const declined = await agent
      .post('/api/subscription/change')
      .send({ planId: 'premium', quoteAt: preview.body.quoteAt });
    expect(declined.status).toBe(402);
    expect(declined.body.message).toBe('Your card was declined.');
    expect(await stream()).toBe(before);
    expect((await agent.get('/api/user')).body).toMatchObject({ subscriptionTier: 'Basic', credits: 60 });

    replies.set('POST /v1/subscriptions/sub_change', [
      200,
      subscriptionOn('price_premium', {
        latest_invoice: {
          id: 'in_change',
          object: 'invoice',
          status: 'paid',
          amount_paid: 3500,
          billing_reason: 'subscription_update',
        },
      }),
    ]);
    calls.length = 0;
    const upgraded = await agent
      .post('/api/subscription/change')
      .send({ planId: 'premium', quoteAt: preview.body.quoteAt });
    expect(upgraded.status).toBe(200);
    expect(upgraded.body).toMatchObject({
      kind: 'upgrade',
      creditsAdded: 170,
      newTotalCredits: 230,
      amountPaid: 3500,
    });
    const update = calls.find((c) => c.method === 'POST' && c.path === '/v1/subscriptions/sub_change')!;
    expect(Object.fromEntries(update.form)).toMatchObject({
      'items[0][id]': 'si_change',
      'items[0][price]': 'price_premium',
      proration_behavior: 'always_invoice',
      proration_date: prorationDate,
      payment_behavior: 'error_if_incomplete',
    });
    expect(update.idempotencyKey).toBe(`plan-change-${userId}-premium-${prorationDate}`);
    expect((await agent.get('/api/user')).body).toMatchObject({
      subscriptionTier: 'Premium',
      credits: 230,
      renewsAt,
    });

    // Stripe's own events about the same change add nothing.
    const invoiceEvent = await webhook(
      'invoice.paid',
      paidInvoice(
        'in_change',
        'subscription_update',
        3500,
        [line(-1500, 'price_basic', true), line(5000, 'price_premium', true)],
        userId,
      ),
    );
    expect(invoiceEvent.body.applied).toBe(false);
    expect((await agent.get('/api/user')).body.credits).toBe(230);

    storedSubscriptions.set('sub_change', subscriptionOn('price_premium'));
    replies.set('POST /v1/subscriptions/sub_change', [200, subscriptionOn('price_standard')]);
    calls.length = 0;
    const downgraded = await agent.post('/api/subscription/change').send({ planId: 'standard' });
    expect(downgraded.body).toMatchObject({ kind: 'downgrade', creditsAdded: 0, renewsAt });
    const downgrade = calls.find((c) => c.method === 'POST' && c.path === '/v1/subscriptions/sub_change')!;
    expect(downgrade.form.get('proration_behavior')).toBe('none');
    expect(downgrade.form.get('payment_behavior')).toBeNull();
    expect(calls.some((c) => c.path === '/v1/invoices/create_preview')).toBe(false);
    expect((await agent.get('/api/user')).body).toMatchObject({
      subscriptionTier: 'Premium',
      nextPlanId: 'standard',
    });

    // The renewal bills Standard: from then on it is the plan, with its monthly credits.
    await webhook(
      'invoice.paid',
      paidInvoice('in_renewal', 'subscription_cycle', 4999, [line(4999, 'price_standard', false)], userId),
    );
    const renewed = (await agent.get('/api/user')).body;
    expect(renewed).toMatchObject({ subscriptionTier: 'Standard', credits: 380 });
    expect(renewed.nextPlanId).toBeUndefined();
  });
});
