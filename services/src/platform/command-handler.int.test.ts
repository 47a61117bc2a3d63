import type { Event } from '@studio/events';
import { tempDataDir, withStore } from '../testing/helpers';
import { deferred } from '../testing/runner-fixtures';
import { CommandHandler } from './command-handler';
import type { Decider } from './decider';
import { DomainError } from './errors';
import { type EventStore, WrongExpectedRevisionError } from './eventstore/port';
import { createSqliteEventStore } from './eventstore/sqlite';
import { createSqliteReadStore } from './readstore/sqlite';
import { readStoreSnapshots, SNAPSHOTS, type SnapshotCodec } from './snapshots';

type Added = Event<'Added', { tag: string }>;
interface Tags {
  count: number;
  tags: ReadonlySet<string>;
}
const codec: SnapshotCodec<Tags> = {
  name: 'tags',
  version: 2,
  every: 5,
  encode: (s) => ({ count: s.count, tags: [...s.tags] }),
  decode: (json) => {
    const j = json as { count: number; tags: string[] };
    return { count: j.count, tags: new Set(j.tags) };
  },
};
const plain: Decider<{ tag: string }, Added, Tags> = {
  initialState: { count: 0, tags: new Set() },
  evolve: (s, e) => ({ count: s.count + 1, tags: new Set(s.tags).add(e.data.tag) }),
  decide: (command) => [{ type: 'Added', data: { tag: command.tag } }],
};
const snapshotted = { ...plain, snapshot: codec };
const ctx = { at: '2026-11-22T00:00:00.000Z', correlationId: 'c', causationId: 'c' };

/** Counts the events each readStream call returned: what a fold had to read. */
function counting(store: EventStore) {
  const reads: number[] = [];
  const wrapped: EventStore = {
    ...store,
    readStream: async (name, options) => {
      const events = await store.readStream(name, options);
      reads.push(events.length);
      return events;
    },
  };
  return { store: wrapped, reads };
}

async function setUp() {
  const tmp = tempDataDir();
  const events = createSqliteEventStore(`${tmp.dir}/events.db`);
  const reads = createSqliteReadStore(`${tmp.dir}/read.db`);
  const snapshots = readStoreSnapshots(reads);
  return {
    events,
    reads,
    snapshots,
    async close() {
      await events.close();
      await reads.close();
      tmp.remove();
    },
  };
}

describe('command handler with snapshots', () => {
  it('folds from the stored snapshot plus the events after it, to the same state as a full fold', async () => {
    await withStore(await setUp(), async (env) => {
      const writer = new CommandHandler(env.events, env.snapshots);
      for (let i = 0; i < 12; i++) await writer.handle('tags-1', snapshotted, { tag: `t${i % 4}` }, ctx);
      const stored = await env.snapshots.get('tags-1', 'tags');
      expect(stored?.revision).toBe(9); // revisions 4 and 9: every 5 events
      expect(stored?.version).toBe(2);

      // A fresh process: nothing in memory, so it starts from the stored snapshot.
      const { store, reads } = counting(env.events);
      const fresh = await new CommandHandler(store, env.snapshots).load('tags-1', snapshotted);
      const full = await new CommandHandler(env.events).load('tags-1', plain);
      expect(fresh).toEqual(full);
      expect(fresh).toEqual({ state: { count: 12, tags: new Set(['t0', 't1', 't2', 't3']) }, revision: 11 });
      expect(reads).toEqual([3]); // the snapshot's own event (checked) and the two after it
    });
  });

  it('reads only what was appended since its last command, in memory, whatever the stream length', async () => {
    await withStore(await setUp(), async (env) => {
      const { store, reads } = counting(env.events);
      const handler = new CommandHandler(store, env.snapshots);
      for (let i = 0; i < 30; i++) await handler.handle('tags-2', snapshotted, { tag: `t${i}` }, ctx);
      expect(Math.max(...reads.slice(1))).toBe(1);
      // Another process appends: this one catches up from its memory, reading just those events.
      const other = new CommandHandler(env.events);
      await other.handle('tags-2', plain, { tag: 'x' }, ctx);
      await other.handle('tags-2', plain, { tag: 'y' }, ctx);
      reads.length = 0;
      const { state, revision } = await handler.load('tags-2', snapshotted);
      expect(reads).toEqual([3]);
      expect(revision).toBe(31);
      expect(state.count).toBe(32);
    });
  });

  it('ignores a snapshot of another codec version, and one whose event is not in the stream', async () => {
    await withStore(await setUp(), async (env) => {
      const writer = new CommandHandler(env.events);
      for (let i = 0; i < 3; i++) await writer.handle('tags-3', plain, { tag: `t${i}` }, ctx);
      const [, second] = await env.events.readStream('tags-3');
      const expected = { state: { count: 3, tags: new Set(['t0', 't1', 't2']) }, revision: 2 };
      /** A snapshot at revision 1 (the stream's second event) as `eventId` and codec `version` say. */
      const snapshotAt = (eventId: string, version: number, state = { count: 99, tags: [] as string[] }) =>
        env.snapshots.put('tags-3', 'tags', { revision: 1, eventId, version, state });
      const loaded = () => new CommandHandler(env.events, env.snapshots).load('tags-3', snapshotted);

      await snapshotAt(second!.eventId, 1);
      expect(await loaded()).toEqual(expected);

      await snapshotAt('from-another-log', 2);
      expect(await loaded()).toEqual(expected);

      // The right one is used (its state wins over the events before it).
      await snapshotAt(second!.eventId, 2, { count: 50, tags: ['s'] });
      const used = await loaded();
      expect(used.state).toEqual({ count: 51, tags: new Set(['s', 't2']) });
    });
  });

  it('a decider without a codec never reads or writes snapshots', async () => {
    await withStore(await setUp(), async (env) => {
      const handler = new CommandHandler(env.events, env.snapshots);
      for (let i = 0; i < 12; i++) await handler.handle('tags-4', plain, { tag: 't' }, ctx);
      expect(await env.reads.collection(SNAPSHOTS).count()).toBe(0);
    });
  });
});

