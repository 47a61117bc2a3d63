import Database from 'better-sqlite3';
import { freshEvent as event } from '../../testing/fresh-event';
import { useTempFiles, withStore } from '../../testing/helpers';
import { WrongExpectedRevisionError } from './port';
import { createSqliteEventStore } from './sqlite';

// Group commit: the appends of one turn of the event loop share one transaction (one fsync), and
// each is still decided, refused and acknowledged on its own.

const freshFile = useTempFiles('events.db');

describe('SQLite event store group commit', () => {
  it('commits the appends made together in one transaction: when the first is announced, the last is already on disk', async () => {
    const file = freshFile();
    const store = createSqliteEventStore(file);
    // Another connection sees only committed rows: with one transaction per append, it would see
    // only the first stream's event when the first append is announced.
    const outsider = new Database(file, { readonly: true });
    const committedWhenFirstAnnounced: number[] = [];
    const stop = store.onAppended?.(() => {
      if (committedWhenFirstAnnounced.length === 0)
        committedWhenFirstAnnounced.push(
          outsider.prepare('SELECT COUNT(*) FROM events').pluck().get() as number,
        );
    });
    try {
      const results = await Promise.all(
        ['a', 'b', 'c', 'd'].map((s) => store.append(s, [event(s)], { expectedRevision: 'no-stream' })),
      );
      expect(committedWhenFirstAnnounced).toEqual([4]);
      expect(results.map((r) => r.position)).toEqual([1, 2, 3, 4]);
      expect(results.map((r) => r.nextExpectedRevision)).toEqual([0, 0, 0, 0]);
    } finally {
      stop?.();
      outsider.close();
      await store.close();
    }
  });

  it('a member refused in a group fails alone: the others are committed and acknowledged', async () => {
    await withStore(createSqliteEventStore(freshFile()), async (store) => {
      const shared = event('Shared');
      await store.append('taken', [shared], { expectedRevision: 'no-stream' });
      const outcomes = await Promise.allSettled([
        store.append('first', [event('F')], { expectedRevision: 'no-stream' }),
        // Stale expected revision: a conflict.
        store.append('taken', [event('Late')], { expectedRevision: 'no-stream' }),
        // Its first event is written before its second is refused: undone, and only it.
        store.append('half', [event('H1'), shared], { expectedRevision: 'any' }),
        store.append('last', [event('L1'), event('L2')], { expectedRevision: 'no-stream' }),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
      expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect(String((outcomes[2] as PromiseRejectedResult).reason)).toContain('already in the store');
      expect((await store.readAll()).map((e) => `${e.streamName}:${e.type}`)).toEqual([
        'taken:Shared',
        'first:F',
        'last:L1',
        'last:L2',
      ]);
      expect(outcomes[3]).toEqual({ status: 'fulfilled', value: { nextExpectedRevision: 1, position: 4 } });
    });
  });

  it('a one-event member whose row the database refuses fails alone, with nothing of it stored', async () => {
    await withStore(createSqliteEventStore(freshFile()), async (store) => {
      const outcomes = await Promise.allSettled([
        store.append('before', [event('B')], { expectedRevision: 'no-stream' }),
        // Passes every check of the store; the table's NOT NULL refuses the row itself.
        store.append('broken', [{ ...event('X'), type: null as unknown as string }], {
          expectedRevision: 'no-stream',
        }),
        store.append('after', [event('A')], { expectedRevision: 'no-stream' }),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect((await store.readAll()).map((e) => `${e.streamName}:${e.type}`)).toEqual([
        'before:B',
        'after:A',
      ]);
      expect(await store.readStream('broken')).toEqual([]);
    });
  });

  it('members of one group on the same stream are decided in call order, each against the ones before it', async () => {
    await withStore(createSqliteEventStore(freshFile()), async (store) => {
      const a = event('A');
      const outcomes = await Promise.allSettled([
        store.append('s', [a], { expectedRevision: 'no-stream' }),
        store.append('s', [event('B')], { expectedRevision: 0 }),
        store.append('s', [event('Stale')], { expectedRevision: 0 }),
        // A retry of the first append within the same group: the original result, nothing written.
        store.append('s', [a], { expectedRevision: 'no-stream' }),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
      expect((outcomes[2] as PromiseRejectedResult).reason).toMatchObject({ expected: 0, actual: 1 });
      expect(outcomes[3]).toEqual({ status: 'fulfilled', value: { nextExpectedRevision: 0, position: 1 } });
      expect((await store.readStream('s')).map((e) => e.type)).toEqual(['A', 'B']);
    });
  });

  it('close commits the appends still waiting for their group, and refuses later ones', async () => {
    const file = freshFile();
    const store = createSqliteEventStore(file);
    const pending = store.append('s', [event('A')], { expectedRevision: 'no-stream' });
    await store.close();
    await expect(pending).resolves.toEqual({ nextExpectedRevision: 0, position: 1 });
    await expect(store.append('s', [event('B')], { expectedRevision: 0 })).rejects.toThrow('closed');
    const reopened = createSqliteEventStore(file);
    try {
      expect((await reopened.readStream('s')).map((e) => e.type)).toEqual(['A']);
    } finally {
      await reopened.close();
    }
  });
});
