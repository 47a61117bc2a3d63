import type { RecordedEvent } from '@studio/events';
import type { Doc, ReadStore, WriteOp } from '../readstore/port';
import { errorMessage } from './retry-policy';

/**
 * Events a reactor or a projection gave up on after its bounded tries. Written in the same
 * transaction as the checkpoint that moves past the event (collection names allow no hyphen,
 * hence the underscore).
 */
export const PARKED_EVENTS = 'parked_events';

export interface ParkedEvent extends Doc {
  /** `{reactor}@{position}`: one record per runner and event. */
  _id: string;
  /** The runner's checkpoint name: a reactor's or a projection's (they share one namespace). */
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

export const parkedRecord = (
  runner: string,
  event: RecordedEvent,
  error: unknown,
  attempts: number,
  at: Date,
): ParkedEvent => ({
  _id: parkedEventId(runner, event.position),
  reactor: runner,
  position: event.position,
  eventId: event.eventId,
  type: event.type,
  stream: event.streamName,
  revision: event.revision,
  error: errorMessage(error),
  attempts,
  parkedAt: at.toISOString(),
});

export const parkOp = (parked: ParkedEvent): WriteOp => ({
  op: 'put',
  collection: PARKED_EVENTS,
  doc: parked,
});

/** A rebuild replays every event of the projection again: its old parked records go. */
export const clearParkedOp = (runner: string): WriteOp => ({
  op: 'deleteMany',
  collection: PARKED_EVENTS,
  filter: { reactor: runner },
});

/** Oldest first: the order they were met in the log. */
export async function listParkedEvents(readStore: Pick<ReadStore, 'collection'>): Promise<ParkedEvent[]> {
  return readStore.collection<ParkedEvent>(PARKED_EVENTS).find({}, { sort: { position: 1, reactor: 1 } });
}
