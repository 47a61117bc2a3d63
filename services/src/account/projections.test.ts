import type { AccountStreamEvent } from '@studio/events';
import { GIVEN_AT, type GivenEvent, projectionSpec } from '../testing/projection-spec';
import { ACCOUNTS, type AccountDoc, accountsProjection, LEDGER } from './projections';

const spec = projectionSpec<AccountStreamEvent>(accountsProjection);
const stream = 'account-u1';
const on = (event: Omit<GivenEvent<AccountStreamEvent>, 'stream'>) =>
  ({ stream, ...event }) as GivenEvent<AccountStreamEvent>;

const registered = on({
  type: 'UserRegistered',
  data: { userId: 'u1', name: 'Ada', email: 'ada@example.com', passwordHash: 'hash', customerId: 'cus_1' },
});
const fresh: AccountDoc = {
  _id: 'u1',
  name: 'Ada',
  email: 'ada@example.com',
  tier: 'Demo',
  credits: 0,
  createdAt: GIVEN_AT,
  subscriptionStatus: 'none',
  customerId: 'cus_1',
};
const granted = on({
  type: 'CreditsGranted',
  data: { amount: 100, reason: 'plan-purchase', planId: 'basic', paymentRef: 'in_1' },
});
const grantEntry = {
  _id: 'e2',
  userId: 'u1',
  at: GIVEN_AT,
  amount: 100,
  kind: 'granted',
  reason: 'plan-purchase',
  planId: 'basic',
};
const activated = on({
  type: 'SubscriptionActivated',
  data: {
    planId: 'standard',
    tier: 'Standard',
    customerId: 'cus_2',
    subscriptionId: 'sub_1',
    paymentRef: 'in_2',
  },
});
const active = {
  ...fresh,
  tier: 'Standard',
  planId: 'standard',
  subscriptionStatus: 'active',
  customerId: 'cus_2',
  subscriptionId: 'sub_1',
};

describe('accounts projection', () => {
  it('UserRegistered: a Demo account with no credits', () =>
    spec.given([registered]).then({ [ACCOUNTS]: [fresh] }));

  it('ProfileUpdated: the new name (other profile fields are not in the document)', () =>
    spec
      .given([registered, on({ type: 'ProfileUpdated', data: { name: 'Ada L.', avatar: 'a.png' } })])
      .then({ [ACCOUNTS]: [{ ...fresh, name: 'Ada L.' }] }));

  it('CreditsGranted: credits up, a ledger entry', () =>
    spec
      .given([registered, granted])
      .then({ [ACCOUNTS]: [{ ...fresh, credits: 100 }], [LEDGER]: [grantEntry] }));

  it('CreditsDebited and CreditsRefunded: down and up again, each in the ledger with its generation', () =>
    spec
      .given([
        registered,
        granted,
        on({
          type: 'CreditsDebited',
          data: { amount: 8, reason: 'generation', generationId: 'g1', kind: 'non-fiction' },
        }),
        on({ type: 'CreditsRefunded', data: { amount: 8, reason: 'generation-failed', generationId: 'g1' } }),
      ])
      .then({
        [ACCOUNTS]: [{ ...fresh, credits: 100 }],
        [LEDGER]: [
          grantEntry,
          {
            _id: 'e3',
            userId: 'u1',
            at: GIVEN_AT,
            amount: -8,
            kind: 'debited',
            reason: 'non-fiction',
            generationId: 'g1',
          },
          {
            _id: 'e4',
            userId: 'u1',
            at: GIVEN_AT,
            amount: 8,
            kind: 'refunded',
            reason: 'generation-failed',
            generationId: 'g1',
          },
        ],
      }));

  it('CreditsAdjusted: the signed delta, with the admin reason', () =>
    spec
      .given([
        registered,
        granted,
        on({
          type: 'CreditsAdjusted',
          data: { delta: -30, reason: 'correction', adminId: 'a1', previousCredits: 100, newCredits: 70 },
        }),
      ])
      .then({
        [ACCOUNTS]: [{ ...fresh, credits: 70 }],
        [LEDGER]: [
          grantEntry,
          { _id: 'e3', userId: 'u1', at: GIVEN_AT, amount: -30, kind: 'adjusted', reason: 'correction' },
        ],
      }));

  it('SubscriptionActivated: tier, plan, gateway ids, active', () =>
    spec.given([registered, activated]).then({ [ACCOUNTS]: [active] }));

  it('PaymentFailed then SubscriptionRenewed: past due, then active again', async () => {
    const failed = on({ type: 'PaymentFailed', data: { paymentRef: 'in_3', reason: 'card declined' } });
    await spec
      .given([registered, activated, failed])
      .then({ [ACCOUNTS]: [{ ...active, subscriptionStatus: 'past_due' }] });
    await spec
      .given([
        registered,
        activated,
        failed,
        on({ type: 'SubscriptionRenewed', data: { planId: 'standard', paymentRef: 'in_4' } }),
      ])
      .then({ [ACCOUNTS]: [active] });
  });

  it('SubscriptionCancelled: cancelling at period end, expired at once otherwise', async () => {
    await spec
      .given([registered, activated, on({ type: 'SubscriptionCancelled', data: { atPeriodEnd: true } })])
      .then({ [ACCOUNTS]: [{ ...active, subscriptionStatus: 'cancelling' }] });
    await spec
      .given([registered, activated, on({ type: 'SubscriptionCancelled', data: { atPeriodEnd: false } })])
      .then({ [ACCOUNTS]: [{ ...active, subscriptionStatus: 'expired' }] });
  });

  it('SubscriptionExpired: Demo again when it was the current plan; nothing otherwise', async () => {
    await spec
      .given([
        registered,
        activated,
        on({ type: 'SubscriptionExpired', data: { reason: 'ended', downgraded: true } }),
      ])
      .then({ [ACCOUNTS]: [{ ...active, tier: 'Demo', subscriptionStatus: 'expired' }] });
    await spec
      .given([
        registered,
        activated,
        on({
          type: 'SubscriptionExpired',
          data: { subscriptionId: 'sub_0', reason: 'ended', downgraded: false },
        }),
      ])
      .then({ [ACCOUNTS]: [active] });
  });

  it('SubscriptionAdminUpdated: the tier and ids an admin set; Demo means no subscription', async () => {
    await spec
      .given([
        registered,
        on({
          type: 'SubscriptionAdminUpdated',
          data: { adminId: 'a1', tier: 'Premium', subscriptionId: 'sub_9', reason: 'fix' },
        }),
      ])
      .then({
        [ACCOUNTS]: [{ ...fresh, tier: 'Premium', subscriptionStatus: 'active', subscriptionId: 'sub_9' }],
      });
    await spec
      .given([
        registered,
        activated,
        on({ type: 'SubscriptionAdminUpdated', data: { adminId: 'a1', tier: 'Demo', reason: 'fix' } }),
      ])
      .then({ [ACCOUNTS]: [{ ...active, tier: 'Demo', subscriptionStatus: 'none' }] });
  });

  it('ignores events of the stream that change no document, and streams that are not accounts', () =>
    spec
      .given([
        registered,
        on({ type: 'CheckoutStarted', data: { planId: 'basic', gateway: 'simulated', sessionRef: 's1' } }),
        on({
          type: 'GenerationRequested',
          data: { generationId: 'g1', userId: 'u1', kind: 'coloring-page', input: { prompt: 'p' }, cost: 4 },
        }),
        { ...granted, stream: 'elsewhere-u1' },
      ])
      .then({ [ACCOUNTS]: [fresh] }));
});
