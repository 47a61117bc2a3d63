import type { Event } from '@studio/events';
import type { EventStore, SubscribeOptions } from '../platform/eventstore/port';
import { createSqliteEventStore } from '../platform/eventstore/sqlite';
import { createLogger, type Logger } from '../platform/logging';
import type { ReadStore } from '../platform/readstore/port';
import { createSqliteReadStore } from '../platform/readstore/sqlite';
import { tempDataDir } from './helpers';

/** Tests only: an event store and a read store in a fresh temp folder, for the runners' tests. */
export interface RunnerFixture {
  events: EventStore;
  reads: ReadStore;
  logger: Logger;
  dispose(): Promise<void>;
}

export function openRunnerFixture(): RunnerFixture {
  const tmp = tempDataDir();
  const events = createSqliteEventStore(`${tmp.dir}/events.db`);
  const reads = createSqliteReadStore(`${tmp.dir}/read.db`);
  return {
    events,
    reads,
    logger: createLogger('silent'),
    async dispose() {
      await events.close();
      await reads.close();
      tmp.remove();
    },
  };
}

export const testEvent = (id: string, type = 'Happened', data: Record<string, unknown> = {}): Event => ({
  eventId: id,
  type,
  data,
  metadata: {
    correlationId: 'c',
    causationId: 'c',
    occurredAt: '2026-11-22T00:00:00.000Z',
    schemaVersion: 1,
  },
});

/** A promise with its resolve and reject at hand, to hold a fake dependency mid-call. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The store as it is, but every subscription's options are kept (to report an engine failure). */
export function watchSubscriptions(events: EventStore): {
  store: EventStore;
  subscriptions: SubscribeOptions[];
} {
  const subscriptions: SubscribeOptions[] = [];
  const store: EventStore = {
    ...events,
    subscribeToAll: (options, handler) => {
      subscriptions.push(options);
      return events.subscribeToAll(options, handler);
    },
  };
  return { store, subscriptions };
}
