import { accountStream, type RecordedEvent } from '@studio/events';
import { CommandHandler } from '../platform/command-handler';
import { openRunnerFixture, type RunnerFixture, testEvent } from '../testing/runner-fixtures';
import { refundProcessManager } from './refunds';

const NOW = new Date('2026-11-22T10:05:00.000Z');

describe('refund process manager', () => {
  let fixture: RunnerFixture;
  let refunds: ReturnType<typeof refundProcessManager>;

  beforeEach(async () => {
    fixture = openRunnerFixture();
    refunds = refundProcessManager(
      new CommandHandler(fixture.events),
      { now: () => NOW },
      { delete: async () => {} },
    );
    // An account that spent 4 credits on each of two generations.
    await fixture.events.append(
      accountStream('u1'),
      [
        testEvent('reg', 'UserRegistered', {
          userId: 'u1',
          name: 'A',
          email: 'a@example.com',
          passwordHash: 'h',
        }),
        testEvent('grant', 'CreditsGranted', {
          amount: 10,
          reason: 'signup',
          planId: 'basic',
          paymentRef: 'p1',
        }),
        testEvent('d1', 'CreditsDebited', {
          amount: 4,
          reason: 'generation',
          generationId: 'g1',
          kind: 'coloring-page',
        }),
        testEvent('d2', 'CreditsDebited', {
          amount: 4,
          reason: 'generation',
          generationId: 'g2',
          kind: 'coloring-page',
        }),
      ],
      { expectedRevision: 'any' },
    );
  });
  afterEach(() => fixture.dispose());

  const failed = (id: string, generationId: string, code: 'TIMEOUT' | 'PROVIDER_ERROR') =>
    ({
      ...testEvent(id, 'GenerationFailed', {
        generationId,
        userId: 'u1',
        kind: 'coloring-page',
        reason: 'x',
        code,
      }),
      metadata: {
        correlationId: `corr-${generationId}`,
        causationId: 'c',
        occurredAt: NOW.toISOString(),
        schemaVersion: 1,
      },
    }) as unknown as RecordedEvent;
  const refunded = async () =>
    (await fixture.events.readStream(accountStream('u1'))).filter((e) => e.type === 'CreditsRefunded');

  it('gives back what a failed generation cost, saying whether it failed or timed out, caused by the failure', async () => {
    await refunds.handle(failed('f1', 'g1', 'PROVIDER_ERROR'));
    await refunds.handle(failed('f2', 'g2', 'TIMEOUT'));
    const [first, second, ...more] = await refunded();
    expect(more).toEqual([]);
    expect(first?.data).toEqual({ amount: 4, reason: 'generation-failed', generationId: 'g1' });
    expect(second?.data).toEqual({ amount: 4, reason: 'generation-timed-out', generationId: 'g2' });
    expect(first?.metadata).toMatchObject({
      occurredAt: NOW.toISOString(),
      correlationId: 'corr-g1',
      causationId: 'f1',
      userId: 'u1',
    });
  });

  it('refunds once however often the failure is handled, and is given nothing but failures', async () => {
    await refunds.handle(failed('f1', 'g1', 'TIMEOUT'));
    await refunds.handle(failed('f1', 'g1', 'TIMEOUT'));
    expect((await refunded()).map((e) => (e.data as { generationId: string }).generationId)).toEqual(['g1']);
    expect(refunds.name).toBe('refunds');
    // The runner passes over every other type (reactor.int.test.ts proves it).
    expect(refunds.handles).toEqual(['GenerationFailed']);
  });
});
