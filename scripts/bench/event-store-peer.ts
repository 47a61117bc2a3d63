// The SQLite event store against its peer, Emmett's SQLite event store, in the same run on the same
// machine at the same durability (WAL, synchronous=FULL: ours sets it, Emmett inherits SQLite's
// default), and against the disk: group commit, 16 concurrent writers ÷ 1 writer.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { STREAM_DOES_NOT_EXIST } from '@event-driven-io/emmett';
import {
  createEventStoreSchema,
  getSQLiteEventStore,
  readMessagesBatch,
  sqliteConnection,
} from '@event-driven-io/emmett-sqlite';
import { createSqliteEventStore } from '../../services/src/platform/eventstore/sqlite';
import {
  alternate,
  appendsAndReads,
  elapsed,
  evolve,
  initialProgress,
  metadata,
  ourWrites,
  type Progress,
  peerRow,
  perSecond,
  progressed,
  quietly,
  type Tally,
  timed,
  writersFor,
} from './peer';
import { type BenchRow, ratio } from './table';

interface Side {
  /** `writers` concurrent loops, each appending one event per command to its own stream, for `ms`. */
  append(writers: number, ms: number): Promise<Tally>;
  /** Reads `stream` back into state `times` times. */
  readIntoState(stream: string, times: number): Promise<Tally>;
  /** Folds every event of the log, in order, into one state per stream. */
  rebuild(): Promise<Tally>;
  /** Writes `count` events to `stream` in batches (setup, not timed). */
  fill(stream: string, count: number): Promise<void>;
  synchronous(): Promise<string>;
  close(): Promise<void>;
}

function ours(file: string): Side {
  const store = createSqliteEventStore(file);
  return {
    ...ourWrites(store),
    readIntoState: (stream, times) =>
      timed(times, async () =>
        (await store.readStream(stream)).reduce((s: Progress, e) => evolve(s, e.data), initialProgress()),
      ),
    async rebuild() {
      const states = new Map<string, Progress>();
      const start = process.hrtime.bigint();
      let after = 0;
      let done = 0;
      for (;;) {
        const page = await store.readAll({ after, limit: 1000 });
        if (page.length === 0) break;
        for (const e of page)
          states.set(e.streamName, evolve(states.get(e.streamName) ?? initialProgress(), e.data));
        done += page.length;
        after = page.at(-1)?.position ?? after;
      }
      return { done, errors: 0, seconds: elapsed(start) };
    },
    async synchronous() {
      return store.synchronous;
    },
    close: () => store.close(),
  };
}

/**
 * Emmett's tables, made once before its stores open: each instance creates them on first use, and
 * sixteen doing so at once have failed with "no such table".
 */
async function emmettSchema(file: string): Promise<void> {
  const connection = sqliteConnection({ fileName: file });
  try {
    await createEventStoreSchema(connection);
  } finally {
    connection.close();
  }
}

