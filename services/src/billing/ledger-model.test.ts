import { type AccountStreamEvent, PLAN_TERMS } from '@studio/events';
import fc from 'fast-check';
import { type AccountCommand, accountDecider } from '../account/decider';
import type { AccountState } from '../account/state';
import { DomainError } from '../platform/errors';

/**
 * Model test: any sequence of grants, debits, refunds, adjustments and subscription payments,
 * decided and folded like the command handler does, never takes the balance below zero, and
 * the balance always equals the sum of the ledger's own movements (no credit lost or invented),
 * and each payment reference grants credits once: the first time it is seen, never again.
 */
const generationIds = fc.constantFrom('g1', 'g2', 'g3', 'g4', 'g5');
const refs = fc.constantFrom('in_1', 'in_2', 'in_3', 'in_4');
/** Cents paid: nothing (a trial), a coupon's part, and in full. */
const paidAmounts = fc.constantFrom(0, 1000, 9999);

const command: fc.Arbitrary<AccountCommand> = fc.oneof(
  fc.record({
    type: fc.constant('GrantCredits' as const),
    amount: fc.integer({ min: 0, max: 400 }),
    reason: fc.constantFrom('plan-purchase' as const, 'renewal' as const),
    planId: fc.constantFrom('basic' as const, 'standard' as const, 'premium' as const),
    paymentRef: refs,
  }),
  fc.record({
    type: fc.constant('StartGeneration' as const),
    generationId: generationIds,
    request: fc.constant({ kind: 'coloring-page' as const, input: { prompt: 'x' } }),
    cost: fc.constantFrom(4, 6, 10, 20, 100),
  }),
  fc.record({
    type: fc.constant('RefundGeneration' as const),
    generationId: generationIds,
    reason: fc.constant('generation-failed' as const),
  }),
  fc.record({
    type: fc.constant('AdjustCredits' as const),
    newCredits: fc.integer({ min: -50, max: 500 }),
    reason: fc.constant('fix'),
    adminId: fc.constant('admin'),
  }),
  fc.record({
    type: fc.constant('RenewSubscription' as const),
    amountPaid: paidAmounts,
    planId: fc.constantFrom('basic' as const, 'premium' as const),
    paymentRef: refs,
  }),
  fc.record({
    type: fc.constant('ActivateSubscription' as const),
    amountPaid: paidAmounts,
    planId: fc.constantFrom('basic' as const, 'standard' as const),
    paymentRef: refs,
  }),
  fc.record({
    type: fc.constant('ReversePayment' as const),
    chargeRef: fc.constantFrom('ch_1', 'ch_2'),
    cause: fc.constantFrom('refund' as const, 'dispute-lost' as const),
    amountReversed: fc.integer({ min: 0, max: 9999 }),
    amountCharged: fc.option(fc.constant(9999), { nil: undefined }),
    paymentRef: fc.option(refs, { nil: undefined }),
  }),
  fc.record({
    type: fc.constant('SelfUpdateSubscription' as const),
    tier: fc.constantFrom('Basic' as const, 'Premium' as const),
    paymentRef: refs,
  }),
  fc.record({
    type: fc.constant('RecordPaymentFailure' as const),
    paymentRef: refs,
    reason: fc.constant('declined'),
  }),
  fc.record({
    type: fc.constant('AdminUpdateSubscription' as const),
    adminId: fc.constant('admin'),
    tier: fc.constantFrom('Demo' as const, 'Basic' as const),
    credits: fc.option(fc.integer({ min: -10, max: 300 }), { nil: undefined }),
    reason: fc.constant('fix'),
  }),
);

/** The payment a command applies, for the commands that carry one. */
function paymentOf(c: AccountCommand): string | undefined {
  switch (c.type) {
    case 'GrantCredits':
    case 'ActivateSubscription':
    case 'RenewSubscription':
    case 'SelfUpdateSubscription':
    case 'RecordPaymentFailure':
      return c.paymentRef;
    default:
      return undefined;
  }
}

