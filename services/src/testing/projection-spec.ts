import type { Event, RecordedEvent } from '@studio/events';
import type { Emitted } from '../platform/decider';
import type { Doc } from '../platform/readstore/port';
import { createSqliteReadStore } from '../platform/readstore/sqlite';
import { type Projection, projectEvent } from '../platform/runners/projector';

/** An event as a test gives it: its stream, and when it happened (a fixed instant by default). */
export type GivenEvent<E extends Event> = Emitted<E> & { stream: string; at?: string };

export const GIVEN_AT = '2026-01-01T00:00:00.000Z';

/**
 * Given events → then these documents (tests only), against a real SQLite read store in memory.
 * Event i (from 1) gets the id `e{i}` and the position i. The events are applied one per
 * transaction, as the live runner does, and once more through the bulk rebuild path: both must
 * give the expected documents, byte for byte the same. Collections not named in `then` must be
 * empty.
 */
export function projectionSpec<E extends Event>(projection: Projection) {
  return {
    given: (events: GivenEvent<E>[]) => ({
      // biome-ignore lint/suspicious/noThenProperty: the given/then vocabulary; this object is never awaited.
      then: async (expected: Record<string, Doc[]>) => {
        for (const name of Object.keys(expected)) {
          if (!projection.collections.includes(name)) throw new Error(`${projection.name} owns no ${name}`);
        }
        const recorded = record(events);
        const live = await documents(projection, recorded, 'live');
        const bulk = await documents(projection, recorded, 'bulk');
        const wanted = Object.fromEntries(
          projection.collections.map((name) => [name, byId(expected[name] ?? [])]),
        );
        expect(live).toEqual(wanted);
        expect(JSON.stringify(bulk)).toBe(JSON.stringify(live));
      },
    }),
  };
}

function record<E extends Event>(events: GivenEvent<E>[]): RecordedEvent[] {
  const revisions = new Map<string, number>();
  return events.map(({ stream, at, type, data }, i) => {
    const revision = (revisions.get(stream) ?? -1) + 1;
    revisions.set(stream, revision);
    return {
      eventId: `e${i + 1}`,
      type,
      data,
      metadata: {
        correlationId: 'given',
        causationId: 'given',
        occurredAt: at ?? GIVEN_AT,
        schemaVersion: 1,
      },
      streamName: stream,
      revision,
      position: i + 1,
    };
  });
}

async function documents(
  projection: Projection,
  events: RecordedEvent[],
  path: 'live' | 'bulk',
): Promise<Record<string, Doc[]>> {
  const store = createSqliteReadStore(':memory:');
  try {
    const checkpoint = (event: RecordedEvent) => ({ name: projection.name, position: event.position });
    if (path === 'live') {
      for (const event of events) await store.apply(projectEvent(projection, event), checkpoint(event));
    } else {
      const bulk = store.bulk?.();
      if (!bulk) throw new Error('The SQLite read store offers bulk writes');
      for (const event of events) bulk.stage(projectEvent(projection, event));
      const last = events.at(-1);
      if (last) await bulk.commit(checkpoint(last));
    }
    const out: Record<string, Doc[]> = {};
    for (const name of projection.collections) out[name] = byId(await store.collection(name).find());
    return out;
  } finally {
    await store.close();
  }
}

const byId = (docs: Doc[]) => [...docs].sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