function emmett(file: string): Side {
  // Emmett's store shares one connection between the calls in flight on an instance and closes it
  // after each: concurrent writers get one instance each, as its authors advise.
  const stores: Array<ReturnType<typeof getSQLiteEventStore>> = [];
  const storeOf = (w: number) => {
    stores[w] ??= getSQLiteEventStore({ fileName: file });
    return stores[w];
  };
  let round = 0;
  const event = (i: number) => ({ type: 'GenerationProgressed', data: progressed(i), metadata });
  return {
    async append(writers, ms) {
      round += 1;
      const streams = Array.from({ length: writers }, (_, w) => `generation-emmett-${round}-${w}`);
      const versions: bigint[] = [];
      return writersFor(writers, ms, async (w) => {
        const result = await storeOf(w).appendToStream(streams[w] as string, [event(0)], {
          expectedStreamVersion: versions[w] ?? STREAM_DOES_NOT_EXIST,
        });
        versions[w] = result.nextExpectedStreamVersion;
      });
    },
    readIntoState: (stream, times) =>
      timed(
        times,
        async () =>
          (
            await storeOf(0).aggregateStream(stream, {
              evolve: (s: Progress, e: { data: unknown }) => evolve(s, e.data),
              initialState: initialProgress,
            })
          ).state,
      ),
    async rebuild() {
      // Its batch reader on one open connection, 1,000 a page: the fastest way Emmett offers
      // (its consumer pauses between batches).
      const connection = sqliteConnection({ fileName: file });
      const states = new Map<string, Progress>();
      const start = process.hrtime.bigint();
      let after = 0n;
      let done = 0;
      try {
        for (;;) {
          const { messages, currentGlobalPosition, areEventsLeft } = await readMessagesBatch(connection, {
            after,
            batchSize: 1000,
          });
          for (const m of messages)
            states.set(
              m.metadata.streamName,
              evolve(states.get(m.metadata.streamName) ?? initialProgress(), m.data),
            );
          done += messages.length;
          after = currentGlobalPosition;
          if (!areEventsLeft) break;
        }
      } finally {
        connection.close();
      }
      return { done, errors: 0, seconds: elapsed(start) };
    },
    async fill(stream, count) {
      let version: bigint | undefined;
      for (let i = 0; i < count; i += 100) {
        const batch = Array.from({ length: Math.min(100, count - i) }, (_, j) => event(i + j));
        // Setup, not measured: a batch Emmett fails (SQLITE_BUSY while its last connection
        // closes) is tried again.
        for (let attempt = 1; ; attempt++) {
          try {
            version = (
              await storeOf(0).appendToStream(stream, batch, {
                expectedStreamVersion: version ?? STREAM_DOES_NOT_EXIST,
              })
            ).nextExpectedStreamVersion;
            break;
          } catch (error) {
            if (attempt === 5) throw error;
          }
        }
      }
    },
    async synchronous() {
      // Emmett never sets it: every connection runs SQLite's default, read back here.
      const connection = sqliteConnection({ fileName: file });
      try {
        const [row] = await connection.query<{ synchronous: number }>('PRAGMA synchronous');
        return row?.synchronous === 2 ? 'FULL' : row?.synchronous === 1 ? 'NORMAL' : String(row?.synchronous);
      } finally {
        connection.close();
      }
    },
    async close() {},
  };
}

const REBUILD_EVENTS = 20_000;

export async function measureEventStorePeer(): Promise<BenchRow[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-bench-peer-'));
  const us = ours(path.join(dir, 'ours.db'));
  await emmettSchema(path.join(dir, 'emmett.db'));
  await emmettSchema(path.join(dir, 'emmett-log.db'));
  const them = emmett(path.join(dir, 'emmett.db'));
  try {
    const durability = `ours ${await us.synchronous()}, Emmett ${await them.synchronous()} (both WAL)`;
    const { one, sixteen, reads } = await appendsAndReads(us, them, quietly);

    // A log of its own on each side: 20,000 events over 200 streams.
    const usLog = ours(path.join(dir, 'ours-log.db'));
    const themLog = emmett(path.join(dir, 'emmett-log.db'));
    let rebuilds: { ours: Tally; peer: Tally };
    try {
      for (let s = 0; s < REBUILD_EVENTS / 100; s++) {
        await usLog.fill(`generation-r${s}`, 100);
        await quietly(() => themLog.fill(`generation-r${s}`, 100));
      }
      rebuilds = await alternate(
        3,
        () => usLog.rebuild(),
        () => themLog.rebuild(),
      );
    } finally {
      await usLog.close();
    }

    const group = perSecond(sixteen.ours) / perSecond(one.ours);
    return [
      { metric: 'event store durability, both sides', value: durability, target: 'FULL', pass: null },
      peerRow('append, one event per command, 1 writer', 'appends/s', one),
      peerRow('append, one event per command, 16 concurrent writers', 'appends/s', sixteen),
      peerRow('read a 1,000-event stream into state', 'reads/s', reads),
      peerRow(
        `rebuild a projection over ${(rebuilds.ours.done / 3).toLocaleString('en-US')} events`,
        'events/s',
        rebuilds,
      ),
      {
        metric: 'group commit: 16 writers ÷ 1 writer, both FULL (appends/s)',
        value: `${ratio(group)} (${perSecond(sixteen.ours).toFixed(0)} vs ${perSecond(one.ours).toFixed(0)})`,
        target: '≥ 3.00×',
        pass: group >= 3,
      },
    ];
  } finally {
    await us.close();
    await them.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
