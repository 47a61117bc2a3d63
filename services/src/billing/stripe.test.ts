import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { useEmbeddedServer } from '../main/test-runtime';
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
        latest_invoice: { id: 'in_test_1', object: 'invoice', status: 'paid' },
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

describe('Stripe gateway through the app', () => {
  const env = {
    PAYMENTS: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_local',
    STRIPE_WEBHOOK_SECRET: 'whsec_local',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
    STRIPE_PRICE_BASIC: 'price_basic',
    STRIPE_PRICE_STANDARD: 'price_standard',
    STRIPE_PRICE_PREMIUM: 'price_premium',
  };
  // The gateway points at the local Stripe-shaped server, whose port is known once it listens.
  const server = useEmbeddedServer(env, () => ({
    gateway: createStripeGateway({
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      prices: { basic: 'price_basic', standard: 'price_standard', premium: 'price_premium' },
      api: { host: '127.0.0.1', port, protocol: 'http' },
    }),
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
  const gateway = () =>
    createStripeGateway({
      secretKey: 'sk_test_local',
      webhookSecret: 'whsec_local',
      prices: { basic: 'price_basic', standard: 'price_standard', premium: 'price_premium' },
      api: { host: '127.0.0.1', port, protocol: 'http' },
    });
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
      latest_invoice: { id: `in_${id}`, object: 'invoice', status: invoice },
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
    });
  });
});