function ledgerSum(events: AccountStreamEvent[]): number {
  let sum = 0;
  for (const e of events) {
    if (e.type === 'CreditsGranted' || e.type === 'CreditsRefunded') sum += e.data.amount;
    if (e.type === 'CreditsDebited') sum -= e.data.amount;
    if (e.type === 'CreditsAdjusted') sum += e.data.delta;
    if (e.type === 'PaymentReversed') sum -= e.data.creditsWithdrawn;
  }
  return sum;
}

describe('credit ledger model', () => {
  it('never goes negative, never loses a credit, and grants one payment reference once', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 60 }), (commands) => {
        const log: AccountStreamEvent[] = [];
        let state: AccountState = accountDecider.evolve(accountDecider.initialState, {
          eventId: 'r',
          type: 'UserRegistered',
          data: { userId: 'u', name: 'U', email: 'u@example.com', passwordHash: 'h' },
          metadata: {
            correlationId: 'c',
            causationId: 'c',
            occurredAt: '2026-01-01T00:00:00.000Z',
            schemaVersion: 1,
          },
        });
        // Payment references the log has already granted, and those recorded as failed (a failed
        // invoice may still be paid by a later retry of the same invoice).
        const paidRefs = new Set<string>();
        const failedRefs = new Set<string>();
        for (const c of commands) {
          let emitted: ReturnType<typeof accountDecider.decide>;
          try {
            emitted = accountDecider.decide(c, state);
          } catch (error) {
            if (error instanceof DomainError) continue;
            throw error;
          }
          const grants = emitted.filter((e) => e.type === 'CreditsGranted');
          if (grants.length > 1) return false;
          if (paymentOf(c) !== undefined) {
            const ref = paymentOf(c) as string;
            const underpaid =
              (c.type === 'ActivateSubscription' || c.type === 'RenewSubscription') &&
              c.amountPaid < PLAN_TERMS[c.planId].price;
            const paysSomething =
              c.type !== 'RecordPaymentFailure' &&
              !(c.type === 'GrantCredits' && c.amount === 0) &&
              !underpaid;
            const fresh = !paidRefs.has(ref);
            // A fresh payment grants exactly once; a paid reference grants nothing.
            if (grants.length !== (fresh && paysSomething ? 1 : 0)) return false;
            // A failure is recorded once, and never after the payment went through.
            if (
              c.type === 'RecordPaymentFailure' &&
              emitted.length !== (fresh && !failedRefs.has(ref) ? 1 : 0)
            )
              return false;
            if (emitted.length > 0) (c.type === 'RecordPaymentFailure' ? failedRefs : paidRefs).add(ref);
          }
          for (const e of emitted) {
            const event = {
              ...e,
              eventId: 'x',
              metadata: { correlationId: 'c', causationId: 'c', occurredAt: 'now', schemaVersion: 1 },
            } as AccountStreamEvent;
            log.push(event);
            state = accountDecider.evolve(state, event);
            if (state.credits < 0) return false;
          }
          if (state.credits !== ledgerSum(log)) return false;
        }
        // One grant per payment reference over the whole log.
        const grantedRefs = log.flatMap((e) => (e.type === 'CreditsGranted' ? [e.data.paymentRef] : []));
        if (new Set(grantedRefs).size !== grantedRefs.length) return false;
        // Refunds never exceed what was debited for the same generation.
        const debited = new Map<string, number>();
        for (const e of log) {
          if (e.type === 'CreditsDebited') debited.set(e.data.generationId, e.data.amount);
          if (e.type === 'CreditsRefunded' && debited.get(e.data.generationId) !== e.data.amount)
            return false;
        }
        return (
          log.filter((e) => e.type === 'CreditsRefunded').length ===
          new Set(
            log
              .filter((e) => e.type === 'CreditsRefunded')
              .map((e) => (e.data as { generationId: string }).generationId),
          ).size
        );
      }),
      { numRuns: 500 },
    );
  });
});
