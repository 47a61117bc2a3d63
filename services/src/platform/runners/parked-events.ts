import { type RecordedEvent, upcast } from '@studio/events';
import { DomainError } from '../errors';
import type { EventStore } from '../eventstore/port';
import type { Doc, ReadStore, WriteOp } from '../readstore/port';
import type { Reactor } from './reactor';

/**
 * Events a reactor gave up on after its bounded tries. Written in the same transaction as the
 * checkpoint that moves past the event (collection names allow no hyphen, hence the underscore).
 */
export const PARKED_EVENTS = 'parked_events';

export interface ParkedEvent extends Doc {
  /** `{reactor}@{position}`: one record per reactor and event. */
  _id: string;
  reactor: string;
  position: number;
  eventId: string;
  type: string;
  stream: string;
  revision: number;
  /** The last failure's message. */
  error: string;
  attempts: number;
  parkedAt: string;
  /** Set by a failed manual retry. */
  lastRetriedAt?: string;
}

export const parkedEventId = (reactor: string, position: number) => `${reactor}@${position}`;

export const parkOp = (parked: ParkedEvent): WriteOp => ({
  op: 'put',
  collection: PARKED_EVENTS,
  doc: parked,
});

/** Oldest first: the order they were met in the log. */
export async function listParkedEvents(readStore: Pick<ReadStore, 'collection'>): Promise<ParkedEvent[]> {
  return readStore.collection<ParkedEvent>(PARKED_EVENTS).find({}, { sort: { position: 1, reactor: 1 } });
}

/**
 * Runs the reactor's handler once more for the parked event. Success removes the record;
 * a failure keeps it (attempts + 1, the new error) and throws a CONFLICT carrying the error.
 */
export type ParkedEventRetrier = (id: string) => Promise<void>;

export function parkedEventRetrier(deps: {
  eventStore: Pick<EventStore, 'readStream'>;
  readStore: Pick<ReadStore, 'collection' | 'apply'>;
  reactors: readonly Reactor[];
  now?: () => Date;
}): ParkedEventRetrier {
  const now = deps.now ?? (() => new Date());
  const parked = deps.readStore.collection<ParkedEvent>(PARKED_EVENTS);
  return async (id) => {
    const record = await parked.get(id);
    if (!record) throw new DomainError('NOT_FOUND', `No parked event with id ${id}`);
    const reactor = deps.reactors.find((r) => r.name === record.reactor);
    if (!reactor) throw new DomainError('NOT_FOUND', `No reactor named ${record.reactor} runs here`);
    const event = await readEvent(deps.eventStore, record);
    try {
      await reactor.handle(upcast(event));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await deps.readStore.apply([
        parkOp({
          ...record,
          attempts: record.attempts + 1,
          error: message,
          lastRetriedAt: now().toISOString(),
        }),
      ]);
      throw new DomainError('CONFLICT', `The retry failed again: ${message}`);
    }
    await deps.readStore.apply([{ op: 'delete', collection: PARKED_EVENTS, id }]);
  };
}

async function readEvent(
  eventStore: Pick<EventStore, 'readStream'>,
  record: ParkedEvent,
): Promise<RecordedEvent> {
  const [event] = await eventStore.readStream(record.stream, { fromRevision: record.revision });
  if (!event || event.eventId !== record.eventId) {
    throw new DomainError('NOT_FOUND', `The parked event ${record.eventId} is no longer in ${record.stream}`);
  }
  return event;
}
