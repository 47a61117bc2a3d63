import { type RecordedEvent, upcast } from '@studio/events';
import { DomainError } from '../errors';
import type { EventStore } from '../eventstore/port';
import type { ReadStore, WriteOp } from '../readstore/port';
import { PARKED_EVENTS, type ParkedEvent, parkOp } from './parked-events';
import { type Projection, projectEvent } from './projector';
import type { Reactor } from './reactor';
import { errorMessage } from './retry-policy';

/**
 * Runs the parked event once more through the runner that parked it: a reactor's handler, or a
 * projection's writes (applied together with the record's removal, in one transaction). Success
 * removes the record; a failure keeps it (attempts + 1, the new error) and throws a CONFLICT
 * carrying the error. A projection's event is applied after the events that followed it: right
 * for counters, and a rebuild replays it in order where order matters.
 */
export type ParkedEventRetrier = (id: string) => Promise<void>;

export function parkedEventRetrier(deps: {
  eventStore: Pick<EventStore, 'readStream'>;
  readStore: Pick<ReadStore, 'collection' | 'apply'>;
  reactors: readonly Reactor[];
  projections?: readonly Projection[];
  now?: () => Date;
}): ParkedEventRetrier {
  const now = deps.now ?? (() => new Date());
  const parked = deps.readStore.collection<ParkedEvent>(PARKED_EVENTS);
  return async (id) => {
    const record = await parked.get(id);
    if (!record) throw new DomainError('NOT_FOUND', `No parked event with id ${id}`);
    const reactor = deps.reactors.find((r) => r.name === record.reactor);
    const projection = deps.projections?.find((p) => p.name === record.reactor);
    if (!reactor && !projection)
      throw new DomainError('NOT_FOUND', `No reactor or projection named ${record.reactor} runs here`);
    const event = await readEvent(deps.eventStore, record);
    const removal: WriteOp = { op: 'delete', collection: PARKED_EVENTS, id };
    try {
      if (reactor) await reactor.handle(upcast(event));
      else if (projection) await deps.readStore.apply([...projectEvent(projection, event), removal]);
    } catch (error) {
      const message = errorMessage(error);
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
    if (reactor) await deps.readStore.apply([removal]);
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
