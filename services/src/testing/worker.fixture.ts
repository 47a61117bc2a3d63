// Test support for the worker's suites (not a suite itself): one job ready to be handled.
import { accountStream, type GenerationRequest, generationStream } from '@studio/events';
import { accountDecider } from '../account/decider';
import type { BlobStore } from '../platform/blobs/port';
import type { DeliveredMessage } from '../platform/bus/port';
import { type Clock, systemClock } from '../platform/clock';
import type { CommandHandler } from '../platform/command-handler';
import { newId } from '../platform/ids';
import { createLogger, type Logger } from '../platform/logging';
import type { Platform } from '../platform/module';
import { createOfflineProvider } from '../studio/ai/offline';
import type { AiProvider } from '../studio/ai/provider';
import { jobIntake } from '../studio/job-intake';
import type { JobMessage } from '../studio/jobs';
import { startGeneration } from '../studio/start-generation';
import { TOOLS } from '../studio/tools/registry';
import { createJobHandler } from '../studio/worker';
import type { WorkerDeps } from '../studio/worker-deps';
import { registeredWithCredits } from './givens';
import { openTestRuntime } from './test-runtime';

export const ctx = { at: '2026-11-22T10:00:00.000Z', correlationId: 'c', causationId: 'c' };

/**
 * A registered user with credits, one requested and queued job (a coloring page unless `request`
 * says otherwise), its job message and a worker for it.
 */
export async function setupJob(
  ai: AiProvider = createOfflineProvider(),
  timeoutMs = 10_000,
  seams: {
    tools?: WorkerDeps['tools'];
    blobs?: (real: BlobStore) => BlobStore;
    clock?: Clock;
    leaseMs?: number;
    shutdownGraceMs?: number;
    logger?: Logger;
    commands?: (real: CommandHandler) => CommandHandler;
    request?: GenerationRequest;
  } = {},
) {
  const runtime = await openTestRuntime();
  const userId = await registeredWithCredits(runtime, 10, ctx);
  const started = await startGeneration(runtime.commands, {
    userId,
    generationId: newId(),
    request: seams.request ?? { kind: 'coloring-page', input: { prompt: 'a lighthouse' } },
    cost: 4,
    ...ctx,
  });
  await queueRequested(runtime, userId);
  const message: DeliveredMessage<JobMessage> = {
    topic: 'generation-jobs',
    offset: '0',
    key: started.generationId,
    value: {
      generationId: started.generationId,
      userId,
      kind: seams.request?.kind ?? 'coloring-page',
      phase: 'main',
      correlationId: 'c',
    },
  };
  const handle = createJobHandler({
    commands: seams.commands ? seams.commands(runtime.commands) : runtime.commands,
    blobs: seams.blobs ? seams.blobs(runtime.blobs) : runtime.blobs,
    ai,
    tools: seams.tools ?? TOOLS,
    clock: seams.clock ?? systemClock,
    logger: seams.logger ?? createLogger('silent'),
    timeoutMs,
    workerId: 'w-test',
    ...(seams.leaseMs ? { leaseMs: seams.leaseMs } : {}),
    ...(seams.shutdownGraceMs !== undefined ? { shutdownGraceMs: seams.shutdownGraceMs } : {}),
  });
  const types = async () =>
    (await runtime.eventStore.readStream(generationStream(started.generationId))).map((e) => e.type);
  const balance = async () =>
    (await runtime.commands.load(accountStream(userId), accountDecider)).state.credits;
  return { runtime, userId, started, message, handle, types, balance };
}

/** What the job intake does in a running system: opens the generation streams of the account's requests. */
export async function queueRequested(
  runtime: Pick<Platform, 'eventStore' | 'commands'>,
  userId: string,
): Promise<void> {
  const intake = jobIntake(runtime.commands, systemClock);
  for (const event of await runtime.eventStore.readStream(accountStream(userId))) {
    if (event.type === 'GenerationRequested') await intake.handle(event);
  }
}
