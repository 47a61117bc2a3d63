import { accountStream, generationStream } from '@studio/events';
import { accountDecider } from '../account/decider';
import type { BlobStore } from '../platform/blobs/port';
import type { Clock } from '../platform/clock';
import type { CommandHandler } from '../platform/command-handler';
import { defineReactor, type Reactor } from '../platform/runners/reactor';
import { generationDecider } from './generation';
import { chargeIdOf } from './job/resume';
import { discardUnneeded, jobFilesOf } from './job-files';

/**
 * The refund process manager: a failed or timed-out generation gives its credits back, and with
 * them the storage it took: its uploads (`gen-{id}-original.*`, `gen-{id}-character.*`) and the
 * parts recorded for a resume are deleted, so the same few credits cannot buy storage again and
 * again; a job its owner may continue keeps them for that (`job-files.ts`). Exactly once: the account decider refunds a generation id only once, however often the
 * failure event is handled; deleting a blob already gone is no error.
 */
export function refundProcessManager(
  commands: CommandHandler,
  clock: Clock,
  blobs: Pick<BlobStore, 'delete'>,
): Reactor {
  return defineReactor({
    name: 'refunds',
    handles: ['GenerationFailed'],
    async handle(event) {
      const { generationId, userId, code, resumeRound } = event.data;
      await commands.handle(
        accountStream(userId),
        accountDecider,
        {
          type: 'RefundGeneration',
          // The failed round's own charge: a continued job's later failure refunds what it cost.
          generationId: chargeIdOf(generationId, resumeRound),
          reason: code === 'TIMEOUT' ? 'generation-timed-out' : 'generation-failed',
        },
        {
          at: clock.now().toISOString(),
          correlationId: event.metadata.correlationId,
          causationId: event.eventId,
          userId,
        },
      );
      const { state } = await commands.load(generationStream(generationId), generationDecider);
      await discardUnneeded(blobs, jobFilesOf(state), jobFilesOf(state));
    },
  });
}

/**
 * A regeneration of one part that made no version gives its credits back, exactly once (the
 * account refunds a regeneration id once; one that was never charged has nothing to refund).
 */
export function partRefundProcessManager(commands: CommandHandler, clock: Clock): Reactor {
  return defineReactor({
    name: 'part-regeneration-refunds',
    handles: ['GenerationPartRegenerationFailed'],
    async handle(event) {
      const { regenerationId, userId, code } = event.data;
      await commands.handle(
        accountStream(userId),
        accountDecider,
        {
          type: 'RefundGeneration',
          generationId: regenerationId,
          reason: code === 'TIMEOUT' ? 'generation-timed-out' : 'generation-failed',
        },
        {
          at: clock.now().toISOString(),
          correlationId: event.metadata.correlationId,
          causationId: event.eventId,
          userId,
        },
      );
    },
  });
}
