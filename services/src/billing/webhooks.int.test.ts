import { accountStream } from '@studio/events';
import request from 'supertest';
import { accountDecider } from '../account/decider';
import { eventually } from '../testing/helpers';
import { STRIPE_TEST_PRICES as PRICES, postStripeWebhook, stripeEnv, stripeEvent } from '../testing/stripe';
import { useEmbeddedServer } from '../testing/test-runtime';
import { WEBHOOK_PATH } from './routes';

/**
 * Real-shaped Stripe events, signed with the stripe SDK's own test-header helper, posted to the
 * webhook endpoint of a running embedded server configured for Stripe.
 */
const SECRET = 'whsec_test_secret';

const server = useEmbeddedServer(stripeEnv({ secretKey: 'sk_test_123', webhookSecret: SECRET }));

let counter = 0;
async function newUser(): Promise<string> {
  counter += 1;
  const { register } = await import('../account/identity');
  const state = await register(
    server().platform.commands,
    { name: 'Webhook User', email: `hook${counter}@example.com`, password: 'secret12' },
    { at: new Date().toISOString(), correlationId: 't', causationId: 't' },
  );
  // The mailer records the verification link it mails: wait for it, so it is not counted as a
  // webhook's doing.
  await eventually(async () => (await account(state.userId)).verificationLink);
  return state.userId;
}

const checkoutCompleted = (userId: string, invoice: string, sub = `sub_${userId}`) =>
  stripeEvent('checkout.session.completed', {
    id: `cs_test_${invoice}`,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    amount_total: 2999,
    client_reference_id: userId,
    customer: `cus_${userId}`,
    subscription: sub,
    invoice,
    metadata: { userId, planId: 'basic' },
  });

const invoicePaid = (
  userId: string,
  invoice: string,
  reason: 'subscription_create' | 'subscription_cycle',
  sub = `sub_${userId}`,
) =>
  stripeEvent('invoice.paid', {
    id: invoice,
    object: 'invoice',
    status: 'paid',
    amount_paid: 2999,
    billing_reason: reason,
    customer: `cus_${userId}`,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: sub, metadata: { userId, planId: 'basic' } },
    },
    lines: {
      object: 'list',
      data: [
        {
          id: `il_${invoice}`,
          object: 'line_item',
          period: { start: 1_790_000_000, end: 1_792_592_000 },
          pricing: { type: 'price_details', price_details: { price: PRICES.basic, product: 'prod_basic' } },
        },
      ],
    },
  });

const invoiceFailed = (userId: string, invoice: string) =>
  stripeEvent('invoice.payment_failed', {
    id: invoice,
    object: 'invoice',
    status: 'open',
    billing_reason: 'subscription_cycle',
    customer: `cus_${userId}`,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: `sub_${userId}`, metadata: { userId } },
    },
    lines: { object: 'list', data: [] },
  });

const subscriptionEvent = (
  type: 'customer.subscription.updated' | 'customer.subscription.deleted',
  userId: string,
  extra: Record<string, unknown>,
) =>
  stripeEvent(type, {
    id: `sub_${userId}`,
    object: 'subscription',
    customer: `cus_${userId}`,
    metadata: { userId, planId: 'basic' },
    status: 'active',
    cancel_at_period_end: false,
    ...extra,
  });

const post = (event: object, options: { secret?: string; timestamp?: number } = {}) =>
  postStripeWebhook(server().url, event, options.secret ?? SECRET, options.timestamp);

const account = async (userId: string) =>
  (await server().platform.commands.load(accountStream(userId), accountDecider)).state;
const streamLength = async (userId: string) =>
  (await server().platform.eventStore.readStream(accountStream(userId))).length;

