import { type Event, type RecordedEvent, upcast } from '@studio/events';
import type { Decider, Emitted } from './decider';
import { DomainError } from './errors';
import { type EventStore, WrongExpectedRevisionError } from './eventstore/port';
import { newEventId } from './ids';
import { KeyedMutex } from './keyed-mutex';
import type { SnapshotCodec, SnapshotStore } from './snapshots';

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
/** The CONCURRENCY error's words for a decider that gives none of its own (`busyMessage`). */
const BUSY = 'Too many changes at once. Please try again.';
/** Streams whose latest state this process keeps in memory. */
const RECENT_STREAMS = 1000;

type Foldable<E extends Event, State> = Pick<
  Decider<unknown, E, State>,
  'evolve' | 'initialState' | 'snapshot'
>;

/** A state as of `revision` (whose event was `eventId`); `saved` = revision of the last stored snapshot. */
interface Known {
  revision: number;
  eventId: string;
  state: unknown;
  version: number;
  saved: number;
}

/**
 * read stream → fold → decide → append with the expected revision; on a conflict (another
 * process appended first) re-read and decide again.
 *
 * A decider with a `snapshot` codec is folded from the newest state known — this process's
 * memory first, then the snapshot store — plus the events after it, so a command costs the same
 * on a stream of ten events or ten thousand. A new snapshot is stored once `every` events have
 * been folded on top of the last one. The event store stays the truth: a snapshot whose event id
 * does not match the stream at its revision, or of another codec version, is ignored.
 */
export class CommandHandler {
  private readonly mutex = new KeyedMutex();
  private readonly recent = new Map<string, Known>();

  constructor(
    private readonly eventStore: EventStore,
    private readonly snapshots?: SnapshotStore,
  ) {}

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
          const after = events.reduce(decider.evolve, state);
          const last = events.at(-1);
          if (decider.snapshot && last) {
            await this.remember(
              streamName,
              decider.snapshot,
              after,
              result.nextExpectedRevision,
              last.eventId,
            );
          }
          return { state: after, events, nextExpectedRevision: result.nextExpectedRevision };
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError)) throw error;
          if (attempt >= MAX_ATTEMPTS) {
            throw new DomainError('CONCURRENCY', decider.busyMessage ?? BUSY);
          }
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
        }
      }
    });
  }

  /** The current state of a stream, for queries that must not lag behind a projection. */
  async load<E extends Event, State>(
    streamName: string,
    decider: Foldable<E, State>,
  ): Promise<{ state: State; revision: number | 'no-stream' }> {
    const codec = decider.snapshot;
    const base = codec ? await this.newestKnown(streamName, codec) : undefined;
    let state = decider.initialState;
    let recorded: RecordedEvent[] = [];
    let from: Known | undefined;
    if (base) {
      // Read from the snapshot's own revision: its event must still be the one it was taken after.
      const tail = await this.eventStore.readStream(streamName, { fromRevision: base.revision });
      if (tail[0]?.eventId === base.eventId) {
        from = base;
        state = base.state as State;
        recorded = tail.slice(1);
      }
    }
    if (!from) recorded = await this.eventStore.readStream(streamName);
    for (const event of recorded)
      state = decider.evolve(state, upcast(event as RecordedEvent) as unknown as E);
    const last = recorded.at(-1);
    const head = last ?? (from ? { revision: from.revision, eventId: from.eventId } : undefined);
    if (codec && head)
      await this.remember(streamName, codec, state, head.revision, head.eventId, from?.saved);
    return { state, revision: head ? head.revision : 'no-stream' };
  }

  private async newestKnown<State>(
    streamName: string,
    codec: SnapshotCodec<State>,
  ): Promise<Known | undefined> {
    const key = `${codec.name}:${streamName}`;
    const inMemory = this.recent.get(key);
    if (inMemory?.version === codec.version) return inMemory;
    const stored = await this.snapshots?.get(streamName, codec.name);
    if (!stored || stored.version !== codec.version) return undefined;
    return { ...stored, state: codec.decode(stored.state), saved: stored.revision };
  }

  /** Keeps the state in memory, and stores a snapshot once `every` events have passed since the last one. */
  private async remember<State>(
    streamName: string,
    codec: SnapshotCodec<State>,
    state: State,
    revision: number,
    eventId: string,
    savedBefore?: number,
  ): Promise<void> {
    const key = `${codec.name}:${streamName}`;
    const previous = this.recent.get(key);
    if (previous && previous.revision > revision) return;
    let saved = Math.max(savedBefore ?? -1, previous?.saved ?? -1);
    if (this.snapshots && revision - saved >= codec.every) {
      try {
        await this.snapshots.put(streamName, codec.name, {
          revision,
          eventId,
          version: codec.version,
          state: codec.encode(state),
        });
        saved = revision;
      } catch {
        // A snapshot only saves reading time: failing to store one must not fail the command.
      }
    }
    this.recent.delete(key);
    this.recent.set(key, { revision, eventId, state, version: codec.version, saved });
    if (this.recent.size > RECENT_STREAMS) {
      const oldest = this.recent.keys().next().value;
      if (oldest !== undefined) this.recent.delete(oldest);
    }
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
