import { type Event, type RecordedEvent, upcast } from '@studio/events';
import { type Decider, type Emitted, fold } from './decider';
import { DomainError } from './errors';
import { type EventStore, WrongExpectedRevisionError } from './eventstore/port';
import { newEventId } from './ids';
import { KeyedMutex } from './keyed-mutex';

/** Who and when: the envelope metadata of every event a command appends. */
export interface CommandContext {
  at: string;
  correlationId: string;
  causationId: string;
  userId?: string;
  /** Who acted on the user's behalf (an admin, the operator): kept in the metadata for audit. */
  actorId?: string;
}

export interface CommandResult<State, E extends Event> {
  /** State after the new events: what responses such as `remainingCredits` read from. */
  state: State;
  events: E[];
  nextExpectedRevision: number | 'no-stream';
}

const MAX_ATTEMPTS = 8;

/**
 * read stream → fold → decide → append with the expected revision; on a conflict (another
 * process appended first) re-read and decide again.
 */
export class CommandHandler {
  private readonly mutex = new KeyedMutex();

  constructor(private readonly eventStore: EventStore) {}

  async handle<Command, E extends Event, State>(
    streamName: string,
    decider: Decider<Command, E, State>,
    command: Command,
    context: CommandContext,
  ): Promise<CommandResult<State, E>> {
    return this.mutex.run(streamName, async () => {
      for (let attempt = 1; ; attempt += 1) {
        const { state, revision } = await this.load(streamName, decider);
        const emitted = decider.decide(command, state);
        if (emitted.length === 0) return { state, events: [], nextExpectedRevision: revision };
        const events = emitted.map((e) => toEvent<E>(e, context));
        try {
          const result = await this.eventStore.append(streamName, events, { expectedRevision: revision });
          return {
            state: events.reduce(decider.evolve, state),
            events,
            nextExpectedRevision: result.nextExpectedRevision,
          };
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError)) throw error;
          if (attempt >= MAX_ATTEMPTS) {
            throw new DomainError('CONCURRENCY', 'The account is busy right now. Please try again.');
          }
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
        }
      }
    });
  }

  /** The current state of a stream, for queries that must not lag behind a projection. */
  async load<E extends Event, State>(
    streamName: string,
    decider: Pick<Decider<unknown, E, State>, 'evolve' | 'initialState'>,
  ): Promise<{ state: State; revision: number | 'no-stream' }> {
    const recorded = await this.eventStore.readStream(streamName);
    const events = recorded.map((e) => upcast(e as RecordedEvent) as unknown as E);
    const last = recorded.at(-1);
    return { state: fold(decider, events), revision: last ? last.revision : 'no-stream' };
  }
}

function toEvent<E extends Event>(emitted: Emitted<E>, context: CommandContext): E {
  return {
    eventId: newEventId(),
    type: emitted.type,
    data: emitted.data,
    metadata: {
      ...(context.userId ? { userId: context.userId } : {}),
      ...(context.actorId ? { actorId: context.actorId } : {}),
      correlationId: context.correlationId,
      causationId: context.causationId,
      occurredAt: context.at,
      schemaVersion: 1,
    },
  } as E;
}
