import { generationStream } from '@studio/events';
import type { Clock } from '../platform/clock';
import type { CommandHandler } from '../platform/command-handler';
import { defineReactor, type Reactor } from '../platform/runners/reactor';
import { generationDecider } from './generation';

/**
 * Job intake: a generation the account recorded (with its debit, on `account-{userId}`) opens its
 * own stream with the request (`GenerationQueued`), where every reader of the job's input finds
 * it; the relay publishes the job from there. A paid resume of a failed job (GenerationResumeRequested,
 * with the round's debit) queues that job again (`GenerationResumed`). Idempotent: the decider
 * queues a stream once, and a round once.
 */
export function jobIntake(commands: CommandHandler, clock: Clock): Reactor {
  return defineReactor({
    name: 'job-intake',
    handles: ['GenerationRequested', 'GenerationResumeRequested'],
    async handle(event) {
      const context = {
        at: clock.now().toISOString(),
        correlationId: event.metadata.correlationId,
        causationId: event.eventId,
        userId: event.data.userId,
      };
      if (event.type === 'GenerationResumeRequested') {
        const { generationId, userId, round, cost } = event.data;
        await commands.handle(
          generationStream(generationId),
          generationDecider,
          { type: 'ResumeJob', generationId, userId, round, cost },
          context,
        );
        return;
      }
      const { generationId, userId, cost: _cost, ...request } = event.data;
      await commands.handle(
        generationStream(generationId),
        generationDecider,
        { type: 'QueueJob', generationId, userId, request },
        context,
      );
    },
  });
}
