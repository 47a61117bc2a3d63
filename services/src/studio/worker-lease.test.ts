import { accountStream, generationStream } from '@studio/events';
import { accountDecider } from '../account/decider';
import { register } from '../account/identity';
import { openTestRuntime } from '../main/test-runtime';
import type { DeliveredMessage } from '../platform/bus/port';
import { systemClock } from '../platform/clock';
import { newId } from '../platform/ids';
import { createLogger } from '../platform/logging';
import { createOfflineProvider } from './ai/offline';
import type { AiProvider } from './ai/provider';
import { generationDecider } from './generation';
import type { JobMessage } from './jobs';
import { startGeneration } from './start-generation';
import { TOOLS } from './tools/registry';
import { createJobHandler } from './worker';

const ctx = { at: '2026-11-22T10:00:00.000Z', correlationId: 'c', causationId: 'c' };

async function setup(ai: AiProvider = createOfflineProvider(), timeoutMs = 10_000, leaseMs?: number) {
  const runtime = await openTestRuntime();
  const user = await register(
    runtime.commands,
    { name: 'Bo', email: 'bo@example.com', password: 'secret1' },
    ctx,
  );
  await runtime.commands.handle(
    accountStream(user.userId),
    accountDecider,
    { type: 'GrantCredits', amount: 10, reason: 'plan-purchase', planId: 'basic', paymentRef: 'p1' },
    ctx,
  );
  const started = await startGeneration(runtime.commands, {
    userId: user.userId,
    generationId: newId(),
    request: { kind: 'coloring-page', input: { prompt: 'a lighthouse' } },
    cost: 4,
    ...ctx,
  });
  const message: DeliveredMessage<JobMessage> = {
    topic: 'generation-jobs',
    offset: '0',
    key: started.generationId,
    value: {
      generationId: started.generationId,
      userId: user.userId,
      kind: 'coloring-page',
      phase: 'main',
      request: { kind: 'coloring-page', input: { prompt: 'a lighthouse' } },
      correlationId: 'c',
    },
  };
  const handle = createJobHandler({
    commands: runtime.commands,
    blobs: runtime.blobs,
    ai,
    tools: TOOLS,
    clock: systemClock,
    logger: createLogger('silent'),
    timeoutMs,
    workerId: 'w-test',
    ...(leaseMs ? { leaseMs } : {}),
  });
  const types = async () =>
    (await runtime.eventStore.readStream(generationStream(started.generationId))).map((e) => e.type);
  const balance = async () =>
    (await runtime.commands.load(accountStream(user.userId), accountDecider)).state.credits;
  return { runtime, user, started, message, handle, types, balance };
}

describe('worker runner', () => {
  describe('leases (issue 8 finding 12)', () => {
    it('a running worker heartbeats, so its lease outlives the claim and the job completes', async () => {
      const slow = createOfflineProvider({ delayMs: 300 });
      const { message, handle, types, runtime } = await setup(slow, 10_000, 60);
      try {
        await handle(message);
        const log = await types();
        expect(log.filter((t) => t === 'GenerationHeartbeat').length).toBeGreaterThanOrEqual(3);
        expect(log.at(-1)).toBe('GenerationCompleted');
      } finally {
        await runtime.dispose();
      }
    });

    it('a worker whose lease was taken away abandons the attempt without failing the job', async () => {
      const hanging = createOfflineProvider({ delayMs: 60_000 });
      const { message, handle, types, runtime, started, user } = await setup(hanging, 10_000, 60);
      try {
        const running = handle(message);
        await new Promise((resolve) => setTimeout(resolve, 30));
        await runtime.commands.handle(
          generationStream(started.generationId),
          generationDecider,
          {
            type: 'ExpireLease',
            generationId: started.generationId,
            userId: user.userId,
            kind: 'coloring-page',
            now: '2999-01-01T00:00:00.000Z',
            maxAttempts: 3,
          },
          ctx,
        );
        await running;
        const log = await types();
        expect(log).toContain('GenerationReleased');
        expect(log).not.toContain('GenerationFailed');
        expect(log).not.toContain('GenerationCompleted');
      } finally {
        await runtime.dispose();
      }
    });
  });
});
