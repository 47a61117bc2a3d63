import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@studio/events';
import Database from 'better-sqlite3';
import { eventStoreContract, waitUntil } from '../../testing/contracts/eventstore';
import { freshEvent as event } from '../../testing/fresh-event';
import { useTempFiles, withStore } from '../../testing/helpers';
import { type EventStore, type SubscriptionHandle, WrongExpectedRevisionError } from './port';
import { createSqliteEventStore } from './sqlite';

const freshFile = useTempFiles('events.db');
eventStoreContract('sqlite', async () => createSqliteEventStore(freshFile()));

describe('SQLite event store', () => {
  /** A subscription from the start of the log that writes down the type of each event it is handed. */
  const typesSeen = (store: EventStore) => {
    const seen: string[] = [];
    const sub = store.subscribeToAll({}, async (e) => {
      seen.push(e.type);
    });
    return { seen, sub };
  };
  /** The subscription ends before the stores it reads close. */
  const stopThenClose = async (sub: SubscriptionHandle, ...stores: EventStore[]) => {
    await sub.stop();
    for (const store of stores) await store.close();
  };

  // With NORMAL a power cut can lose appends that were already acknowledged.
  it('acknowledges an append only once it is on disk (synchronous=FULL unless told otherwise)', async () => {
    const durable = createSqliteEventStore(freshFile());
    const fast = createSqliteEventStore(freshFile(), { synchronous: 'NORMAL' });
    try {
      expect(durable.synchronous).toBe('FULL');
      expect(fast.synchronous).toBe('NORMAL');
    } finally {
      await durable.close();
      await fast.close();
    }
  });

  it('announces each committed append to its listeners before the append resolves, as readers see it, across instances', async () => {
    const file = freshFile();
    const store = createSqliteEventStore(file);
    const other = createSqliteEventStore(file);
    try {
      const heard: RecordedEvent[][] = [];
      const stop = other.onAppended?.((events) => heard.push(events));
      const first = [event('A'), event('B')];
      // At commit, before the append's caller runs again (it commits with its group, not in the call).
      const heardWhenAcknowledged = await store
        .append('s', first, { expectedRevision: 'no-stream' })
        .then(() => heard.length);
      expect(heardWhenAcknowledged).toBe(1);
      expect(heard[0]).toEqual(await store.readAll());
      // A retried append writes nothing and announces nothing; a refused one neither.
      await store.append('s', first, { expectedRevision: 'no-stream' });
      await expect(store.append('s', [event('C')], { expectedRevision: 5 })).rejects.toThrow();
      expect(heard).toHaveLength(1);
      stop?.();
      await store.append('s', [event('D')], { expectedRevision: 1 });
      expect(heard).toHaveLength(1);
    } finally {
      await store.close();
      await other.close();
    }
  });

  it('a lazySync append (QR scan batches), committed or refused, leaves FULL in place', async () => {
    await withStore(createSqliteEventStore(freshFile()), async (store) => {
      await store.append('scans', [event('A')], { expectedRevision: 'any', lazySync: true });
      expect(store.synchronous).toBe('FULL');
      await expect(
        store.append('scans', [event('B')], { expectedRevision: 'no-stream', lazySync: true }),
      ).rejects.toThrow(WrongExpectedRevisionError);
      expect(store.synchronous).toBe('FULL');
      expect((await store.readStream('scans')).map((e) => e.type)).toEqual(['A']);
    });
  });

  it('has no head position while empty, and positions start at 1', async () => {
    await withStore(createSqliteEventStore(freshFile()), async (store) => {
      expect(await store.headPosition()).toBeUndefined();
      const result = await store.append('s', [event('A')], { expectedRevision: 'no-stream' });
      expect(result.position).toBe(1);
      const seen: RecordedEvent[] = [];
      const sub = store.subscribeToAll({}, async (e) => {
        seen.push(e);
      });
      await sub.caughtUp;
      expect(seen.map((e) => e.type)).toEqual(['A']);
      await sub.stop();
    });
  });

  it('keeps events across reopening the file', async () => {
    const file = freshFile();
    const first = createSqliteEventStore(file);
    await first.append('s', [event('A'), event('B')], { expectedRevision: 'no-stream' });
    await first.close();
    const second = createSqliteEventStore(file);
    try {
      expect((await second.readStream('s')).map((e) => e.type)).toEqual(['A', 'B']);
      await expect(second.append('s', [event('C')], { expectedRevision: 'no-stream' })).rejects.toThrow(
        'expected revision no-stream, actual 1',
      );
    } finally {
      await second.close();
    }
  });

  it('rejects an event id already used in another stream, atomically', async () => {
    await withStore(createSqliteEventStore(freshFile()), async (store) => {
      const shared = event('A');
      await store.append('one', [shared], { expectedRevision: 'no-stream' });
      await expect(store.append('two', [shared], { expectedRevision: 'any' })).rejects.toThrow(
        'already used',
      );
      await expect(store.append('two', [event('B'), shared], { expectedRevision: 'any' })).rejects.toThrow(
        'already in the store',
      );
      expect(await store.readStream('two')).toEqual([]);
      await expect(store.append('two', [], { expectedRevision: 'any' })).rejects.toThrow(
        'at least one event',
      );
    });
  });

  it('sees appends made by another connection (another process) through its poll', async () => {
    const file = freshFile();
    const store = createSqliteEventStore(file, { pollMs: 20 });
    const { seen, sub } = typesSeen(store);
    await sub.caughtUp;
    const other = new Database(file);
    try {
      other
        .prepare(
          'INSERT INTO events (stream, revision, event_id, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run('s', 0, randomUUID(), 'FromElsewhere', '{}', '{}');
      await waitUntil(() => seen.length === 1, 2000);
      expect(seen).toEqual(['FromElsewhere']);
    } finally {
      other.close();
      await sub.stop();
      await store.close();
    }
  });

  it('wakes subscribers of another instance on the same file at once', async () => {
    const file = freshFile();
    // A poll this slow cannot pass for the notification.
    const reader = createSqliteEventStore(file, { pollMs: 60_000 });
    const writer = createSqliteEventStore(file);
    const { seen, sub } = typesSeen(reader);
    try {
      await sub.caughtUp;
      await writer.append('s', [event('A')], { expectedRevision: 'no-stream' });
      await waitUntil(() => seen.length === 1, 2000);
    } finally {
      await stopThenClose(sub, writer, reader);
    }
  });

  it('does not lose a wake-up that arrives while the handler is busy', async () => {
    const store = createSqliteEventStore(freshFile(), { pollMs: 60_000 });
    const seen: string[] = [];
    const sub = store.subscribeToAll({}, async (e) => {
      seen.push(e.type);
      if (e.type === 'A') await new Promise((resolve) => setTimeout(resolve, 30));
    });
    try {
      await sub.caughtUp;
      await store.append('s', [event('A')], { expectedRevision: 'no-stream' });
      await waitUntil(() => seen.length === 1);
      await store.append('s', [event('B')], { expectedRevision: 0 });
      await waitUntil(() => seen.length === 2, 2000);
    } finally {
      await stopThenClose(sub, store);
    }
  });

  it('a retried append must find all its events, in order, where it expected them; otherwise it is a conflict', async () => {
    await withStore(createSqliteEventStore(freshFile()), async (store) => {
      const [a, b, c] = [event('A'), event('B'), event('C')];
      await store.append('s', [a, b], { expectedRevision: 'no-stream' });
      expect(await store.append('s', [a, b], { expectedRevision: 'any' })).toEqual({
        nextExpectedRevision: 1,
        position: 2,
      });
      // The first id is stored but the batch differs: not the same append.
      await expect(store.append('s', [a, c], { expectedRevision: 'no-stream' })).rejects.toThrow(
        WrongExpectedRevisionError,
      );
      await expect(store.append('s', [a, b, c], { expectedRevision: 'no-stream' })).rejects.toThrow(
        WrongExpectedRevisionError,
      );
      // The same events, but the caller expected them elsewhere.
      await expect(store.append('s', [b], { expectedRevision: 'no-stream' })).rejects.toThrow(
        WrongExpectedRevisionError,
      );
      await expect(store.append('s', [b], { expectedRevision: 1 })).rejects.toMatchObject({
        expected: 1,
        actual: 1,
      });
      expect(await store.append('s', [b], { expectedRevision: 0 })).toEqual({
        nextExpectedRevision: 1,
        position: 2,
      });
      expect((await store.readAll()).map((e) => e.type)).toEqual(['A', 'B']);
    });
  });

  it('reads a stream from a revision, and all events after a position up to a limit', async () => {
    await withStore(createSqliteEventStore(freshFile()), async (store) => {
      await store.append('s', [event('A'), event('B'), event('C')], { expectedRevision: 'no-stream' });
      await store.append('t', [event('D')], { expectedRevision: 'no-stream' });
      expect((await store.readStream('s')).map((e) => e.type)).toEqual(['A', 'B', 'C']);
      expect((await store.readStream('s', { fromRevision: 1 })).map((e) => e.revision)).toEqual([1, 2]);
      expect((await store.readAll()).map((e) => e.position)).toEqual([1, 2, 3, 4]);
      expect((await store.readAll({ after: 1, limit: 2 })).map((e) => e.type)).toEqual(['B', 'C']);
      expect((await store.readAll({ after: 2 })).map((e) => e.type)).toEqual(['C', 'D']);
    });
  });

  it('reads back large event data (2 KB or more, parsed on first read) and small data alike', async () => {
    await withStore(createSqliteEventStore(freshFile()), async (store) => {
      // `{"s":"…"}` is 8 characters around the string: 2047 and 2048 characters stored.
      const small = { s: 'x'.repeat(2039) };
      const large = { s: 'y'.repeat(2040) };
      await store.append(
        's',
        [
          { ...event('Small'), data: small },
          { ...event('Large'), data: large },
        ],
        {
          expectedRevision: 'no-stream',
        },
      );
      const [first, second] = await store.readAll();
      expect(first!.data).toEqual(small);
      expect(second!.data).toEqual(large);
      expect(second!.data).toBe(second!.data); // parsed once, the same object after
      // An ordinary enumerable property to spread, JSON and equality.
      expect({ ...second! }.data).toEqual(large);
      expect(JSON.parse(JSON.stringify(second))).toMatchObject({ type: 'Large', data: large });
      // Small data is a plain value; large data a getter until read.
      expect(Object.getOwnPropertyDescriptor(first, 'data')).toHaveProperty('value', small);
      const [, unread] = await store.readAll();
      expect(Object.getOwnPropertyDescriptor(unread, 'data')).toHaveProperty('get');
      // An upcaster may replace the data: the new value is what readers see, before or after a read.
      unread!.data = { replaced: true };
      expect(unread!.data).toEqual({ replaced: true });
      second!.data = { replaced: 2 };
      expect(second!.data).toEqual({ replaced: 2 });
    });
  });

  it('an append listener that throws is reported and does not stop the others or the append', async () => {
    const store = createSqliteEventStore(freshFile());
    const reported = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const heard: string[] = [];
      store.onAppended?.(() => {
        throw new Error('listener broke');
      });
      store.onAppended?.((events) => heard.push(...events.map((e) => e.type)));
      await store.append('s', [event('A')], { expectedRevision: 'no-stream' });
      expect(heard).toEqual(['A']);
      expect(reported).toHaveBeenCalledWith(
        'append listener failed',
        expect.objectContaining({ message: 'listener broke' }),
      );
      expect(await store.readStream('s')).toHaveLength(1);
    } finally {
      reported.mockRestore();
      await store.close();
    }
  });

  it('a subscription without onError that fails is reported on the console and stops', async () => {
    const store = createSqliteEventStore(freshFile());
    const reported = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await store.append('s', [event('A'), event('B')], { expectedRevision: 'no-stream' });
      const seen: string[] = [];
      const sub = store.subscribeToAll({}, async (e) => {
        seen.push(e.type);
        throw new Error('handler broke');
      });
      await expect(sub.caughtUp).rejects.toThrow('handler broke');
      expect(reported).toHaveBeenCalledWith(
        'event store subscription failed',
        expect.objectContaining({ message: 'handler broke' }),
      );
      await sub.stop();
      expect(seen).toEqual(['A']);
    } finally {
      reported.mockRestore();
      await store.close();
    }
  });

  it('delivers a log longer than one read page in order, and is caught up only after its last event', async () => {
    // A poll this slow cannot pass for reading the next page at once.
    await withStore(
      createSqliteEventStore(freshFile(), { synchronous: 'NORMAL', pollMs: 60_000 }),
      async (store) => {
        const count = 1201;
        await store.append(
          's',
          Array.from({ length: count }, (_, i) => event(`E${i}`)),
          { expectedRevision: 'no-stream' },
        );
        const seen: number[] = [];
        const sub = store.subscribeToAll({}, async (e) => {
          seen.push(e.position);
        });
        await sub.caughtUp;
        expect(seen).toEqual(Array.from({ length: count }, (_, i) => i + 1));
        await sub.stop();
        const fromMiddle: number[] = [];
        const later = store.subscribeToAll({ after: 1000 }, async (e) => {
          fromMiddle.push(e.position);
        });
        await later.caughtUp;
        expect(fromMiddle).toHaveLength(count - 1000);
        await later.stop();
      },
    );
  });

  it('closing twice is harmless, and an instance opened after another closed still wakes and tells the rest', async () => {
    const file = freshFile();
    const closed = createSqliteEventStore(file);
    const reader = createSqliteEventStore(file, { pollMs: 60_000 });
    const { seen, sub } = typesSeen(reader);
    const heard: string[] = [];
    reader.onAppended?.((events) => heard.push(...events.map((e) => e.type)));
    await sub.caughtUp;
    await closed.close();
    await closed.close();
    const writer = createSqliteEventStore(file);
    try {
      await writer.append('s', [event('A')], { expectedRevision: 'no-stream' });
      expect(heard).toEqual(['A']);
      await waitUntil(() => seen.length === 1, 2000);
    } finally {
      await stopThenClose(sub, writer, reader);
    }
  });

  it('a store opened with NORMAL stays NORMAL, lazy appends or not', async () => {
    await withStore(createSqliteEventStore(freshFile(), { synchronous: 'NORMAL' }), async (store) => {
      await store.append('s', [event('A')], { expectedRevision: 'no-stream', lazySync: true });
      await store.append('s', [event('B')], { expectedRevision: 0 });
      expect(store.synchronous).toBe('NORMAL');
    });
  });

  it('keeps in-memory and anonymous stores apart: an append to one is announced to its own listeners only', async () => {
    for (const file of [':memory:', '']) {
      const one = createSqliteEventStore(file, { pollMs: 60_000 });
      const two = createSqliteEventStore(file, { pollMs: 60_000 });
      try {
        const heard: string[] = [];
        one.onAppended?.((events) => heard.push(...events.map((e) => `one:${e.type}`)));
        two.onAppended?.((events) => heard.push(...events.map((e) => `two:${e.type}`)));
        const { seen, sub } = typesSeen(one);
        await sub.caughtUp;
        await two.append('s', [event('B')], { expectedRevision: 'no-stream' });
        await one.append('s', [event('A')], { expectedRevision: 'no-stream' });
        expect(heard).toEqual(['two:B', 'one:A']);
        await waitUntil(() => seen.length === 1, 2000);
        expect(seen).toEqual(['A']);
        await sub.stop();
      } finally {
        await one.close();
        await two.close();
      }
    }
  });

  it('supports :memory:', async () => {
    const store = createSqliteEventStore(':memory:');
    await store.append('s', [event('A')], { expectedRevision: 'no-stream' });
    expect(await store.readAll()).toHaveLength(1);
    await store.close();
  });
});
