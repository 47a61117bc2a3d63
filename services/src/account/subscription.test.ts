import type { AccountStreamEvent } from '@studio/events';
import type { Emitted } from '../platform/decider';
import { specFor, stateAfter } from '../testing/decider-spec';
import { accountDecider } from './decider';

/** Paid in full: at least any plan's price (in cents). */
const PAID = 9999;

const spec = specFor(accountDecider);
const registered: Emitted<AccountStreamEvent> = {
  type: 'UserRegistered',
  data: { userId: 'recA', name: 'Ada', email: 'ada@example.com', passwordHash: 'h' },
};
const activated = (
  paymentRef = 'in_1',
  planId: 'basic' | 'standard' = 'basic',
): Emitted<AccountStreamEvent>[] => [
  {
    type: 'SubscriptionActivated',
    data: {
      planId,
      tier: planId === 'basic' ? 'Basic' : 'Standard',
      paymentRef,
      amountPaid: PAID,
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
    },
  },
  {
    type: 'CreditsGranted',
    data: { amount: planId === 'basic' ? 60 : 150, reason: 'plan-purchase', planId, paymentRef },
  },
];

/** A payment of Basic on sub_1, as its first invoice or a renewal brings it. */
const basicPayment = (type: 'ActivateSubscription' | 'RenewSubscription', paymentRef: string) =>
  ({ type, amountPaid: PAID, planId: 'basic', paymentRef, subscriptionId: 'sub_1' }) as const;
/** Basic's 60 credits, granted for one payment. */
const basicCredits = (
  reason: 'plan-purchase' | 'renewal',
  paymentRef: string,
): Emitted<AccountStreamEvent> => ({
  type: 'CreditsGranted',
  data: { amount: 60, reason, planId: 'basic', paymentRef },
});

