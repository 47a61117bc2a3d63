import type { AccountStreamEvent } from '@studio/events';
import type { Emitted } from '../platform/decider';
import { specFor, stateAfter } from '../testing/decider-spec';
import { accountDecider } from './decider';

const spec = specFor(accountDecider);

const registered: Emitted<AccountStreamEvent> = {
  type: 'UserRegistered',
  data: { userId: 'recA', name: 'Ada', email: 'ada@example.com', passwordHash: 'h' },
};
const granted = (amount: number, paymentRef = 'in_1'): Emitted<AccountStreamEvent> => ({
  type: 'CreditsGranted',
  data: { amount, reason: 'plan-purchase', planId: 'basic', paymentRef },
});
const start = (generationId: string, cost = 4) =>
  ({
    type: 'StartGeneration',
    generationId,
    request: { kind: 'coloring-page', input: { prompt: 'a cat' } },
    cost,
  }) as const;
const debited = (generationId: string, amount = 4): Emitted<AccountStreamEvent> => ({
  type: 'CreditsDebited',
  data: { amount, reason: 'generation', generationId, kind: 'coloring-page' },
});

/** The request a Demo account of Ada's makes when it starts `start(generationId)`. */
const requested = (generationId: string): Emitted<AccountStreamEvent> => ({
  type: 'GenerationRequested',
  data: {
    generationId,
    userId: 'recA',
    kind: 'coloring-page',
    input: { prompt: 'a cat' },
    cost: 4,
    tier: 'Demo',
    author: 'Ada',
  },
});