describe('Stripe webhooks', () => {
  it('checkout.session.completed activates Basic with 60 credits', async () => {
    const userId = await newUser();
    const res = await post(checkoutCompleted(userId, 'in_a1'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, applied: true });
    const state = await account(userId);
    expect([state.tier, state.credits, state.customerId, state.subscriptionId]).toEqual([
      'Basic',
      60,
      `cus_${userId}`,
      `sub_${userId}`,
    ]);
  });

  it('a duplicate delivery, and the same payment seen through invoice.paid, grant nothing more', async () => {
    const userId = await newUser();
    const event = checkoutCompleted(userId, 'in_b1');
    await post(event);
    await post(event);
    const again = await post(invoicePaid(userId, 'in_b1', 'subscription_create'));
    expect(again.body.applied).toBe(false);
    expect((await account(userId)).credits).toBe(60);
  });

  it('a checkout session that names no invoice and the first invoice.paid grant the plan once, in either order and delivered at once', async () => {
    const withoutInvoice = (userId: string) => {
      const event = checkoutCompleted(userId, 'unused');
      event.data.object.invoice = null;
      event.data.object.id = `cs_test_${userId}`;
      return event;
    };
    const outcome = async (userId: string) => {
      const state = await account(userId);
      const granted = (await server().platform.eventStore.readStream(accountStream(userId))).filter(
        (e) => e.type === 'SubscriptionActivated' || e.type === 'SubscriptionRenewed',
      );
      return [state.tier, state.credits, state.subscriptionId, granted.length];
    };
    const sessionFirst = await newUser();
    expect((await post(withoutInvoice(sessionFirst))).status).toBe(200);
    expect((await post(invoicePaid(sessionFirst, 'in_l1', 'subscription_create'))).status).toBe(200);
    const invoiceFirst = await newUser();
    expect((await post(invoicePaid(invoiceFirst, 'in_l2', 'subscription_create'))).status).toBe(200);
    expect((await post(withoutInvoice(invoiceFirst))).status).toBe(200);
    const together = await newUser();
    const deliveries = [withoutInvoice(together), invoicePaid(together, 'in_l3', 'subscription_create')];
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => post(deliveries[i % 2]!)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    for (const userId of [sessionFirst, invoiceFirst, together])
      expect(await outcome(userId)).toEqual(['Basic', 60, `sub_${userId}`, 1]);
  });

  it('each monthly renewal grants the plan credits once', async () => {
    const userId = await newUser();
    await post(checkoutCompleted(userId, 'in_c1'));
    const renewal = invoicePaid(userId, 'in_c2', 'subscription_cycle');
    await post(renewal);
    await post(renewal);
    await post(invoicePaid(userId, 'in_c3', 'subscription_cycle'));
    expect((await account(userId)).credits).toBe(180);
  });

  it('ends in the same state whatever order the events arrive in', async () => {
    const script = (userId: string) => [
      checkoutCompleted(userId, 'in_d1'),
      invoicePaid(userId, 'in_d1', 'subscription_create'),
      invoicePaid(userId, 'in_d2', 'subscription_cycle'),
      subscriptionEvent('customer.subscription.updated', userId, { cancel_at_period_end: true }),
      subscriptionEvent('customer.subscription.deleted', userId, { status: 'canceled' }),
    ];
    const outcomes: string[] = [];
    for (const order of [
      [0, 1, 2, 3, 4],
      [4, 3, 2, 1, 0],
      [2, 0, 4, 1, 3],
      [1, 4, 0, 3, 2],
    ]) {
      const userId = await newUser();
      const events = script(userId);
      for (const i of order) expect((await post(events[i]!)).status).toBe(200);
      const state = await account(userId);
      outcomes.push(`${state.tier}/${state.credits}/${state.subscriptionStatus}`);
    }
    expect(new Set(outcomes)).toEqual(new Set(['Demo/120/expired']));
  });

  it('records a failed payment without granting anything', async () => {
    const userId = await newUser();
    await post(checkoutCompleted(userId, 'in_e1'));
    await post(invoiceFailed(userId, 'in_e2'));
    const state = await account(userId);
    expect([state.subscriptionStatus, state.credits, state.tier]).toEqual(['past_due', 60, 'Basic']);
  });

  it('an invoice whose first charge failed and a retry paid grants its credits once and makes the plan active', async () => {
    const userId = await newUser();
    await post(checkoutCompleted(userId, 'in_f1'));
    // Stripe retries the same invoice: the failure, then invoice.paid with the same id.
    await post(invoiceFailed(userId, 'in_f2'));
    await post(invoiceFailed(userId, 'in_f2'));
    await post(invoicePaid(userId, 'in_f2', 'subscription_cycle'));
    await post(invoicePaid(userId, 'in_f2', 'subscription_cycle'));
    const state = await account(userId);
    expect([state.subscriptionStatus, state.credits, state.tier]).toEqual(['active', 120, 'Basic']);
  });

  it('invoice.paid grants the plan of the price billed, not the one its metadata names', async () => {
    const userId = await newUser();
    const event = invoicePaid(userId, 'in_h1', 'subscription_create');
    const details = (event.data.object.parent as { subscription_details: { metadata: object } })
      .subscription_details;
    details.metadata = { userId, planId: 'premium' };
    expect((await post(event)).status).toBe(200);
    const state = await account(userId);
    expect([state.tier, state.credits]).toEqual(['Basic', 60]);
  });

  it('a paid invoice of a price that is none of the plans, or below the plan price, grants nothing and is recorded once', async () => {
    const userId = await newUser();
    const foreign = invoicePaid(userId, 'in_i1', 'subscription_create');
    const line = (
      foreign.data.object.lines as { data: Array<{ pricing: { price_details: { price: string } } }> }
    ).data[0]!;
    line.pricing.price_details.price = 'price_someone_elses';
    const trial = invoicePaid(userId, 'in_i2', 'subscription_create');
    trial.data.object.amount_paid = 0;
    const coupon = invoicePaid(userId, 'in_i3', 'subscription_cycle');
    coupon.data.object.amount_paid = 1499;
    for (const event of [foreign, trial, coupon, trial]) expect((await post(event)).status).toBe(200);
    const state = await account(userId);
    expect([state.tier, state.credits]).toEqual(['Demo', 0]);
    const records = (await server().platform.eventStore.readStream(accountStream(userId)))
      .filter((e) => e.type === 'PaymentNotCredited')
      .map((e) => e.data);
    expect(records).toEqual([
      expect.objectContaining({
        paymentRef: 'in_i1',
        reason: 'unknown-price',
        priceId: 'price_someone_elses',
      }),
      expect.objectContaining({ paymentRef: 'in_i2', reason: 'underpaid', amountPaid: 0 }),
      expect.objectContaining({ paymentRef: 'in_i3', reason: 'underpaid', amountPaid: 1499 }),
    ]);
  });

  it('a refund withdraws the unspent credits of its payment once, even delivered 10 times at once, and never below zero', async () => {
    const userId = await newUser();
    await post(invoicePaid(userId, 'in_j1', 'subscription_create'));
    await post(invoicePaid(userId, 'in_j2', 'subscription_cycle'));
    // 120 credits; 100 of them spent.
    await server().platform.commands.handle(
      accountStream(userId),
      accountDecider,
      { type: 'AdjustCredits', newCredits: 20, reason: 'spent in the test', adminId: 'test' },
      { at: new Date().toISOString(), correlationId: 't', causationId: 't' },
    );
    const refund = (invoice: string, charge: string, refunded: number) =>
      stripeEvent('charge.refunded', {
        id: charge,
        object: 'charge',
        amount: 2999,
        amount_refunded: refunded,
        refunded: refunded === 2999,
        customer: `cus_${userId}`,
        invoice,
        status: 'succeeded',
      });
    const full = refund('in_j2', 'ch_j2', 2999);
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(full)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect((await account(userId)).credits).toBe(0);
    const reversed = (await server().platform.eventStore.readStream(accountStream(userId)))
      .filter((e) => e.type === 'PaymentReversed')
      .map((e) => e.data);
    expect(reversed).toEqual([
      {
        chargeRef: 'ch_j2',
        cause: 'refund',
        amountReversed: 2999,
        creditsWithdrawn: 20,
        unrecovered: 40,
        paymentRef: 'in_j2',
        planId: 'basic',
      },
    ]);
    // Replayed later: nothing more.
    expect((await post(full)).body.applied).toBe(false);
  });

  it('a half refund withdraws half the credits of its payment, and the rest when refunded in full', async () => {
    const userId = await newUser();
    await post(invoicePaid(userId, 'in_k1', 'subscription_create'));
    const refund = (refunded: number) =>
      stripeEvent('charge.refunded', {
        id: 'ch_k1',
        object: 'charge',
        amount: 2999,
        amount_refunded: refunded,
        customer: `cus_${userId}`,
        invoice: 'in_k1',
      });
    await post(refund(1500));
    expect((await account(userId)).credits).toBe(30);
    await post(refund(2999));
    expect((await account(userId)).credits).toBe(0);
  });

  it('rejects a bad signature with 400 and changes nothing', async () => {
    const userId = await newUser();
    const before = await streamLength(userId);
    const res = await post(checkoutCompleted(userId, 'in_f1'), { secret: 'whsec_wrong' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('BAD_SIGNATURE');
    expect(await streamLength(userId)).toBe(before);
  });

  it('rejects a stale timestamp (replay) with 400 and changes nothing', async () => {
    const userId = await newUser();
    const before = await streamLength(userId);
    const res = await post(checkoutCompleted(userId, 'in_g1'), {
      timestamp: Math.floor(Date.now() / 1000) - 15 * 60,
    });
    expect(res.status).toBe(400);
    expect(await streamLength(userId)).toBe(before);
  });

  it('rejects a timestamp in the future beyond the tolerance with 400 and changes nothing', async () => {
    const userId = await newUser();
    const before = await streamLength(userId);
    const res = await post(checkoutCompleted(userId, 'in_g2'), {
      timestamp: Math.floor(Date.now() / 1000) + 10 * 60,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('BAD_SIGNATURE');
    expect(await streamLength(userId)).toBe(before);
    // Within the tolerance a clock a little ahead of ours is fine.
    const ahead = await post(checkoutCompleted(userId, 'in_g3'), {
      timestamp: Math.floor(Date.now() / 1000) + 60,
    });
    expect(ahead.status).toBe(200);
  });

  it('rejects a missing signature, a non-JSON body and a huge body with a 4xx', async () => {
    expect((await request(server().url).post(WEBHOOK_PATH).send({ id: 'evt_x' })).status).toBe(400);
    const notJson = await request(server().url)
      .post(WEBHOOK_PATH)
      .set('Content-Type', 'text/plain')
      .send('hello');
    expect(notJson.status).toBeGreaterThanOrEqual(400);
    expect(notJson.status).toBeLessThan(500);
    const huge = await request(server().url)
      .post(WEBHOOK_PATH)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ pad: 'x'.repeat(2_000_000) }));
    expect(huge.status).toBe(413);
  });

  it('ignores event types it does not handle', async () => {
    const res = await post(stripeEvent('customer.created', { id: 'cus_x', object: 'customer' }));
    expect(res.status).toBe(200);
    expect(res.body.applied).toBe(false);
  });
});
