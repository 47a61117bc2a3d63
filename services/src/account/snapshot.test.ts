import type { AccountStreamEvent } from '@studio/events';
import fc from 'fast-check';
import { fold } from '../platform/decider';
import { GrowOnlyMap, GrowOnlySet } from '../platform/grow-only';
import { accountDecider } from './decider';
import { accountSnapshot } from './state';

const meta = {
  correlationId: 'c',
  causationId: 'c',
  occurredAt: '2026-11-22T00:00:00.000Z',
  schemaVersion: 1,
};
const id = fc.constantFrom('a', 'b', 'c', 'd');
const plan = fc.constantFrom('basic' as const, 'standard' as const, 'premium' as const);
const tier = fc.constantFrom('Demo' as const, 'Basic' as const, 'Standard' as const, 'Premium' as const);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const amount = fc.integer({ min: 1, max: 500 });

const accountEvent: fc.Arbitrary<AccountStreamEvent> = fc
  .oneof(
    fc.record({
      type: fc.constant('UserRegistered' as const),
      data: fc.record(
        {
          userId: id,
          name: fc.string(),
          email: fc.string(),
          phoneNumber: fc.string(),
          passwordHash: fc.string(),
          customerId: id,
        },
        { requiredKeys: ['userId', 'name', 'email', 'passwordHash'] },
      ),
    }),
    fc.record({
      type: fc.constant('ProfileUpdated' as const),
      data: fc.record(
        { name: fc.string(), avatar: fc.string(), phoneNumber: fc.string() },
        { requiredKeys: [] },
      ),
    }),
    fc.record({
      type: fc.constant('CreditsGranted' as const),
      data: fc.record({
        amount,
        reason: fc.constant('renewal' as const),
        planId: plan,
        paymentRef: maybe(id),
      }),
    }),
    fc.record({
      type: fc.constant('CreditsDebited' as const),
      data: fc.record({
        amount,
        reason: fc.constant('generation' as const),
        generationId: id,
        kind: fc.constant('coloring-page'),
      }),
    }),
    fc.record({
      type: fc.constant('CreditsRefunded' as const),
      data: fc.record({ amount, reason: fc.constant('generation-failed' as const), generationId: id }),
    }),
    fc.record({
      type: fc.constant('CreditsAdjusted' as const),
      data: fc.record({
        delta: fc.integer({ min: -50, max: 50 }),
        reason: fc.string(),
        adminId: id,
        previousCredits: amount,
        newCredits: amount,
      }),
    }),
    fc.record({
      type: fc.constant('CheckoutStarted' as const),
      data: fc.record({ planId: plan, gateway: fc.constant('simulated' as const), sessionRef: id }),
    }),
    fc.record({
      type: fc.constant('SubscriptionActivated' as const),
      data: fc.record({
        planId: plan,
        tier,
        customerId: maybe(id),
        subscriptionId: maybe(id),
        paymentRef: id,
      }),
    }),
    fc.record({
      type: fc.constant('SubscriptionRenewed' as const),
      data: fc.record({ planId: plan, subscriptionId: maybe(id), paymentRef: id }),
    }),
    fc.record({
      type: fc.constant('PaymentFailed' as const),
      data: fc.record({ subscriptionId: maybe(id), paymentRef: id, reason: fc.string() }),
    }),
    fc.record({
      type: fc.constant('SubscriptionCancelled' as const),
      data: fc.record({ atPeriodEnd: fc.boolean() }),
    }),
    fc.record({
      type: fc.constant('SubscriptionExpired' as const),
      data: fc.record({ subscriptionId: maybe(id), reason: fc.string(), downgraded: fc.boolean() }),
    }),
    fc.record({
      type: fc.constant('SubscriptionAdminUpdated' as const),
      data: fc.record({
        adminId: id,
        tier,
        customerId: maybe(id),
        subscriptionId: maybe(id),
        reason: fc.string(),
      }),
    }),
    fc.record({
      type: fc.constant('GenerationRequested' as const),
      data: fc.record({
        generationId: id,
        userId: id,
        kind: fc.constant('coloring-page' as const),
        input: fc.constant({ prompt: 'p' }),
        cost: amount,
      }),
    }),
  )
  .map((e) => ({ ...e, eventId: 'e', metadata: meta }) as AccountStreamEvent);

/** What a snapshot goes through: encoded, stored as JSON text, read back and decoded. */
const throughStore = (
  state: ReturnType<typeof fold<AccountStreamEvent, typeof accountDecider.initialState>>,
) => accountSnapshot.decode(JSON.parse(JSON.stringify(accountSnapshot.encode(state))));

describe('account snapshots', () => {
  it('folding on from a snapshot gives the state of folding the whole stream', () => {
    fc.assert(
      fc.property(fc.array(accountEvent, { maxLength: 40 }), fc.nat(), (events, at) => {
        const split = events.length === 0 ? 0 : at % (events.length + 1);
        const whole = fold(accountDecider, events);
        const resumed = events
          .slice(split)
          .reduce(accountDecider.evolve, throughStore(fold(accountDecider, events.slice(0, split))));
        expect(resumed).toStrictEqual(whole);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the sets and the map of the state, with their contents', () => {
    const state = fold(accountDecider, [
      {
        eventId: 'e1',
        type: 'CreditsGranted',
        data: { amount: 10, reason: 'renewal', planId: 'basic', paymentRef: 'in_1' },
        metadata: meta,
      },
      {
        eventId: 'e2',
        type: 'CreditsDebited',
        data: { amount: 4, reason: 'generation', generationId: 'g1', kind: 'coloring-page' },
        metadata: meta,
      },
    ]);
    const decoded = throughStore(state);
    expect(decoded.appliedPayments).toBeInstanceOf(GrowOnlySet);
    expect([...decoded.appliedPayments]).toEqual(['in_1']);
    expect(decoded.debits).toBeInstanceOf(GrowOnlyMap);
    expect([...decoded.debits]).toEqual([['g1', 4]]);
  });
});
