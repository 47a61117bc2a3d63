import { accountStream, PLAN_CHANGE_MESSAGES, type PlanId, upgradeCredits } from '@studio/events';
import { newId } from '../platform/ids';
import { apiSpecification, existingStream, type GivenStream } from '../testing/api-spec';
import { proratedDifference } from './billing-period';

/** The simulated gateway (the default): prices and periods as Stripe counts them. */
const api = apiSpecification({ inMemory: true });

const DAY = 24 * 3600 * 1000;
const TIERS = { basic: 'Basic', standard: 'Standard', premium: 'Premium' } as const;

/** A subscriber of `planId`, paid for a month ending in `daysLeft` days. */
function subscriber(planId: PlanId, options: { daysLeft?: number; status?: 'past_due' } = {}) {
  const userId = newId();
  const renewsAt = new Date(Date.now() + (options.daysLeft ?? 15) * DAY).toISOString();
  const events = [
    {
      type: 'UserRegistered',
      data: { userId, name: 'Payer', email: `${userId.slice(0, 8)}@example.com`, passwordHash: 'h' },
    },
    {
      type: 'SubscriptionActivated',
      data: {
        planId,
        tier: TIERS[planId],
        paymentRef: `sim_in_${userId}`,
        amountPaid: 1,
        subscriptionId: `sim_sub_${userId}`,
        periodEnd: renewsAt,
      },
    },
    {
      type: 'CreditsGranted',
      data: { amount: 60, reason: 'plan-purchase', planId, paymentRef: `sim_in_${userId}` },
    },
    ...(options.status === 'past_due'
      ? [{ type: 'PaymentFailed', data: { paymentRef: 'in_late', reason: 'declined' } }]
      : []),
  ];
  return { userId, renewsAt, given: existingStream(accountStream(userId), events as never) };
}

describe('buying the plan one has, or a second one: refused before any payment', () => {
  it.each([
    ['/api/create-checkout-session', 'premium', PLAN_CHANGE_MESSAGES.samePlan('Premium')],
    ['/api/create-subscription-intent', 'premium', PLAN_CHANGE_MESSAGES.samePlan('Premium')],
    ['/api/create-subscription', 'premium', PLAN_CHANGE_MESSAGES.samePlan('Premium')],
    ['/api/create-checkout-session', 'basic', PLAN_CHANGE_MESSAGES.alreadySubscribed('Premium')],
    ['/api/create-subscription-intent', 'standard', PLAN_CHANGE_MESSAGES.alreadySubscribed('Premium')],
  ])('%s for %s as a Premium subscriber is a 409 that starts no checkout', async (path, planId, message) => {
    const { userId, given } = subscriber('premium');
    await api
      .given(given)
      .signedInAs(userId)
      .when((http) => http.post(path).send({ planId }))
      .then({ status: 409, body: { message, error: 'CONFLICT' }, newEvents: {} });
  });

  it("a test checkout opened before the purchase (a second tab, a browser's Back) cannot be paid again", async () => {
    const userId = newId();
    const account = existingStream(accountStream(userId), [
      {
        type: 'UserRegistered',
        data: { userId, name: 'Back', email: `${userId.slice(0, 8)}@example.com`, passwordHash: 'h' },
      },
    ] as never);
    const open = (...given: GivenStream[]) =>
      api
        .given(...given)
        .signedInAs(userId)
        .when((http) => http.post('/api/create-checkout-session').send({ planId: 'premium' }))
        .then({
          status: 200,
          newEvents: { [accountStream(userId)]: [expect.objectContaining({ type: 'CheckoutStarted' })] },
        });
    await api
      .given(account)
      .when((http) => http.get('/api/health'))
      .then({ status: 200, newEvents: {} });
    const first = await open();
    const second = await open();
    const paid = await api
      .given()
      .signedInAs(userId)
      .when((http) => http.post(`${first.body.url}/pay`))
      .then({ status: 302, newEvents: { [accountStream(userId)]: expect.any(Array) } });
    expect(paid.headers.location).toBe('/dashboard?subscription=success&plan=premium');
    const again = await api
      .given()
      .signedInAs(userId)
      .when((http) => http.post(`${second.body.url}/pay`))
      .then({ status: 409, newEvents: {} });
    expect(again.text).toContain(PLAN_CHANGE_MESSAGES.samePlan('Premium'));
    expect(again.text).toContain('Nothing was charged.');
    expect(again.text).not.toContain('<form');
  });
});

