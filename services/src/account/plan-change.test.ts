import { type AccountStreamEvent, upgradeCredits } from '@studio/events';
import type { Emitted } from '../platform/decider';
import { specFor, stateAfter } from '../testing/decider-spec';
import { accountDecider } from './decider';

const spec = specFor(accountDecider);
const RENEWS = '2026-12-27T00:00:00.000Z';
const registered: Emitted<AccountStreamEvent> = {
  type: 'UserRegistered',
  data: { userId: 'recA', name: 'Ada', email: 'ada@example.com', passwordHash: 'h' },
};
const onBasic: Emitted<AccountStreamEvent>[] = [
  registered,
  {
    type: 'SubscriptionActivated',
    data: {
      planId: 'basic',
      tier: 'Basic',
      paymentRef: 'in_1',
      amountPaid: 2999,
      subscriptionId: 'sub_1',
      periodEnd: RENEWS,
    },
  },
  {
    type: 'CreditsGranted',
    data: { amount: 60, reason: 'plan-purchase', planId: 'basic', paymentRef: 'in_1' },
  },
];

/** The upgrade from Basic to Premium that the later cases start from. */
const upgradedToPremium: Emitted<AccountStreamEvent> = {
  type: 'PlanChanged',
  data: { fromPlanId: 'basic', toPlanId: 'premium', tier: 'Premium', amountPaid: 10, paymentRef: 'in_up' },
};

describe('plan changes', () => {
  it('an upgrade paid now changes the plan at once, keeps the renewal date and grants credits in proportion', () => {
    // Half the month left: half the price difference paid, half the extra credits.
    const half = Math.round((9999 - 2999) / 2);
    spec(onBasic)
      .when({
        type: 'ChangePlan',
        toPlanId: 'premium',
        paymentRef: 'in_up',
        amountPaid: half,
        renewsAt: RENEWS,
      })
      .then([
        {
          type: 'PlanChanged',
          data: {
            fromPlanId: 'basic',
            toPlanId: 'premium',
            tier: 'Premium',
            amountPaid: half,
            paymentRef: 'in_up',
            renewsAt: RENEWS,
          },
        },
        {
          type: 'CreditsGranted',
          data: { amount: 170, reason: 'plan-upgrade', planId: 'premium', paymentRef: 'in_up' },
        },
      ]);
  });

  it('counts an upgrade once, whether the route or the webhook brings its payment first', () => {
    const changed = stateAfter(accountDecider, [...onBasic, upgradedToPremium]);
    expect(changed).toMatchObject({ tier: 'Premium', planId: 'premium', renewsAt: RENEWS });
    spec([...onBasic, upgradedToPremium])
      .when({ type: 'ChangePlan', toPlanId: 'premium', paymentRef: 'in_up', amountPaid: 10 })
      .thenNothing();
  });

  it('an upgrade without a payment changes nothing: its invoice brings it', () => {
    spec(onBasic).when({ type: 'ChangePlan', toPlanId: 'standard', amountPaid: 0 }).thenNothing();
  });

  it('a downgrade is scheduled for the renewal, once; the renewal then makes it the plan', () => {
    const onPremium: Emitted<AccountStreamEvent>[] = [...onBasic, upgradedToPremium];
    const scheduled: Emitted<AccountStreamEvent> = {
      type: 'PlanChangeScheduled',
      data: { fromPlanId: 'premium', toPlanId: 'standard', renewsAt: RENEWS },
    };
    spec(onPremium)
      .when({ type: 'ChangePlan', toPlanId: 'standard', amountPaid: 0, renewsAt: RENEWS })
      .then([scheduled]);
    spec([...onPremium, scheduled])
      .when({ type: 'ChangePlan', toPlanId: 'standard', amountPaid: 0 })
      .thenNothing();
    expect(stateAfter(accountDecider, [...onPremium, scheduled])).toMatchObject({
      tier: 'Premium',
      scheduledPlanId: 'standard',
    });
    const renewed = stateAfter(accountDecider, [
      ...onPremium,
      scheduled,
      {
        type: 'SubscriptionRenewed',
        data: {
          planId: 'standard',
          paymentRef: 'in_2',
          subscriptionId: 'sub_1',
          periodEnd: '2027-01-27T00:00:00.000Z',
        },
      },
    ]);
    expect(renewed).toMatchObject({
      tier: 'Standard',
      planId: 'standard',
      renewsAt: '2027-01-27T00:00:00.000Z',
    });
    expect(renewed.scheduledPlanId).toBeUndefined();
  });

  it('choosing the current plan again takes a scheduled downgrade back, and is otherwise nothing', () => {
    const scheduled: Emitted<AccountStreamEvent> = {
      type: 'PlanChangeScheduled',
      data: { fromPlanId: 'basic', toPlanId: 'basic' },
    };
    spec(onBasic).when({ type: 'ChangePlan', toPlanId: 'basic', amountPaid: 0 }).thenNothing();
    const onStandard: Emitted<AccountStreamEvent>[] = [
      ...onBasic,
      {
        type: 'PlanChanged',
        data: {
          fromPlanId: 'basic',
          toPlanId: 'standard',
          tier: 'Standard',
          amountPaid: 5,
          paymentRef: 'in_s',
        },
      },
      { type: 'PlanChangeScheduled', data: { fromPlanId: 'standard', toPlanId: 'basic' } },
    ];
    spec(onStandard)
      .when({ type: 'ChangePlan', toPlanId: 'standard', amountPaid: 0 })
      .then([{ type: 'PlanChangeCancelled', data: { planId: 'standard' } }]);
    expect(stateAfter(accountDecider, [...onBasic, scheduled]).scheduledPlanId).toBeUndefined();
  });

  it('upgrade credits follow what was paid and never exceed the difference', () => {
    expect(upgradeCredits('basic', 'premium', 7000)).toBe(340);
    expect(upgradeCredits('basic', 'premium', 9999)).toBe(340);
    expect(upgradeCredits('standard', 'premium', 500)).toBe(25);
    expect(upgradeCredits('premium', 'basic', 500)).toBe(0);
    expect(upgradeCredits('basic', 'standard', 0)).toBe(0);
  });
});
