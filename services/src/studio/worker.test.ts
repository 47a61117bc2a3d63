import { accountStream, generationStream } from '@studio/events';
import { accountDecider } from '../account/decider';
import { register } from '../account/identity';
import { openTestRuntime } from '../main/test-runtime';
import type { BlobStore } from '../platform/blobs/port';
import type { DeliveredMessage } from '../platform/bus/port';
import { systemClock } from '../platform/clock';
import { createLogger } from '../platform/logging';
import { createOfflineProvider } from './ai/offline';
import type { AiProvider } from './ai/provider';
import { ProviderError } from './ai/provider';
import { GENERATORS } from './generators';
import type { JobMessage } from './jobs';
import { refundProcessManager } from './refunds';
import { startGeneration } from './start-generation';
import { createJobHandler, type WorkerDeps } from './worker';

const ctx = { at: '2026-11-22T10:00:00.000Z', correlationId: 'c', causationId: 'c' };

async function setup(
  ai: AiProvider = createOfflineProvider(),
  timeoutMs = 10_000,
  seams: { generators?: WorkerDeps['generators']; blobs?: (real: BlobStore) => BlobStore } = {},
) {
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
    kind: 'coloring-page',
    input: { prompt: 'a lighthouse' },
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
      input: { prompt: 'a lighthouse' },
      correlationId: 'c',
    },
  };
  const handle = createJobHandler({
    commands: runtime.commands,
    blobs: seams.blobs ? seams.blobs(runtime.blobs) : runtime.blobs,
    ai,
    generators: seams.generators ?? GENERATORS,
    clock: systemClock,
    logger: createLogger('silent'),
    timeoutMs,
    workerId: 'w-test',
  });
  const types = async () =>
    (await runtime.eventStore.readStream(generationStream(started.generationId))).map((e) => e.type);
  const balance = async () =>
    (await runtime.commands.load(accountStream(user.userId), accountDecider)).state.credits;
  return { runtime, user, started, message, handle, types, balance };
}

describe('worker runner', () => {
  it('the same bus message delivered twice produces one generation result', async () => {
    let generatorRuns = 0;
    const blobWrites: string[] = [];
    const paint = GENERATORS['coloring-page']!;
    const { runtime, message, handle, types, started } = await setup(createOfflineProvider(), 10_000, {
      generators: {
        'coloring-page': async (job, tools) => {
          generatorRuns += 1;
          return paint(job, tools);
        },
      },
      blobs: (real) => ({
        ...real,
        put: async (id, data, contentType) => {
          blobWrites.push(id);
          return real.put(id, data, contentType);
        },
      }),
    });
    try {
      await Promise.all([handle(message), handle(message)]);
      await handle(message);
      expect(generatorRuns).toBe(1);
      expect(blobWrites).toEqual([`gen-${started.generationId}-image.png`]);
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
});
