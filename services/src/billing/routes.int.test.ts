import request from 'supertest';
import { eventually } from '../testing/helpers';
import { mailTo, outboxMail, outboxOf } from '../testing/mail';
import { useEmbeddedServer } from '../testing/test-runtime';
import { CHECKOUT_SESSIONS_PER_WINDOW } from './routes';

/** The simulated gateway end to end: the same pages and events as Stripe, offline. */
const server = useEmbeddedServer();

let n = 0;
async function signedIn() {
  n += 1;
  const agent = request.agent(server().url);
  const user = (
    await agent
      .post('/api/register')
      .send({ name: `Payer ${n}`, email: `payer${n}@example.com`, password: 'secret12' })
  ).body;
  return { agent, user };
}

describe('billing API (simulated gateway)', () => {
  it('tells the browser which gateway is in use', async () => {
    const res = await request(server().url).get('/api/payments/config');
    expect(res.body.gateway).toBe('simulated');
    expect(res.body.plans.map((p: { id: string; credits: number }) => `${p.id}:${p.credits}`)).toEqual([
      'basic:60',
      'standard:150',
      'premium:400',
    ]);
  });

  it('hosted checkout: a labelled test page whose Pay button activates the plan once', async () => {
    const { agent, user } = await signedIn();
    const session = await agent
      .post('/api/create-checkout-session')
      .set('X-User-ID', user.id)
      .send({ planId: 'standard', priceId: 'price_x' });
    expect(session.status).toBe(200);
    expect(session.body.url).toMatch(/^\/api\/simulated-checkout\/[0-9a-f]{24}$/);

    const page = await agent.get(session.body.url);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Test mode — no real charge');
    expect(page.text).toContain('$49.99');
    // Its inline styles carry the response's CSP nonce, so the page renders under the policy.
    const nonce = /'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))?.[1];
    expect(nonce).toBeDefined();
    expect(page.text).toContain(`<style nonce="${nonce}">`);

    const paid = await agent.post(`${session.body.url}/pay`);
    expect(paid.status).toBe(302);
    expect(paid.headers.location).toBe('/dashboard?subscription=success&plan=standard');
    await agent.post(`${session.body.url}/pay`);

    const me = (await agent.get('/api/user')).body;
    expect([me.subscriptionTier, me.credits]).toEqual(['Standard', 150]);
    const history = await eventually(async () => {
      const h = (await agent.get('/api/credits/history')).body;
      return h.length > 0 ? h : undefined;
    });
    expect(history).toEqual([
      expect.objectContaining({
        amount: 150,
        kind: 'granted',
        reason: 'plan-purchase',
        planId: 'standard',
        balanceAfter: 150,
      }),
    ]);
  });

  it("another user's test checkout is not found, and a signed-out visitor is asked to sign in", async () => {
    const { agent } = await signedIn();
    const session = await agent.post('/api/create-checkout-session').send({ planId: 'basic' });
    const other = await signedIn();
    expect((await other.agent.get(session.body.url)).status).toBe(404);
    expect((await other.agent.post(`${session.body.url}/pay`)).status).toBe(404);
    expect((await request(server().url).get(session.body.url)).status).toBe(401);
    expect((await other.agent.get('/api/simulated-checkout/..%2F..%2Fetc')).status).toBe(404);
  });

  it('embedded form: intent, then completion grants the plan credits exactly once', async () => {
    const { agent } = await signedIn();
    const intent = await agent.post('/api/create-subscription-intent').send({ planId: 'premium' });
    expect(intent.status).toBe(200);
    expect(intent.body.clientSecret).toMatch(/^sim_[0-9a-f]{24}_secret_test$/);
    const done = await agent.post('/api/complete-subscription').send({ planId: 'premium' });
    expect(done.body).toEqual({
      success: true,
      creditsAdded: 400,
      newTotalCredits: 400,
      message: 'Subscription Successful',
    });
    const again = await agent.post('/api/complete-subscription').send({ planId: 'premium' });
    expect(again.body).toMatchObject({ success: true, creditsAdded: 0, newTotalCredits: 400 });
  });

  it('completion without a pending subscription for that plan is a 400 and grants nothing', async () => {
    const { agent } = await signedIn();
    await agent.post('/api/create-subscription').send({});
    const res = await agent.post('/api/complete-subscription').send({ planId: 'premium' });
    expect(res.status).toBe(400);
    expect((await agent.get('/api/user')).body.credits).toBe(0);
  });

  it.each([
    ['/api/create-checkout-session', { planId: 'gold' }],
    ['/api/create-subscription-intent', { planId: 'gold' }],
    ['/api/create-subscription-intent', {}],
    ['/api/complete-subscription', { planId: 7 }],
  ])('%s rejects %j with 400', async (path, body) => {
    const { agent } = await signedIn();
    const res = await agent.post(path).send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Plan must be basic, standard or premium');
  });

  it.each([
    '/api/create-checkout-session',
    '/api/create-subscription',
    '/api/create-subscription-intent',
    '/api/complete-subscription',
  ])('%s needs a signed-in user', async (path) => {
    expect((await request(server().url).post(path).send({ planId: 'basic' })).status).toBe(401);
  });

  it('refuses a forged X-User-ID on checkout', async () => {
    const { agent } = await signedIn();
    expect(
      (
        await agent
          .post('/api/create-checkout-session')
          .set('X-User-ID', 'recNotMe00000000')
          .send({ planId: 'basic' })
      ).status,
    ).toBe(403);
  });
});