describe('command handler', () => {
  it('appends what the decider emits with the metadata of the command, and returns the state after it', async () => {
    await withStore(await setUp(), async (env) => {
      const handler = new CommandHandler(env.events);
      const first = await handler.handle(
        'tags-m',
        plain,
        { tag: 'a' },
        { ...ctx, userId: 'u-1', actorId: 'admin-1' },
      );
      const second = await handler.handle('tags-m', plain, { tag: 'b' }, ctx);
      expect(first.state).toEqual({ count: 1, tags: new Set(['a']) });
      expect(first.nextExpectedRevision).toBe(0);
      expect(second.state).toEqual({ count: 2, tags: new Set(['a', 'b']) });
      expect(second.nextExpectedRevision).toBe(1);

      const stored = await env.events.readStream('tags-m');
      expect(stored.map((e) => e.eventId)).toEqual([...first.events, ...second.events].map((e) => e.eventId));
      expect(new Set(stored.map((e) => e.eventId)).size).toBe(2);
      expect(stored[0]).toMatchObject({ type: 'Added', data: { tag: 'a' } });
      expect(stored[0]!.metadata).toEqual({
        userId: 'u-1',
        actorId: 'admin-1',
        correlationId: 'c',
        causationId: 'c',
        occurredAt: ctx.at,
        schemaVersion: 1,
      });
      // No user and no actor: the fields are absent, not empty.
      expect(stored[1]!.metadata).toEqual({
        correlationId: 'c',
        causationId: 'c',
        occurredAt: ctx.at,
        schemaVersion: 1,
      });
    });
  });

  it('a command that emits nothing (an idempotent repeat) appends nothing and reports the current state and revision', async () => {
    await withStore(await setUp(), async (env) => {
      const handler = new CommandHandler(env.events);
      const once: Decider<{ tag: string }, Added, Tags> = {
        ...plain,
        decide: (command, state) =>
          state.tags.has(command.tag) ? [] : [{ type: 'Added', data: { tag: command.tag } }],
      };
      expect(await handler.handle('tags-i', once, { tag: 'a' }, ctx)).toMatchObject({
        nextExpectedRevision: 0,
      });
      const repeat = await handler.handle('tags-i', once, { tag: 'a' }, ctx);
      expect(repeat).toEqual({
        state: { count: 1, tags: new Set(['a']) },
        events: [],
        nextExpectedRevision: 0,
      });
      expect(await env.events.readStream('tags-i')).toHaveLength(1);
      const nothing = await handler.handle('tags-none', { ...plain, decide: () => [] }, { tag: 'a' }, ctx);
      expect(nothing).toEqual({ state: plain.initialState, events: [], nextExpectedRevision: 'no-stream' });
    });
  });

  it('when another process appended first, it reads the stream again and decides on the new state', async () => {
    await withStore(await setUp(), async (env) => {
      const other = new CommandHandler(env.events);
      let appends = 0;
      const racing: EventStore = {
        ...env.events,
        append: async (name, events, options) => {
          appends += 1;
          // The other process's command lands between this one's read and its append.
          if (appends === 1) await other.handle(name, plain, { tag: 'other' }, ctx);
          return env.events.append(name, events, options);
        },
      };
      const decided: number[] = [];
      const counting: Decider<{ tag: string }, Added, Tags> = {
        ...plain,
        decide: (command, state) => {
          decided.push(state.count);
          return plain.decide(command, state);
        },
      };
      const result = await new CommandHandler(racing).handle('tags-r', counting, { tag: 'mine' }, ctx);
      expect(decided).toEqual([0, 1]);
      expect(result.state).toEqual({ count: 2, tags: new Set(['other', 'mine']) });
      expect(result.nextExpectedRevision).toBe(1);
      expect((await env.events.readStream('tags-r')).map((e) => e.data)).toEqual([
        { tag: 'other' },
        { tag: 'mine' },
      ]);
    });
  });

  it('keeps the latest state of the 1000 streams used most recently in memory, and reads the others in full', async () => {
    const events = createSqliteEventStore(':memory:');
    try {
      const from: Array<number | undefined> = [];
      const watched: EventStore = {
        ...events,
        readStream: (name, options) => {
          from.push(options?.fromRevision);
          return events.readStream(name, options);
        },
      };
      // No snapshot store: memory is the only place a state is kept.
      const handler = new CommandHandler(watched);
      for (let i = 0; i < 1000; i++) await handler.handle(`lru-${i}`, snapshotted, { tag: 't' }, ctx);
      const loadFrom = async (stream: string) => {
        from.length = 0;
        await handler.load(stream, snapshotted);
        return from;
      };
      // A thousand fit: the first is still known (read from its revision), and is now the newest.
      expect(await loadFrom('lru-0')).toEqual([0]);
      await handler.handle('lru-1000', snapshotted, { tag: 't' }, ctx);
      // One more pushed out the least recently used, lru-1, not lru-0.
      expect(await loadFrom('lru-0')).toEqual([0]);
      expect(await loadFrom('lru-1')).toEqual([undefined]);
    } finally {
      await events.close();
    }
  });

  it('a query that read the stream before a command landed does not set the state in memory back', async () => {
    await withStore(await setUp(), async (env) => {
      const held = deferred();
      let holdNext = false;
      const reads: number[] = [];
      const store: EventStore = {
        ...env.events,
        readStream: async (name, options) => {
          const events = await env.events.readStream(name, options);
          reads.push(events.length);
          // This read is done, but its caller resumes only later: after the command below.
          if (holdNext) {
            holdNext = false;
            await held.promise;
          }
          return events;
        },
      };
      const handler = new CommandHandler(store);
      await handler.handle('tags-q', snapshotted, { tag: 'a' }, ctx);
      holdNext = true;
      const query = handler.load('tags-q', snapshotted);
      await handler.handle('tags-q', snapshotted, { tag: 'b' }, ctx);
      held.resolve();
      expect((await query).revision).toBe(0);

      reads.length = 0;
      const { state, revision } = await handler.load('tags-q', snapshotted);
      expect(revision).toBe(1);
      expect(state.count).toBe(2);
      expect(reads).toEqual([1]); // from the command's state (revision 1), not the query's
    });
  });

  it('gives up after 8 conflicting tries with a CONCURRENCY error; any other append failure fails at once', async () => {
    await withStore(await setUp(), async (env) => {
      let appends = 0;
      const contended: EventStore = {
        ...env.events,
        append: async (name) => {
          appends += 1;
          throw new WrongExpectedRevisionError(name, 'no-stream', 0);
        },
      };
      const busy = new CommandHandler(contended).handle('tags-c', plain, { tag: 'a' }, ctx);
      await expect(busy).rejects.toBeInstanceOf(DomainError);
      await expect(busy).rejects.toMatchObject({
        code: 'CONCURRENCY',
        message: 'Too many changes at once. Please try again.',
      });
      expect(appends).toBe(8);
      // A decider tells it in its context's words.
      const worded = { ...plain, busyMessage: 'The list is busy.' };
      await expect(
        new CommandHandler(contended).handle('tags-c', worded, { tag: 'a' }, ctx),
      ).rejects.toMatchObject({ code: 'CONCURRENCY', message: 'The list is busy.' });

      appends = 0;
      const down: EventStore = {
        ...env.events,
        append: async () => {
          appends += 1;
          throw new Error('disk full');
        },
      };
      await expect(new CommandHandler(down).handle('tags-d', plain, { tag: 'a' }, ctx)).rejects.toThrow(
        'disk full',
      );
      expect(appends).toBe(1);
    });
  });
});

describe('snapshot store', () => {
  it('keeps one snapshot per stream and decider, and gives back only the snapshot', async () => {
    await withStore(await setUp(), async (env) => {
      const snapshot = (revision: number) => ({
        revision,
        eventId: `e${revision}`,
        version: 1,
        state: { n: revision },
      });
      await env.snapshots.put('tags-a', 'tags', snapshot(1));
      await env.snapshots.put('tags-b', 'tags', snapshot(2));
      await env.snapshots.put('tags-a', 'other', snapshot(3));
      expect(await env.snapshots.get('tags-a', 'tags')).toEqual(snapshot(1));
      expect(await env.snapshots.get('tags-b', 'tags')).toEqual(snapshot(2));
      expect(await env.snapshots.get('tags-a', 'other')).toEqual(snapshot(3));
      expect(await env.snapshots.get('tags-c', 'tags')).toBeUndefined();
      // A newer snapshot replaces the stream's last one.
      await env.snapshots.put('tags-a', 'tags', snapshot(4));
      expect(await env.snapshots.get('tags-a', 'tags')).toEqual(snapshot(4));
      expect(await env.reads.collection(SNAPSHOTS).find({ stream: 'tags-a' })).toHaveLength(2);
    });
  });
});
