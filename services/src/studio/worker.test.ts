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
import { ProviderError } from './ai/provider';
import { generationDecider } from './generation';
import type { JobMessage } from './jobs';
import { refundProcessManager } from './refunds';
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
  it('the same bus message delivered twice produces one generation result', async () => {
    const { runtime, message, handle, types, started } = await setup();
    try {
      await Promise.all([handle(message), handle(message)]);
      await handle(message);
      const log = await types();
      expect(log.filter((t) => t === 'GenerationStarted')).toHaveLength(1);
      expect(log.filter((t) => t === 'GenerationCompleted')).toHaveLength(1);
      expect(log.filter((t) => t === 'GenerationFailed')).toHaveLength(0);
      const blob = await runtime.blobs.get(`gen-${started.generationId}-image.png`);
      expect(blob?.contentType).toBe('image/png');
    } finally {
      await runtime.dispose();
    }
  });

  it('a provider failure is recorded once and refunded exactly once, even if the failure is handled twice', async () => {
    const failing: AiProvider = {
      ...createOfflineProvider(),
      image: async () => {
        throw new ProviderError('The image service is down');
      },
    };
    const { runtime, message, handle, types, balance } = await setup(failing);
    try {
      expect(await balance()).toBe(6);
      await handle(message);
      await handle(message);
      expect((await types()).filter((t) => t === 'GenerationFailed')).toHaveLength(1);

      const failure = (await runtime.eventStore.readAll()).find((e) => e.type === 'GenerationFailed')!;
      const refunds = refundProcessManager(runtime.commands, systemClock);
      await Promise.all([refunds.handle(failure), refunds.handle(failure)]);
      await refunds.handle(failure);

      const account = await runtime.eventStore.readStream(accountStream(message.value.userId));
      expect(account.filter((e) => e.type === 'CreditsRefunded')).toHaveLength(1);
      expect(await balance()).toBe(10);
    } finally {
      await runtime.dispose();
    }
  });

  it('a job that outlives its timeout fails as TIMEOUT and a late result is ignored', async () => {
    const hanging: AiProvider = { ...createOfflineProvider({ delayMs: 60_000 }) };
    const { runtime, message, handle, types } = await setup(hanging, 50);
    try {
      await handle(message);
      const failure = (await runtime.eventStore.readAll()).find((e) => e.type === 'GenerationFailed');
      expect((failure!.data as { code: string }).code).toBe('TIMEOUT');
      expect(await types()).toEqual(['GenerationStarted', 'GenerationProgressed', 'GenerationFailed']);
    } finally {
      await runtime.dispose();
    }
  });

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
