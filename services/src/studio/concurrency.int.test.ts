import { accountStream } from '@studio/events';
import { register } from '../account/identity';
import { CommandHandler } from '../platform/command-handler';
import { DomainError } from '../platform/errors';
import { type EventStore, WrongExpectedRevisionError } from '../platform/eventstore/port';
import { createSqliteEventStore } from '../platform/eventstore/sqlite';
import { registeredWithCredits } from '../testing/givens';
import { openTestRuntime } from '../testing/test-runtime';
import { startGeneration } from './start-generation';

const ctx = { at: '2026-11-22T10:00:00.000Z', correlationId: 'c', causationId: 'c' };

describe('spending credits under contention', () => {
  it('50 concurrent coloring pages (4 credits) on 60 credits: exactly 15 succeed, balance 0, never below', async () => {
    const runtime = await openTestRuntime();
    // A second handler on its own connection to the same file acts as a second API process,
    // so the optimistic revision check, not only the in-process queue, is exercised.
    const otherProcessStore = createSqliteEventStore(`${runtime.dataDir}/events.db`);
    const otherProcess = new CommandHandler(otherProcessStore);
    try {
      const userId = await registeredWithCredits(runtime, 60, ctx);

      const attempts = Array.from({ length: 50 }, (_, i) =>
        startGeneration(i % 2 === 0 ? runtime.commands : otherProcess, {
          userId,
          generationId: `g-${i}`,
          request: { kind: 'coloring-page', input: { prompt: `page ${i}` } },
          cost: 4,
          ...ctx,
        }),
      );
      const results = await Promise.allSettled(attempts);
      const succeeded = results.filter((r) => r.status === 'fulfilled');
      const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(succeeded).toHaveLength(15);
      expect(failed).toHaveLength(35);
      for (const failure of failed) {
        expect(failure.reason).toBeInstanceOf(DomainError);
        expect((failure.reason as DomainError).code).toBe('INSUFFICIENT_CREDITS');
      }

      const events = await runtime.eventStore.readStream(accountStream(userId));
      let balance = 0;
      for (const event of events) {
        const data = event.data as { amount?: number };
        if (event.type === 'CreditsGranted') balance += data.amount ?? 0;
        if (event.type === 'CreditsDebited') balance -= data.amount ?? 0;
        expect(balance).toBeGreaterThanOrEqual(0);
      }
      expect(balance).toBe(0);
      expect(events.filter((e) => e.type === 'GenerationRequested')).toHaveLength(15);
      const remaining = succeeded.map(
        (r) => (r as PromiseFulfilledResult<{ remainingCredits: number }>).value.remainingCredits,
      );
      expect(Math.min(...remaining)).toBe(0);
    } finally {
      await otherProcessStore.close();
      await runtime.dispose();
    }
  });

  it('a spend that loses every retry to other writers is told the account is busy', async () => {
    const runtime = await openTestRuntime();
    // Another process appends first every time.
    const contended: EventStore = {
      ...runtime.eventStore,
      append: async (name) => {
        throw new WrongExpectedRevisionError(name, 'no-stream', 0);
      },
    };
    try {
      const user = await register(
        runtime.commands,
        { name: 'Ada', email: 'ada@example.com', password: 'secret1' },
        ctx,
      );
      await expect(
        startGeneration(new CommandHandler(contended), {
          userId: user.userId,
          generationId: 'g-busy',
          request: { kind: 'coloring-page', input: { prompt: 'a page' } },
          cost: 0,
          ...ctx,
        }),
      ).rejects.toMatchObject({
        code: 'CONCURRENCY',
        message: 'The account is busy right now. Please try again.',
      });
    } finally {
      await runtime.dispose();
    }
  });
});
