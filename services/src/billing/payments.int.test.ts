import { accountStream } from '@studio/events';
import { accountDecider } from '../account/decider';
import { ACCOUNTS, type AccountDoc } from '../account/projections';
import { CommandHandler } from '../platform/command-handler';
import { capturingLogger } from '../testing/helpers';
import { openRunnerFixture, type RunnerFixture } from '../testing/runner-fixtures';
import type { GatewayEvent } from './gateway';
import { Payments } from './payments';

const AT = '2026-11-22T10:00:00.000Z';
/** These tests never reverse a charge. */
const noCharges = { describeCharge: async () => ({}) };

describe('payments: gateway events to account commands', () => {
  let fixture: RunnerFixture;
  let commands: CommandHandler;
  let payments: Payments;
  beforeEach(async () => {
    fixture = openRunnerFixture();
    commands = new CommandHandler(fixture.events);
    payments = new Payments(commands, fixture.reads, fixture.logger, noCharges);
    await commands.handle(
      accountStream('recA'),
      accountDecider,
      { type: 'RegisterUser', userId: 'recA', name: 'Ada', email: 'ada@example.com', passwordHash: 'h' },
      { at: AT, correlationId: 'c', causationId: 'c' },
    );
  });
  afterEach(() => fixture.dispose());

  const log = async (userId = 'recA') =>
    (await fixture.events.readStream(accountStream(userId))).map((e) => e.type).slice(1);
  const paid = (extra: Partial<Extract<GatewayEvent, { kind: 'subscription-paid' }>> = {}): GatewayEvent => ({
    kind: 'subscription-paid',
    eventId: 'evt_1',
    userId: 'recA',
    planId: 'standard',
    amountPaid: 4999,
    paymentRef: 'in_1',
    firstPayment: true,
    ...extra,
  });
  /** The accounts read model, as the projector would have written it. */
  const knownAccount = (doc: Partial<AccountDoc>) =>
    fixture.reads.collection<AccountDoc>(ACCOUNTS).put({
      _id: 'recA',
      name: 'Ada',
      email: 'ada@example.com',
      tier: 'Demo',
      credits: 0,
      createdAt: AT,
      subscriptionStatus: 'none',
      ...doc,
    });

  it('a first payment activates the plan and reports the credits it added', async () => {
    const outcome = await payments.apply(
      paid({ customerId: 'cus_1', subscriptionId: 'sub_1' }),
      '2026-11-22T10:05:00.000Z',
    );
    expect(outcome).toMatchObject({ applied: true, userId: 'recA', creditsAdded: 150 });
    expect(outcome.state).toMatchObject({
      tier: 'Standard',
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      credits: 150,
    });
    const [, activated] = await fixture.events.readStream(accountStream('recA'));
    expect(activated?.metadata).toMatchObject({
      occurredAt: '2026-11-22T10:05:00.000Z',
      correlationId: 'evt_1',
      causationId: 'evt_1',
      userId: 'recA',
    });
  });

  it('the same payment again adds nothing and says so', async () => {
    await payments.apply(paid(), AT);
    expect(await payments.apply(paid({ eventId: 'evt_2' }), AT)).toMatchObject({
      applied: false,
      creditsAdded: 0,
    });
    expect(await log()).toEqual(['SubscriptionActivated', 'CreditsGranted']);
  });

  it('a renewal renews the plan of the price billed, with its period end', async () => {
    await payments.apply(paid({ planId: 'standard' }), AT);
    const outcome = await payments.apply(
      paid({
        planId: 'premium',
        amountPaid: 9999,
        paymentRef: 'in_2',
        firstPayment: false,
        periodEnd: '2026-12-22T10:00:00.000Z',
      }),
      AT,
    );
    expect(outcome).toMatchObject({ applied: true, creditsAdded: 400 });
    const renewed = (await fixture.events.readStream(accountStream('recA'))).find(
      (e) => e.type === 'SubscriptionRenewed',
    );
    expect(renewed?.data).toEqual({
      planId: 'premium',
      paymentRef: 'in_2',
      amountPaid: 9999,
      periodEnd: '2026-12-22T10:00:00.000Z',
    });
  });

  it("a payment of a price that is none of the plans' grants nothing, whatever the account's plan, and is recorded once", async () => {
    await payments.apply(paid({ planId: 'premium', amountPaid: 9999 }), AT);
    const { planId: _omitted, ...unknown } = paid({
      paymentRef: 'in_2',
      firstPayment: false,
      priceId: 'price_other',
      amountPaid: 9999,
    }) as Extract<GatewayEvent, { kind: 'subscription-paid' }>;
    expect(await payments.apply(unknown, AT)).toMatchObject({ applied: true, creditsAdded: 0 });
    expect(await payments.apply(unknown, AT)).toMatchObject({ applied: false, creditsAdded: 0 });
    const events = await fixture.events.readStream(accountStream('recA'));
    expect(events.filter((e) => e.type === 'PaymentNotCredited').map((e) => e.data)).toEqual([
      { paymentRef: 'in_2', reason: 'unknown-price', amountPaid: 9999, priceId: 'price_other' },
    ]);
    expect(await log()).toEqual(['SubscriptionActivated', 'CreditsGranted', 'PaymentNotCredited']);
  });

  it('finds the account by its subscription, then by its customer, when the event names no user', async () => {
    await knownAccount({ subscriptionId: 'sub_9', customerId: 'cus_9' });
    const bySubscription = await payments.apply(
      paid({ userId: undefined, subscriptionId: 'sub_9', customerId: 'cus_other' }),
      AT,
    );
    expect(bySubscription).toMatchObject({ applied: true, userId: 'recA' });
    const byCustomer = await payments.apply(
      paid({ userId: undefined, subscriptionId: 'sub_unknown', customerId: 'cus_9', paymentRef: 'in_2' }),
      AT,
    );
    expect(byCustomer).toMatchObject({ applied: true, userId: 'recA' });
  });

  it('ignores an event for an account it cannot find or that was never registered', async () => {
    await knownAccount({ customerId: 'cus_9' });
    expect(
      await payments.apply(
        paid({ userId: undefined, customerId: 'cus_nobody', subscriptionId: 'sub_x' }),
        AT,
      ),
    ).toEqual({ applied: false, creditsAdded: 0 });
    expect(await payments.apply(paid({ userId: undefined }), AT)).toEqual({
      applied: false,
      creditsAdded: 0,
    });
    expect(await payments.apply(paid({ userId: 'recGhost' }), AT)).toEqual({
      applied: false,
      creditsAdded: 0,
    });
    expect(await fixture.events.readStream(accountStream('recGhost'))).toEqual([]);
    expect(await log()).toEqual([]);
  });

  it('tells the operator about a payment event for an account it cannot find', async () => {
    const { logger, lines } = capturingLogger();
    const quiet = new Payments(commands, fixture.reads, logger, noCharges);
    await quiet.apply(paid({ eventId: 'evt_lost', userId: undefined, customerId: 'cus_nobody' }), AT);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        eventId: 'evt_lost',
        kind: 'subscription-paid',
        msg: 'payment event for an unknown account; ignored',
      }),
    ]);
  });

  it('ignores the event types the gateway marked as ignored', async () => {
    expect(await payments.apply({ kind: 'ignored', eventId: 'evt_x', type: 'charge.updated' }, AT)).toEqual({
      applied: false,
      creditsAdded: 0,
    });
  });

  it('records a failed payment without adding credits', async () => {
    const outcome = await payments.apply(
      {
        kind: 'payment-failed',
        eventId: 'evt_f',
        userId: 'recA',
        paymentRef: 'in_f',
        reason: 'declined',
        subscriptionId: 'sub_1',
      },
      AT,
    );
    expect(outcome).toMatchObject({ applied: true, creditsAdded: 0 });
    const [, failed] = await fixture.events.readStream(accountStream('recA'));
    expect(failed?.data).toEqual({ paymentRef: 'in_f', reason: 'declined', subscriptionId: 'sub_1' });
  });

  it.each(['canceled', 'unpaid', 'incomplete_expired'])(
    'a subscription updated to %s ends the plan',
    async (status) => {
      await payments.apply(paid({ subscriptionId: 'sub_1' }), AT);
      const outcome = await payments.apply(
        {
          kind: 'subscription-updated',
          eventId: 'evt_u',
          userId: 'recA',
          subscriptionId: 'sub_1',
          status,
          cancelAtPeriodEnd: false,
        },
        AT,
      );
      expect(outcome).toMatchObject({ applied: true, creditsAdded: 0 });
      expect(outcome.state).toMatchObject({ tier: 'Demo', subscriptionStatus: 'expired' });
      const expired = (await fixture.events.readStream(accountStream('recA'))).at(-1);
      expect(expired?.data).toMatchObject({ reason: `subscription ${status}`, subscriptionId: 'sub_1' });
    },
  );

  it('an active subscription set to cancel at period end is recorded as cancelling; otherwise nothing', async () => {
    await payments.apply(paid({ subscriptionId: 'sub_1' }), AT);
    const update = (cancelAtPeriodEnd: boolean): GatewayEvent => ({
      kind: 'subscription-updated',
      eventId: 'evt_u',
      userId: 'recA',
      subscriptionId: 'sub_1',
      status: 'active',
      cancelAtPeriodEnd,
    });
    expect(await payments.apply(update(false), AT)).toMatchObject({ applied: false });
    const cancelling = await payments.apply(update(true), AT);
    expect(cancelling).toMatchObject({ applied: true });
    expect(cancelling.state).toMatchObject({ tier: 'Standard', subscriptionStatus: 'cancelling' });
  });

  it('a deleted subscription ends the plan', async () => {
    await payments.apply(paid({ subscriptionId: 'sub_1' }), AT);
    const outcome = await payments.apply(
      { kind: 'subscription-deleted', eventId: 'evt_d', userId: 'recA', subscriptionId: 'sub_1' },
      AT,
    );
    expect(outcome.state).toMatchObject({ tier: 'Demo', subscriptionStatus: 'expired' });
    const expired = (await fixture.events.readStream(accountStream('recA'))).at(-1);
    expect(expired?.data).toMatchObject({ reason: 'subscription deleted', subscriptionId: 'sub_1' });
  });
});