describe('subscription lifecycle', () => {
  it('given a new account, when a Standard checkout completes, then Standard is active with 150 credits', () => {
    spec([registered])
      .when({
        type: 'ActivateSubscription',
        amountPaid: PAID,
        planId: 'standard',
        paymentRef: 'in_1',
        customerId: 'cus_1',
        subscriptionId: 'sub_1',
      })
      .then(activated('in_1', 'standard'));
  });

  it('given the first invoice was applied, when the same payment arrives again (any order), then nothing', () => {
    spec([registered, ...activated('in_1')])
      .when({ type: 'ActivateSubscription', amountPaid: PAID, planId: 'basic', paymentRef: 'in_1' })
      .thenNothing();
    spec([registered, ...activated('in_1')])
      .when(basicPayment('RenewSubscription', 'in_1'))
      .thenNothing();
  });

  it('given an active plan, when the monthly invoice is paid, then the plan credits are granted again', () => {
    spec([registered, ...activated('in_1')])
      .when({
        type: 'RenewSubscription',
        amountPaid: PAID,
        planId: 'basic',
        paymentRef: 'in_2',
        subscriptionId: 'sub_1',
        periodEnd: '2026-12-22T00:00:00.000Z',
      })
      .then([
        {
          type: 'SubscriptionRenewed',
          data: {
            planId: 'basic',
            paymentRef: 'in_2',
            amountPaid: PAID,
            subscriptionId: 'sub_1',
            periodEnd: '2026-12-22T00:00:00.000Z',
          },
        },
        basicCredits('renewal', 'in_2'),
      ]);
  });

  it('records a failed payment once', () => {
    spec([registered, ...activated()])
      .when({
        type: 'RecordPaymentFailure',
        paymentRef: 'in_3',
        reason: 'card_declined',
        subscriptionId: 'sub_1',
      })
      .then([
        {
          type: 'PaymentFailed',
          data: { paymentRef: 'in_3', reason: 'card_declined', subscriptionId: 'sub_1' },
        },
      ]);
    spec([
      registered,
      ...activated(),
      {
        type: 'PaymentFailed',
        data: { paymentRef: 'in_3', reason: 'card_declined', subscriptionId: 'sub_1' },
      },
    ])
      .when({ type: 'RecordPaymentFailure', paymentRef: 'in_3', reason: 'card_declined' })
      .thenNothing();
  });

  it('an invoice that failed and is paid on a retry renews the plan and grants its credits once', () => {
    const failed: Emitted<AccountStreamEvent> = {
      type: 'PaymentFailed',
      data: { paymentRef: 'in_3', reason: 'card_declined', subscriptionId: 'sub_1' },
    };
    const retried = basicPayment('RenewSubscription', 'in_3');
    const renewed: Emitted<AccountStreamEvent>[] = [
      {
        type: 'SubscriptionRenewed',
        data: { planId: 'basic', paymentRef: 'in_3', amountPaid: PAID, subscriptionId: 'sub_1' },
      },
      basicCredits('renewal', 'in_3'),
    ];
    spec([registered, ...activated(), failed])
      .when(retried)
      .then(renewed);
    const after = fold([registered, ...activated(), failed, ...renewed]);
    expect(after.subscriptionStatus).toBe('active');
    // Replayed afterwards, neither the payment nor the old failure changes anything.
    spec([registered, ...activated(), failed, ...renewed])
      .when(retried)
      .thenNothing();
    spec([registered, ...activated(), failed, ...renewed])
      .when({ type: 'RecordPaymentFailure', paymentRef: 'in_3', reason: 'card_declined' })
      .thenNothing();
  });

  it('given an active plan, when the subscription is deleted, then the account is Demo; a second deletion does nothing', () => {
    spec([registered, ...activated()])
      .when({ type: 'ExpireSubscription', subscriptionId: 'sub_1', reason: 'customer.subscription.deleted' })
      .then([
        {
          type: 'SubscriptionExpired',
          data: { subscriptionId: 'sub_1', reason: 'customer.subscription.deleted', downgraded: true },
        },
      ]);
    spec([
      registered,
      ...activated(),
      { type: 'SubscriptionExpired', data: { subscriptionId: 'sub_1', reason: 'x', downgraded: true } },
    ])
      .when({ type: 'ExpireSubscription', subscriptionId: 'sub_1', reason: 'x' })
      .thenNothing();
  });

  it('records the end of another subscription without touching the current one', () => {
    const state = [
      registered,
      ...activated(),
      {
        type: 'SubscriptionExpired',
        data: { subscriptionId: 'sub_old', reason: 'x', downgraded: false },
      } as Emitted<AccountStreamEvent>,
    ].reduce(
      (s, e) => accountDecider.evolve(s, { ...e, eventId: 'e', metadata: {} } as never),
      accountDecider.initialState,
    );
    expect(state.tier).toBe('Basic');
    expect(state.endedSubscriptions.has('sub_old')).toBe(true);
  });

  it('given the deletion arrived first, when the first payment arrives, then credits are granted but the tier stays Demo', () => {
    spec([
      registered,
      { type: 'SubscriptionExpired', data: { subscriptionId: 'sub_1', reason: 'deleted', downgraded: true } },
    ])
      .when(basicPayment('ActivateSubscription', 'in_1'))
      .then([basicCredits('plan-purchase', 'in_1')]);
  });

  it('cancelling at period end is recorded once', () => {
    spec([registered, ...activated()])
      .when({ type: 'CancelSubscription', subscriptionId: 'sub_1', atPeriodEnd: true })
      .then([{ type: 'SubscriptionCancelled', data: { subscriptionId: 'sub_1', atPeriodEnd: true } }]);
    spec([
      registered,
      ...activated(),
      { type: 'SubscriptionCancelled', data: { subscriptionId: 'sub_1', atPeriodEnd: true } },
    ])
      .when({ type: 'CancelSubscription', subscriptionId: 'sub_1', atPeriodEnd: true })
      .thenNothing();
  });

  it('an admin fix sets the tier and ids and moves credits through the ledger with a reason', () => {
    spec([registered, ...activated()])
      .when({
        type: 'AdminUpdateSubscription',
        adminId: 'recAdmin',
        tier: 'Premium',
        customerId: 'cus_9',
        credits: 400,
        reason: 'Admin tools',
      })
      .then([
        {
          type: 'SubscriptionAdminUpdated',
          data: { adminId: 'recAdmin', tier: 'Premium', customerId: 'cus_9', reason: 'Admin tools' },
        },
        {
          type: 'CreditsAdjusted',
          data: {
            delta: 340,
            reason: 'Admin tools',
            adminId: 'recAdmin',
            previousCredits: 60,
            newCredits: 400,
          },
        },
      ]);
  });

  it('refuses negative admin credits', () => {
    spec([registered])
      .when({ type: 'AdminUpdateSubscription', adminId: 'a', tier: 'Basic', credits: -1, reason: 'x' })
      .thenError('VALIDATION');
  });

  it('the self-update tool activates the tier and grants its credits, recording no payment (no receipt)', () => {
    const [activation, grant] = activated('manual-1');
    const { amountPaid: _none, ...unpaid } = (
      activation as Extract<typeof activation, { type: 'SubscriptionActivated' }>
    ).data;
    spec([registered])
      .when({
        type: 'SelfUpdateSubscription',
        tier: 'Basic',
        paymentRef: 'manual-1',
        customerId: 'cus_1',
        subscriptionId: 'sub_1',
      })
      .then([{ type: 'SubscriptionActivated', data: unpaid }, grant!]);
  });

  it('refuses every subscription command for an account that does not exist', () => {
    spec([])
      .when({ type: 'StartCheckout', planId: 'basic', gateway: 'simulated', sessionRef: 's1' })
      .thenError('NOT_FOUND', 'Account not found');
  });

  it('a checkout marks a new or expired account pending, and leaves an active plan as it is', () => {
    spec([registered])
      .when({ type: 'StartCheckout', planId: 'premium', gateway: 'stripe', sessionRef: 'cs_1' })
      .then([
        { type: 'CheckoutStarted', data: { planId: 'premium', gateway: 'stripe', sessionRef: 'cs_1' } },
      ]);
    const checkout: Emitted<AccountStreamEvent> = {
      type: 'CheckoutStarted',
      data: { planId: 'basic', gateway: 'simulated', sessionRef: 's1' },
    };
    const expired: Emitted<AccountStreamEvent> = {
      type: 'SubscriptionExpired',
      data: { subscriptionId: 'sub_1', reason: 'x', downgraded: true },
    };
    expect(fold([registered, checkout]).subscriptionStatus).toBe('pending');
    expect(fold([registered, ...activated(), checkout]).subscriptionStatus).toBe('active');
    expect(fold([registered, ...activated(), expired, checkout]).subscriptionStatus).toBe('pending');
  });

  it('a renewal of a subscription that already ended grants its credits and keeps the account as it is', () => {
    spec([
      registered,
      ...activated(),
      { type: 'SubscriptionExpired', data: { subscriptionId: 'sub_1', reason: 'x', downgraded: true } },
    ])
      .when(basicPayment('RenewSubscription', 'in_2'))
      .then([basicCredits('renewal', 'in_2')]);
  });

  it('a failed payment without a subscription id is recorded as such, and marks the plan past due', () => {
    spec([registered, ...activated()])
      .when({ type: 'RecordPaymentFailure', paymentRef: 'in_4', reason: 'expired_card' })
      .then([{ type: 'PaymentFailed', data: { paymentRef: 'in_4', reason: 'expired_card' } }]);
    const failed: Emitted<AccountStreamEvent> = {
      type: 'PaymentFailed',
      data: { paymentRef: 'in_4', reason: 'expired_card' },
    };
    expect(fold([registered, ...activated(), failed]).subscriptionStatus).toBe('past_due');
  });

  it('cancelling ignores another subscription, ends at once when asked, and does nothing to an ended plan', () => {
    spec([registered, ...activated()])
      .when({ type: 'CancelSubscription', subscriptionId: 'sub_other', atPeriodEnd: true })
      .thenNothing();
    spec([registered, ...activated()])
      .when({ type: 'CancelSubscription', atPeriodEnd: false })
      .then([{ type: 'SubscriptionCancelled', data: { atPeriodEnd: false } }]);
    const cancelledNow: Emitted<AccountStreamEvent> = {
      type: 'SubscriptionCancelled',
      data: { atPeriodEnd: false },
    };
    expect(fold([registered, ...activated(), cancelledNow]).subscriptionStatus).toBe('expired');
    spec([registered, ...activated(), cancelledNow])
      .when({ type: 'CancelSubscription', subscriptionId: 'sub_1', atPeriodEnd: true })
      .thenNothing();
    // Cancelling at period end, then at once: the second still ends it.
    const cancelling: Emitted<AccountStreamEvent> = {
      type: 'SubscriptionCancelled',
      data: { subscriptionId: 'sub_1', atPeriodEnd: true },
    };
    expect(fold([registered, ...activated(), cancelling]).subscriptionStatus).toBe('cancelling');
    spec([registered, ...activated(), cancelling])
      .when({ type: 'CancelSubscription', subscriptionId: 'sub_1', atPeriodEnd: false })
      .then([{ type: 'SubscriptionCancelled', data: { subscriptionId: 'sub_1', atPeriodEnd: false } }]);
  });

  it('an expiry without a subscription id downgrades a paid plan, and does nothing to a Demo account', () => {
    spec([registered, ...activated()])
      .when({ type: 'ExpireSubscription', reason: 'admin' })
      .then([{ type: 'SubscriptionExpired', data: { reason: 'admin', downgraded: true } }]);
    spec([registered]).when({ type: 'ExpireSubscription', reason: 'admin' }).thenNothing();
    const expired = fold([
      registered,
      ...activated(),
      { type: 'SubscriptionExpired', data: { reason: 'admin', downgraded: true } },
    ]);
    expect(expired).toMatchObject({ tier: 'Demo', subscriptionStatus: 'expired' });
    expect(expired.planId).toBeUndefined();
    expect(expired.subscriptionId).toBeUndefined();
  });

  it('the end of an older subscription is remembered but does not downgrade the current one', () => {
    spec([registered, ...activated()])
      .when({ type: 'ExpireSubscription', subscriptionId: 'sub_old', reason: 'x' })
      .then([
        { type: 'SubscriptionExpired', data: { subscriptionId: 'sub_old', reason: 'x', downgraded: false } },
      ]);
  });

  it('an admin fix without a credit change adjusts nothing; a fractional amount is refused; Demo means no plan', () => {
    spec([registered, ...activated()])
      .when({ type: 'AdminUpdateSubscription', adminId: 'a', tier: 'Basic', credits: 60, reason: 'same' })
      .then([{ type: 'SubscriptionAdminUpdated', data: { adminId: 'a', tier: 'Basic', reason: 'same' } }]);
    spec([registered])
      .when({ type: 'AdminUpdateSubscription', adminId: 'a', tier: 'Basic', credits: 1.5, reason: 'x' })
      .thenError('VALIDATION', 'Credits must be a whole number, 0 or more');
    const toDemo = fold([
      registered,
      ...activated(),
      { type: 'SubscriptionAdminUpdated', data: { adminId: 'a', tier: 'Demo', reason: 'x' } },
    ]);
    expect(toDemo).toMatchObject({ tier: 'Demo', subscriptionStatus: 'none' });
    const toPremium = fold([
      registered,
      {
        type: 'SubscriptionAdminUpdated',
        data: { adminId: 'a', tier: 'Premium', customerId: 'cus_9', subscriptionId: 'sub_9', reason: 'x' },
      },
    ]);
    expect(toPremium).toMatchObject({
      tier: 'Premium',
      subscriptionStatus: 'active',
      customerId: 'cus_9',
      subscriptionId: 'sub_9',
    });
  });

  it('an admin may set the credits to 0', () => {
    spec([registered, ...activated()])
      .when({ type: 'AdminUpdateSubscription', adminId: 'a', tier: 'Basic', credits: 0, reason: 'reset' })
      .then([
        { type: 'SubscriptionAdminUpdated', data: { adminId: 'a', tier: 'Basic', reason: 'reset' } },
        {
          type: 'CreditsAdjusted',
          data: { delta: -60, reason: 'reset', adminId: 'a', previousCredits: 60, newCredits: 0 },
        },
      ]);
  });

  it('the self-update tool refuses a tier without a plan', () => {
    spec([registered])
      .when({ type: 'SelfUpdateSubscription', tier: 'Demo' as never, paymentRef: 'manual-3' })
      .thenError('VALIDATION', 'Unknown tier');
  });

  it('an expiry without a subscription id also ends a plan that is past due', () => {
    const failed: Emitted<AccountStreamEvent> = {
      type: 'PaymentFailed',
      data: { paymentRef: 'in_9', reason: 'x' },
    };
    spec([registered, ...activated(), failed])
      .when({ type: 'ExpireSubscription', reason: 'unpaid' })
      .then([{ type: 'SubscriptionExpired', data: { reason: 'unpaid', downgraded: true } }]);
  });

  it('the end of a subscription downgrades an account that never learnt its subscription id', () => {
    const activatedWithoutIds: Emitted<AccountStreamEvent>[] = [
      { type: 'SubscriptionActivated', data: { planId: 'basic', tier: 'Basic', paymentRef: 'in_1' } },
      basicCredits('plan-purchase', 'in_1'),
    ];
    spec([registered, ...activatedWithoutIds])
      .when({ type: 'ExpireSubscription', subscriptionId: 'sub_1', reason: 'deleted' })
      .then([
        {
          type: 'SubscriptionExpired',
          data: { reason: 'deleted', downgraded: true, subscriptionId: 'sub_1' },
        },
      ]);
  });

  it('cancelling names the subscription of an account that never learnt its id', () => {
    const activatedWithoutIds: Emitted<AccountStreamEvent>[] = [
      { type: 'SubscriptionActivated', data: { planId: 'basic', tier: 'Basic', paymentRef: 'in_1' } },
    ];
    spec([registered, ...activatedWithoutIds])
      .when({ type: 'CancelSubscription', subscriptionId: 'sub_1', atPeriodEnd: true })
      .then([{ type: 'SubscriptionCancelled', data: { atPeriodEnd: true, subscriptionId: 'sub_1' } }]);
  });

  it('the self-update tool picks the plan of the tier asked for', () => {
    spec([registered])
      .when({ type: 'SelfUpdateSubscription', tier: 'Premium', paymentRef: 'manual-2' })
      .then([
        {
          type: 'SubscriptionActivated',
          data: { planId: 'premium', tier: 'Premium', paymentRef: 'manual-2' },
        },
        {
          type: 'CreditsGranted',
          data: { amount: 400, reason: 'plan-purchase', planId: 'premium', paymentRef: 'manual-2' },
        },
      ]);
  });
});

const fold = (events: Emitted<AccountStreamEvent>[]) =>
  stateAfter(accountDecider, events, '2026-11-22T10:00:00.000Z');