describe('checkout rate limit', () => {
  it.each(['/api/create-checkout-session', '/api/create-subscription-intent'])(
    '%s: one account may open a bounded number of gateway sessions; others are unaffected',
    async (path) => {
      const { agent } = await signedIn();
      for (let i = 0; i < CHECKOUT_SESSIONS_PER_WINDOW; i += 1) {
        expect((await agent.post(path).send({ planId: 'basic' })).status).toBe(200);
      }
      const refused = await agent.post(path).send({ planId: 'basic' });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: expect.stringMatching(/Too many/), error: expect.any(String) });
      const other = await signedIn();
      expect((await other.agent.post(path).send({ planId: 'basic' })).status).toBe(200);
    },
  );
});

describe('what the payments mail (simulated gateway, the outbox)', () => {
  const mailOf = (email: string, subject: RegExp) =>
    mailTo(() => outboxMail(outboxOf(server())), email, subject);

  it('a receipt for the purchase, then a plan-changed message for an upgrade and for a downgrade', async () => {
    const { agent, user } = await signedIn();
    const session = await agent.post('/api/create-checkout-session').send({ planId: 'standard' });
    await agent.post(`${session.body.url}/pay`);
    const [receipt] = await mailOf(user.email, /^Your receipt: Standard plan, \$49\.99$/);
    expect(receipt!.text).toMatch(
      /Amount paid: \$49\.99\nCredits added: 150\nDate: \w+ \d+, \d{4}\nReference: sim_in_/,
    );
    expect(receipt!.text).toMatch(/Renews on: \w+ \d+, \d{4}/);
    expect(receipt!.html).toContain('Credits added');

    const preview = (await agent.get('/api/subscription/change?planId=premium')).body;
    await agent.post('/api/subscription/change').send({ planId: 'premium', quoteAt: preview.quoteAt });
    const [upgraded] = await mailOf(user.email, /^Your plan is now Premium$/);
    const dollars = `$${(preview.dueNow / 100).toFixed(2)}`;
    expect(upgraded!.text).toContain(`Charged now: ${dollars} (the difference for the rest of this month)`);
    expect(upgraded!.text).toContain(`Credits added now: ${preview.creditsNow}`);
    expect(upgraded!.text).toContain('from then on you pay $99.99 and get 400 credits a month');

    await agent.post('/api/subscription/change').send({ planId: 'basic' });
    const [downgraded] = await mailOf(user.email, /^Your plan changes to Basic on \w+ \d+, \d{4}$/);
    expect(downgraded!.text).toContain('You keep Premium and your credits until the change on');
    expect(downgraded!.text).toContain('Nothing is charged or refunded now.');
  });
});
