import type { AccountStreamEvent } from '@studio/events';
import type { Emitted } from '../platform/decider';
import { stateAfter } from '../testing/decider-spec';
import { accountDecider } from './decider';
import { type AccountState, accountSnapshot, evolveAccount } from './state';

/** What each account event does to the state the deciders read. */
const after = (...events: Emitted<AccountStreamEvent>[]): AccountState =>
  stateAfter(accountDecider, events, '2026-11-22T10:00:00.000Z');

const registered: Emitted<AccountStreamEvent> = {
  type: 'UserRegistered',
  data: { userId: 'recA', name: 'Ada', email: 'ada@example.com', passwordHash: 'h' },
};
const activated = (
  extra: { customerId?: string; subscriptionId?: string } = {},
): Emitted<AccountStreamEvent> => ({
  type: 'SubscriptionActivated',
  data: { planId: 'standard', tier: 'Standard', paymentRef: 'in_1', ...extra },
});
const ids = { customerId: 'cus_1', subscriptionId: 'sub_1' };
const withIds = activated(ids);
/** A registered account on the Standard plan (with its card ids) after `events`. */
const subscribed = (...events: Emitted<AccountStreamEvent>[]) => after(registered, withIds, ...events);

describe('account state', () => {
  it('a new account is an unregistered Demo account with nothing on it', () => {
    const state = after();
    expect(state).toMatchObject({
      registered: false,
      isAdmin: false,
      credits: 0,
      tier: 'Demo',
      subscriptionStatus: 'none',
    });
    expect([
      state.appliedPayments.size,
      state.debits.size,
      state.refunded.size,
      state.endedSubscriptions.size,
    ]).toEqual([0, 0, 0, 0]);
  });

  it('registration records who the user is and when; a phone or card customer only when given', () => {
    const plain = after(registered);
    expect(plain).toMatchObject({
      registered: true,
      userId: 'recA',
      name: 'Ada',
      email: 'ada@example.com',
      passwordHash: 'h',
      createdAt: '2026-11-22T10:00:00.000Z',
    });
    expect('phoneNumber' in plain).toBe(false);
    expect('customerId' in plain).toBe(false);
    const full = after({
      type: 'UserRegistered',
      data: { ...(registered.data as object), phoneNumber: '+1 555', customerId: 'cus_0' },
    } as Emitted<AccountStreamEvent>);
    expect(full).toMatchObject({ phoneNumber: '+1 555', customerId: 'cus_0' });
  });

  it('a profile update changes only the fields it names (an empty phone clears it)', () => {
    const start = after(registered, {
      type: 'ProfileUpdated',
      data: { name: 'Ada L', avatar: 'a.png', phoneNumber: '+1 555' },
    });
    expect(start).toMatchObject({ name: 'Ada L', avatar: 'a.png', phoneNumber: '+1 555' });
    const updates: Array<[data: object, expected: object]> = [
      [{ name: 'Ada Lovelace' }, { name: 'Ada Lovelace', avatar: 'a.png', phoneNumber: '+1 555' }],
      [{ avatar: 'b.png' }, { name: 'Ada L', avatar: 'b.png', phoneNumber: '+1 555' }],
      [{ phoneNumber: '' }, { name: 'Ada L', avatar: 'a.png', phoneNumber: '' }],
    ];
    for (const [data, expected] of updates) {
      const updated = evolveAccount(start, { type: 'ProfileUpdated', data } as AccountStreamEvent);
      expect(updated).toMatchObject(expected);
    }
  });

  it('admin rights are granted and revoked by their events alone', () => {
    const granted = after(registered, { type: 'AdminGranted', data: { grantedBy: 'operator' } });
    expect(granted.isAdmin).toBe(true);
    expect(
      after(registered, { type: 'AdminGranted', data: { grantedBy: 'operator' } }, {
        type: 'AdminRevoked',
        data: { revokedBy: 'operator' },
      } as Emitted<AccountStreamEvent>).isAdmin,
    ).toBe(false);
  });

  it('credits: grants add and remember their payment, debits subtract per generation, refunds give back, adjustments apply their delta', () => {
    const state = after(
      registered,
      {
        type: 'CreditsGranted',
        data: { amount: 60, reason: 'plan-purchase', planId: 'basic', paymentRef: 'in_1' },
      },
      {
        type: 'CreditsDebited',
        data: { amount: 4, reason: 'generation', generationId: 'g1', kind: 'coloring-page' },
      },
      {
        type: 'CreditsDebited',
        data: { amount: 6, reason: 'generation', generationId: 'g2', kind: 'coloring-book' },
      },
      { type: 'CreditsRefunded', data: { amount: 6, reason: 'generation-failed', generationId: 'g2' } },
      {
        type: 'CreditsAdjusted',
        data: { delta: -10, reason: 'fix', adminId: 'recAdmin', previousCredits: 56, newCredits: 46 },
      },
    );
    expect(state.credits).toBe(46);
    expect([...state.appliedPayments]).toEqual(['in_1']);
    expect([...state.debits]).toEqual([
      ['g1', 4],
      ['g2', 6],
    ]);
    expect([...state.refunded]).toEqual(['g2']);
  });

  it('a grant without a payment reference (a welcome or admin grant) remembers no payment', () => {
    const state = after(registered, {
      type: 'CreditsGranted',
      data: { amount: 5, reason: 'renewal', planId: 'basic' },
    });
    expect(state.credits).toBe(5);
    expect(state.appliedPayments.size).toBe(0);
  });

  it('a generation request changes nothing by itself', () => {
    const before = after(registered);
    const event = {
      type: 'GenerationRequested',
      data: { generationId: 'g1', userId: 'recA', kind: 'coloring-page', input: { prompt: 'p' }, cost: 4 },
    } as Emitted<AccountStreamEvent>;
    expect(evolveAccount(before, { ...event, eventId: 'e', metadata: {} } as never)).toBe(before);
  });

  it('a checkout makes only an account without a running plan pending', () => {
    const checkout: Emitted<AccountStreamEvent> = {
      type: 'CheckoutStarted',
      data: { planId: 'basic', gateway: 'simulated', sessionRef: 's1' },
    };
    const failed: Emitted<AccountStreamEvent> = {
      type: 'PaymentFailed',
      data: { paymentRef: 'in_2', reason: 'x' },
    };
    const cancelling: Emitted<AccountStreamEvent> = {
      type: 'SubscriptionCancelled',
      data: { atPeriodEnd: true },
    };
    expect(after(registered, checkout).subscriptionStatus).toBe('pending');
    expect(subscribed(failed, checkout).subscriptionStatus).toBe('past_due');
    expect(subscribed(cancelling, checkout).subscriptionStatus).toBe('cancelling');
  });

  it('an activation sets the plan and its tier, keeps ids it does not name, and remembers the payment', () => {
    const state = subscribed();
    expect(state).toMatchObject({
      tier: 'Standard',
      planId: 'standard',
      ...ids,
      subscriptionStatus: 'active',
    });
    expect(state.appliedPayments.has('in_1')).toBe(true);
    const again = subscribed({
      type: 'SubscriptionActivated',
      data: { planId: 'premium', tier: 'Premium', paymentRef: 'in_9' },
    });
    expect(again).toMatchObject({ tier: 'Premium', planId: 'premium', ...ids });
  });

  it('a renewal makes a past-due plan active again; a failed payment makes it past due; both are remembered', () => {
    const failed = subscribed({
      type: 'PaymentFailed',
      data: { paymentRef: 'in_2', reason: 'declined' },
    });
    expect(failed.subscriptionStatus).toBe('past_due');
    // Remembered as failed, not as applied: a retry of the same invoice may still be paid.
    expect(failed.failedPayments.has('in_2')).toBe(true);
    expect(failed.appliedPayments.has('in_2')).toBe(false);
    const renewed = evolveAccount(failed, {
      type: 'SubscriptionRenewed',
      data: { planId: 'standard', paymentRef: 'in_3' },
      eventId: 'e',
      metadata: {},
    } as never);
    expect(renewed.subscriptionStatus).toBe('active');
    expect([...renewed.appliedPayments]).toEqual(['in_1', 'in_3']);
    expect([...renewed.failedPayments]).toEqual(['in_2']);
  });

  it('a cancellation at period end leaves the plan cancelling; an immediate one ends it', () => {
    expect(
      subscribed({ type: 'SubscriptionCancelled', data: { atPeriodEnd: true } }).subscriptionStatus,
    ).toBe('cancelling');
    expect(
      subscribed({ type: 'SubscriptionCancelled', data: { atPeriodEnd: false } }).subscriptionStatus,
    ).toBe('expired');
  });

  it('an expiry that does not downgrade only remembers the ended subscription; one without an id remembers none', () => {
    const other = subscribed({
      type: 'SubscriptionExpired',
      data: { subscriptionId: 'sub_old', reason: 'x', downgraded: false },
    });
    expect(other).toMatchObject({
      tier: 'Standard',
      planId: 'standard',
      subscriptionId: 'sub_1',
      subscriptionStatus: 'active',
    });
    expect([...other.endedSubscriptions]).toEqual(['sub_old']);
    const anonymous = subscribed({
      type: 'SubscriptionExpired',
      data: { reason: 'admin', downgraded: true },
    });
    expect(anonymous).toMatchObject({ tier: 'Demo', subscriptionStatus: 'expired' });
    expect(anonymous.endedSubscriptions.size).toBe(0);
    expect('planId' in anonymous || 'subscriptionId' in anonymous).toBe(false);
    expect(anonymous.customerId).toBe('cus_1');
  });

  it('an admin update to a paid tier makes the plan active and keeps the ids it does not name', () => {
    const premium = subscribed({
      type: 'SubscriptionAdminUpdated',
      data: { adminId: 'a', tier: 'Premium', reason: 'x' },
    });
    expect(premium).toMatchObject({ tier: 'Premium', ...ids, subscriptionStatus: 'active' });
  });
});

describe('account snapshot codec', () => {
  it('encodes the sets and map as arrays and leaves out fields that are not set', () => {
    const state = subscribed(
      {
        type: 'CreditsDebited',
        data: { amount: 4, reason: 'generation', generationId: 'g1', kind: 'coloring-page' },
      },
      { type: 'CreditsRefunded', data: { amount: 4, reason: 'generation-failed', generationId: 'g1' } },
      { type: 'SubscriptionExpired', data: { subscriptionId: 'sub_old', reason: 'x', downgraded: false } },
    );
    const encoded = accountSnapshot.encode({ ...state, avatar: undefined }) as Record<string, unknown>;
    expect('avatar' in encoded).toBe(false);
    expect(encoded).toMatchObject({
      userId: 'recA',
      tier: 'Standard',
      appliedPayments: ['in_1'],
      debits: [['g1', 4]],
      refunded: ['g1'],
      endedSubscriptions: ['sub_old'],
    });
    const decoded = accountSnapshot.decode(JSON.parse(JSON.stringify(encoded)));
    expect(decoded.refunded.has('g1')).toBe(true);
    expect(decoded.endedSubscriptions.has('sub_old')).toBe(true);
    expect(decoded.appliedPayments.has('in_1')).toBe(true);
  });
});
