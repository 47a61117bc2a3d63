import { accountStream, type GenerationFailed } from '@studio/events';
import { accountDecider } from '../account/decider';
import type { Clock } from '../platform/clock';
import type { CommandHandler } from '../platform/command-handler';
import type { Reactor } from '../platform/runners/reactor';

/**
 * The refund process manager: a failed or timed-out generation gives its credits back.
 * Exactly once: the account decider refunds a generation id only once, however often the
 * failure event is handled.
 */
export function refundProcessManager(commands: CommandHandler, clock: Clock): Reactor {
  return {
    name: 'refunds',
    handles: ['GenerationFailed'],
    async handle(event) {
      if (event.type !== 'GenerationFailed') return;
      const { generationId, userId, code } = (event as unknown as GenerationFailed).data;
      await commands.handle(
        accountStream(userId),
        accountDecider,
        {
          type: 'RefundGeneration',
          generationId,
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
  };
}