describe('GET and POST /api/subscription/change', () => {
  it('an upgrade costs what the preview said: the prorated difference, with credits in proportion, and keeps the renewal date', async () => {
    const { userId, renewsAt, given } = subscriber('basic', { daysLeft: 10 });
    const preview = await api
      .given(given)
      .signedInAs(userId)
      .when((http) => http.get('/api/subscription/change?planId=premium'))
      .then({ status: 200, newEvents: {} });
    const { quoteAt, dueNow, creditsNow } = preview.body;
    expect(dueNow).toBe(proratedDifference(9999 - 2999, new Date(quoteAt), new Date(renewsAt)));
    expect(dueNow).toBeGreaterThan(0);
    expect(dueNow).toBeLessThan(9999 - 2999);
    expect(creditsNow).toBe(upgradeCredits('basic', 'premium', dueNow));
    expect(preview.body).toMatchObject({
      kind: 'upgrade',
      from: { planId: 'basic', price: 2999, credits: 60 },
      to: { planId: 'premium', price: 9999, credits: 400 },
      renewsAt,
    });

    const changed = await api
      .given()
      .signedInAs(userId)
      .when((http) => http.post('/api/subscription/change').send({ planId: 'premium', quoteAt }))
      .then({
        status: 200,
        newEvents: {
          [accountStream(userId)]: [
            {
              type: 'PlanChanged',
              data: {
                fromPlanId: 'basic',
                toPlanId: 'premium',
                tier: 'Premium',
                amountPaid: dueNow,
                paymentRef: expect.stringMatching(/^sim_in_/),
                subscriptionId: `sim_sub_${userId}`,
                renewsAt,
              },
            },
            {
              type: 'CreditsGranted',
              data: {
                amount: creditsNow,
                reason: 'plan-upgrade',
                planId: 'premium',
                paymentRef: expect.stringMatching(/^sim_in_/),
              },
            },
          ],
        },
      });
    expect(changed.body).toMatchObject({
      success: true,
      kind: 'upgrade',
      creditsAdded: creditsNow,
      newTotalCredits: 60 + creditsNow,
      amountPaid: dueNow,
      renewsAt,
    });
  });

  it('a downgrade waits for the renewal and charges nothing; choosing the current plan again takes it back', async () => {
    const { userId, renewsAt, given } = subscriber('premium');
    const preview = await api
      .given(given)
      .signedInAs(userId)
      .when((http) => http.get('/api/subscription/change?planId=basic'))
      .then({ status: 200, newEvents: {} });
    expect(preview.body).toMatchObject({ kind: 'downgrade', dueNow: 0, creditsNow: 0, renewsAt });
    await api
      .given()
      .signedInAs(userId)
      .when((http) => http.post('/api/subscription/change').send({ planId: 'basic' }))
      .then({
        status: 200,
        body: { kind: 'downgrade', creditsAdded: 0, renewsAt },
        newEvents: {
          [accountStream(userId)]: [
            {
              type: 'PlanChangeScheduled',
              data: {
                fromPlanId: 'premium',
                toPlanId: 'basic',
                renewsAt,
                subscriptionId: `sim_sub_${userId}`,
              },
            },
          ],
        },
      });
    const user = await api
      .given()
      .signedInAs(userId)
      .when((http) => http.get('/api/user'))
      .then({ status: 200, newEvents: {} });
    expect(user.body).toMatchObject({ subscriptionTier: 'Premium', nextPlanId: 'basic', renewsAt });
    await api
      .given()
      .signedInAs(userId)
      .when((http) => http.post('/api/subscription/change').send({ planId: 'premium' }))
      .then({
        status: 200,
        body: { kind: 'keep' },
        newEvents: {
          [accountStream(userId)]: [
            { type: 'PlanChangeCancelled', data: { planId: 'premium', subscriptionId: `sim_sub_${userId}` } },
          ],
        },
      });
  });

  it('refuses the same plan, no plan, an unsettled plan, a stale or future quote and a bad plan: 4xx, nothing charged or appended', async () => {
    const premium = subscriber('premium');
    for (const method of ['get', 'post'] as const) {
      await api
        .given(premium.given)
        .signedInAs(premium.userId)
        .when((http) =>
          method === 'get'
            ? http.get('/api/subscription/change?planId=premium')
            : http.post('/api/subscription/change').send({ planId: 'premium' }),
        )
        .then({ status: 409, body: { message: PLAN_CHANGE_MESSAGES.samePlan('Premium') }, newEvents: {} });
    }
    const demo = newId();
    await api
      .given(
        existingStream(accountStream(demo), [
          {
            type: 'UserRegistered',
            data: { userId: demo, name: 'D', email: `${demo}@example.com`, passwordHash: 'h' },
          },
        ] as never),
      )
      .signedInAs(demo)
      .when((http) => http.post('/api/subscription/change').send({ planId: 'basic' }))
      .then({ status: 409, body: { message: PLAN_CHANGE_MESSAGES.noSubscription }, newEvents: {} });
    const late = subscriber('basic', { status: 'past_due' });
    await api
      .given(late.given)
      .signedInAs(late.userId)
      .when((http) => http.post('/api/subscription/change').send({ planId: 'premium' }))
      .then({ status: 409, body: { message: PLAN_CHANGE_MESSAGES.notActive }, newEvents: {} });
    const basic = subscriber('basic');
    for (const quoteAt of [
      new Date(Date.now() - 31 * 60 * 1000).toISOString(),
      new Date(Date.now() + 5 * 60 * 1000).toISOString(),
    ]) {
      await api
        .given(basic.given)
        .signedInAs(basic.userId)
        .when((http) => http.post('/api/subscription/change').send({ planId: 'premium', quoteAt }))
        .then({ status: 409, body: { message: PLAN_CHANGE_MESSAGES.quoteExpired }, newEvents: {} });
    }
    for (const body of [{ planId: 'gold' }, { planId: 'premium', quoteAt: 'yesterday' }, {}]) {
      await api
        .given()
        .signedInAs(basic.userId)
        .when((http) => http.post('/api/subscription/change').send(body))
        .then({ status: 400, newEvents: {} });
    }
    await api
      .given()
      .when((http) => http.post('/api/subscription/change').send({ planId: 'premium' }))
      .then({ status: 401, newEvents: {} });
  });
});