describe('credits ledger', () => {
  describe('GrantCredits', () => {
    it('given a registered account, when a plan is paid, then the plan credits are granted', () => {
      spec([registered])
        .when({
          type: 'GrantCredits',
          amount: 60,
          reason: 'plan-purchase',
          planId: 'basic',
          paymentRef: 'cs_1',
        })
        .then([
          {
            type: 'CreditsGranted',
            data: { amount: 60, reason: 'plan-purchase', planId: 'basic', paymentRef: 'cs_1' },
          },
        ]);
    });

    it('given the payment was already granted, when it is granted again, then nothing happens', () => {
      spec([registered, granted(60, 'in_9')])
        .when({ type: 'GrantCredits', amount: 60, reason: 'renewal', planId: 'basic', paymentRef: 'in_9' })
        .thenNothing();
    });

    it('given no account, when credits are granted, then NOT_FOUND', () => {
      spec([])
        .when({ type: 'GrantCredits', amount: 60, reason: 'renewal', planId: 'basic', paymentRef: 'in_1' })
        .thenError('NOT_FOUND', 'Account not found');
    });

    it('given a grant of nothing, then nothing is recorded and the payment stays unused', () => {
      spec([registered])
        .when({ type: 'GrantCredits', amount: 0, reason: 'renewal', planId: 'basic', paymentRef: 'in_0' })
        .thenNothing();
    });

    it('rejects a negative or fractional grant', () => {
      spec([registered])
        .when({ type: 'GrantCredits', amount: -5, reason: 'renewal', planId: 'basic', paymentRef: 'x' })
        .thenError('VALIDATION', 'Granted credits must be a whole number of credits, 0 or more');
      spec([registered])
        .when({ type: 'GrantCredits', amount: 1.5, reason: 'renewal', planId: 'basic', paymentRef: 'y' })
        .thenError('VALIDATION');
    });
  });

  describe('StartGeneration', () => {
    it('given enough credits, then one debit and one request are decided together', () => {
      spec([registered, granted(10)])
        .when(start('g1'))
        .then([debited('g1'), requested('g1')]);
    });

    it('records the plan the request is made on (it decides whether a book gets an EPUB)', () => {
      const subscribed: Emitted<AccountStreamEvent> = {
        type: 'SubscriptionActivated',
        data: { planId: 'basic', tier: 'Basic', paymentRef: 'in_1' },
      };
      const [, requested] = accountDecider.decide(
        start('g1'),
        stateAfter(accountDecider, [registered, subscribed, granted(60)]),
      );
      expect(requested).toMatchObject({ type: 'GenerationRequested', data: { tier: 'Basic' } });
    });

    it('records the author books are published under: the pen name, else the profile name', () => {
      const penned: Emitted<AccountStreamEvent> = { type: 'ProfileUpdated', data: { penName: 'A. Quill' } };
      const removed: Emitted<AccountStreamEvent> = { type: 'ProfileUpdated', data: { penName: '' } };
      const authorOf = (events: Emitted<AccountStreamEvent>[]) =>
        (
          accountDecider.decide(start('g1'), stateAfter(accountDecider, events))[1]?.data as
            | { author?: string }
            | undefined
        )?.author;
      expect(authorOf([registered, granted(10), penned])).toBe('A. Quill');
      expect(authorOf([registered, granted(10), penned, removed])).toBe('Ada');
    });

    it('given fewer credits than the cost, then INSUFFICIENT_CREDITS with what is needed and what is there', () => {
      spec([registered, granted(3)])
        .when(start('g1'))
        .thenError('INSUFFICIENT_CREDITS', 'You need 4 credits. You currently have 3 credits.');
      const state = stateAfter(accountDecider, [registered, granted(3)]);
      expect(() => accountDecider.decide(start('g1'), state)).toThrow(
        expect.objectContaining({ details: { required: 4, available: 3 } }),
      );
    });

    it('rejects a negative cost', () => {
      spec([registered, granted(10)])
        .when(start('g1', -4))
        .thenError('VALIDATION', 'Cost must be a whole number of credits, 0 or more');
    });

    it('given exactly the cost, then the balance may reach zero', () => {
      spec([registered, granted(4)])
        .when(start('g1', 4))
        .then([debited('g1'), requested('g1')]);
      const after = stateAfter(accountDecider, [registered, granted(4), debited('g1', 4)]);
      expect(after.credits).toBe(0);
    });

    it('given the generation was already requested, when it is requested again, then nothing happens', () => {
      spec([registered, granted(10), debited('g1')])
        .when(start('g1'))
        .thenNothing();
    });

    it('given a tier outside the allowed ones, then TIER_REQUIRED', () => {
      spec([registered, granted(100)])
        .when({
          ...start('g2', 20),
          request: { kind: 'coloring-book', input: { prompt: 'a cat', bookLength: 10 } },
          allowedTiers: ['Standard', 'Premium'],
        })
        .thenError('TIER_REQUIRED', 'This tool needs the Standard or Premium plan.');
    });
  });

  describe('RefundGeneration', () => {
    it('given a debited generation, then exactly its cost comes back', () => {
      spec([registered, granted(10), debited('g1', 6)])
        .when({ type: 'RefundGeneration', generationId: 'g1', reason: 'generation-failed' })
        .then([
          { type: 'CreditsRefunded', data: { amount: 6, reason: 'generation-failed', generationId: 'g1' } },
        ]);
    });

    it('given it was refunded already, then nothing happens (exactly once)', () => {
      spec([
        registered,
        granted(10),
        debited('g1', 6),
        { type: 'CreditsRefunded', data: { amount: 6, reason: 'generation-failed', generationId: 'g1' } },
      ])
        .when({ type: 'RefundGeneration', generationId: 'g1', reason: 'generation-timed-out' })
        .thenNothing();
    });

    it('given the generation was never debited here, then nothing is refunded', () => {
      spec([registered, granted(10)])
        .when({ type: 'RefundGeneration', generationId: 'unknown', reason: 'generation-failed' })
        .thenNothing();
    });
  });

  describe('AdjustCredits', () => {
    it('records the delta and both balances', () => {
      spec([registered, granted(60)])
        .when({ type: 'AdjustCredits', newCredits: 150, reason: 'fix', adminId: 'recAdmin' })
        .then([
          {
            type: 'CreditsAdjusted',
            data: { delta: 90, reason: 'fix', adminId: 'recAdmin', previousCredits: 60, newCredits: 150 },
          },
        ]);
    });

    it('may set the balance to zero', () => {
      spec([registered, granted(60)])
        .when({ type: 'AdjustCredits', newCredits: 0, reason: 'fix', adminId: 'recAdmin' })
        .then([
          {
            type: 'CreditsAdjusted',
            data: { delta: -60, reason: 'fix', adminId: 'recAdmin', previousCredits: 60, newCredits: 0 },
          },
        ]);
    });

    it('given the balance already is the new one, then nothing is recorded', () => {
      spec([registered, granted(60)])
        .when({ type: 'AdjustCredits', newCredits: 60, reason: 'fix', adminId: 'recAdmin' })
        .thenNothing();
    });

    it('never sets a negative balance', () => {
      spec([registered, granted(60)])
        .when({ type: 'AdjustCredits', newCredits: -1, reason: 'fix', adminId: 'recAdmin' })
        .thenError('VALIDATION', 'Credits must be a whole number of credits, 0 or more');
    });
  });
});
