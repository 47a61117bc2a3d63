import type { Event, RecordedEvent } from '@studio/events';
import type { EventStore, SubscribeOptions } from '../platform/eventstore/port';
import { createSqliteEventStore } from '../platform/eventstore/sqlite';
import { createLogger, type Logger } from '../platform/logging';
import type { ReadStore } from '../platform/readstore/port';
import { createSqliteReadStore } from '../platform/readstore/sqlite';
import type { Reactor } from '../platform/runners/reactor';
import { eventually, tempDataDir } from './helpers';

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

/**
 * A describe block's given: a fresh runner fixture for each test, disposed after it; the runner
 * `running` names then (the one the test started, if any) is stopped first.
 */
export function useRunnerFixture(
  running: () => { stop(): Promise<void> } | undefined = () => undefined,
): () => RunnerFixture {
  let fixture: RunnerFixture | undefined;
  beforeEach(() => {
    fixture = openRunnerFixture();
  });
  afterEach(async () => {
    await running()?.stop();
    await fixture?.dispose();
  });
  return () => {
    if (!fixture) throw new Error('The runner fixture is open only while a test runs');
    return fixture;
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

/** The `i`th of a numbered run of events, as the parking tests log them (one stream each). */
export const tick = (i: number): Event => testEvent(`e${i}`, 'Ticked', { i });

/** A runner fixture whose log already holds `count` ticks, tick `i` alone on stream `tick-<i>`. */
export async function openTickedFixture(count: number): Promise<RunnerFixture> {
  const fixture = openRunnerFixture();
  for (let i = 0; i < count; i++)
    await fixture.events.append(`tick-${i}`, [tick(i)], { expectedRevision: 'no-stream' });
  return fixture;
}

/**
 * A reactor that writes down the id of each event it is handed, in order, then does `then` (which
 * throws where the test wants the event to fail).
 */
export function recordingReactor(
  name: string,
  seen: string[],
  then: (event: RecordedEvent) => void = () => {},
): Reactor {
  return {
    name,
    async handle(event) {
      seen.push(event.eventId);
      then(event);
    },
  };
}

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

/**
 * Starts a runner on a store whose first subscription's stop hangs, reports an engine failure, and
 * stops the runner while it is caught mid-restart; then lets the hung stop finish. Returns the
 * runner and every subscription it opened, for the test to check it stayed stopped.
 */
export async function stopWhileComingBack<R extends { start(): Promise<void>; stop(): Promise<void> }>(
  events: EventStore,
  open: (store: EventStore) => R,
): Promise<{ runner: R; subscriptions: SubscribeOptions[] }> {
  const { store: watched, subscriptions } = watchSubscriptions(events);
  const held = deferred();
  let stopsAsked = 0;
  const store: EventStore = {
    ...watched,
    subscribeToAll: (options, handler) => {
      const inner = watched.subscribeToAll(options, handler);
      if (subscriptions.length > 1) return inner;
      return {
        caughtUp: inner.caughtUp,
        stop: async () => {
          stopsAsked += 1;
          await held.promise;
          await inner.stop();
        },
      };
    },
  };
  const runner = open(store);
  await runner.start();
  subscriptions[0]!.onError?.(new Error('engine down'));
  await eventually(async () => stopsAsked === 1);
  const stopping = runner.stop();
  held.resolve();
  await stopping;
  return { runner, subscriptions };
}
