// The bench's peer on PostgreSQL: Emmett's event store. A workspace of its own (its package.json)
// because Emmett's PostgreSQL store needs a newer Emmett core than its SQLite store at the root.
import { STREAM_DOES_NOT_EXIST } from '@event-driven-io/emmett';
import { getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql';
import {
  evolve,
  initialProgress,
  metadata,
  type Progress,
  progressed,
  type Tally,
  timed,
  writersFor,
} from '../peer';

/** What both sides do: appends from concurrent writers, and a stream read back into state. */
export interface PgSide {
  append(writers: number, ms: number): Promise<Tally>;
  readIntoState(stream: string, times: number): Promise<Tally>;
  fill(stream: string, count: number): Promise<void>;
  close(): Promise<void>;
}

/** Emmett in a database of its own (it keeps its tables in `public`), one store and its pool. */
export function emmett(url: string): PgSide {
  const store = getPostgreSQLEventStore(url);
  let round = 0;
  const event = (i: number) => ({ type: 'GenerationProgressed', data: progressed(i), metadata });
  return {
    async append(writers, ms) {
      round += 1;
      const streams = Array.from({ length: writers }, (_, w) => `generation-emmett-${round}-${w}`);
      const versions: bigint[] = [];
      return writersFor(writers, ms, async (w) => {
        const result = await store.appendToStream(streams[w] as string, [event(0)], {
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
            await store.aggregateStream(stream, {
              evolve: (s: Progress, e: { data: unknown }) => evolve(s, e.data),
              initialState: initialProgress,
            })
          ).state,
      ),
    async fill(stream, count) {
      let version: bigint | undefined;
      for (let i = 0; i < count; i += 100) {
        const batch = Array.from({ length: Math.min(100, count - i) }, (_, j) => event(i + j));
        version = (
          await store.appendToStream(stream, batch, {
            expectedStreamVersion: version ?? STREAM_DOES_NOT_EXIST,
          })
        ).nextExpectedStreamVersion;
      }
    },
    close: () => store.close(),
  };
}
