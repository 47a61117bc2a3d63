import type { Event, EventMetadata, RecordedEvent } from '@studio/events';
import pg from 'pg';
import { pollingSubscription } from './polling-subscription';
import {
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type ReadAllOptions,
  type SubscribeOptions,
  type SubscriptionHandle,
  WrongExpectedRevisionError,
} from './port';

/** Fallback wake-up when a notification is missed (a dropped LISTEN connection). */
const DEFAULT_POLL_MS = 1000;
const BATCH = 500;
/** Appends committed together at most (one transaction, one WAL flush). */
const MAX_GROUP = 256;

interface Row {
  position: string;
  stream: string;
  revision: number;
  event_id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

export interface PostgresEventStoreOptions {
  /** Schema holding the events table (created if missing). Default `public`. */
  schema?: string;
  pollMs?: number;
  /** Connections in the pool (appends wait on one lock anyway; reads share the rest). */
  poolSize?: number;
}

/**
 * The event store on PostgreSQL: one `events` table, one transaction per append.
 *
 * Global order is the hard part: with a plain sequence, two concurrent appends can commit out of
 * the order of their positions, and a reader at position 7 would never come back for a 6 that
 * commits a moment later. Every append therefore takes one transaction-scoped advisory lock
 * before it picks its positions and holds it until commit, so appends commit in position order
 * and any snapshot sees a gap-free prefix of the log. Transactions are therefore serialized (as
 * on SQLite and in KurrentDB's writer); group commit wins the throughput back: concurrent appends
 * of one process share a transaction. Reads never take the lock.
 * `synchronous_commit` is forced on for appends: an acknowledged append is on disk.
 */
export async function createPostgresEventStore(
  url: string,
  options: PostgresEventStoreOptions = {},
): Promise<EventStore> {
  const schema = options.schema ?? 'public';
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const table = `"${schema}".events`;
  const channel = `${schema}_events_appended`;
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
  // An idle client whose server went away emits here; without a listener the process would exit.
  pool.on('error', () => {});

  await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`).catch(ignoreConcurrentCreate);
  await pool
    .query(`
      CREATE TABLE IF NOT EXISTS ${table} (
        position BIGINT PRIMARY KEY,
        stream TEXT NOT NULL,
        revision INTEGER NOT NULL,
        event_id TEXT NOT NULL UNIQUE,
        type TEXT NOT NULL,
        data JSONB NOT NULL,
        metadata JSONB NOT NULL,
        UNIQUE (stream, revision)
      )`)
    .catch(ignoreConcurrentCreate);
  // One lock per schema, so test runs in separate schemas do not queue behind each other.
  const lockKey = hashKey(`studio-events:${schema}`);

  /** What the caller is told when its retried append finds its events already stored. */
  async function previousResult(
    client: pg.PoolClient,
    streamName: string,
    events: Event[],
    expected: ExpectedRevision,
    first: Row,
  ): Promise<AppendResult> {
    if (first.stream !== streamName) {
      throw new Error(`Event id ${first.event_id} is already used in stream ${first.stream}`);
    }
    const { rows } = await client.query<Row>(
      `SELECT * FROM ${table} WHERE stream = $1 AND revision >= $2 AND revision < $3 ORDER BY revision`,
      [streamName, first.revision, first.revision + events.length],
    );
    const same = rows.length === events.length && rows.every((row, i) => row.event_id === events[i]?.eventId);
    const samePlace =
      expected === 'any' ||
      (expected === 'no-stream' ? first.revision === 0 : first.revision === expected + 1);
    if (!same || !samePlace) throw await conflict(client, streamName, expected);
    const last = rows.at(-1) as Row;
    return { nextExpectedRevision: last.revision, position: Number(last.position) };
  }

  async function conflict(
    client: pg.PoolClient,
    streamName: string,
    expected: ExpectedRevision,
  ): Promise<WrongExpectedRevisionError> {
    const head = await streamHead(client, streamName);
    return new WrongExpectedRevisionError(streamName, expected, head ?? 'no-stream');
  }

  async function streamHead(client: pg.PoolClient, streamName: string): Promise<number | null> {
    const { rows } = await client.query<{ head: number | null }>(
      `SELECT MAX(revision) AS head FROM ${table} WHERE stream = $1`,
      [streamName],
    );
    return rows[0]?.head ?? null;
  }

  /** An append waiting for the next group commit. */
  interface Pending {
    streamName: string;
    events: Event[];
    expected: ExpectedRevision;
    resolve: (result: AppendResult) => void;
    reject: (error: unknown) => void;
  }
  let queue: Pending[] = [];
  let committing = false;

  /**
   * Group commit: appends that arrive while a transaction is committing wait for the next one and
   * share it (one lock, one WAL flush), each still decided on its own inside a savepoint, so a
   * conflict or a duplicate fails only its own member.
   */
  function append(streamName: string, events: Event[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new Error('append needs at least one event'));
    return new Promise<AppendResult>((resolve, reject) => {
      queue.push({ streamName, events, expected, resolve, reject });
      if (!committing) void commitQueued();
    });
  }

  async function commitQueued(): Promise<void> {
    committing = true;
    while (queue.length > 0) {
      const group = queue.slice(0, MAX_GROUP);
      queue = queue.slice(group.length);
      await commitGroup(group);
    }
    committing = false;
  }

  async function commitGroup(group: Pending[]): Promise<void> {
    const outcomes: Array<{ ok: true; result: AppendResult } | { ok: false; error: unknown }> = [];
    let client: pg.PoolClient | undefined;
    let broken = false;
    try {
      client = await pool.connect();
      await client.query('BEGIN');
      await client.query('SET LOCAL synchronous_commit = on');
      await client.query('SELECT pg_advisory_xact_lock($1)', [lockKey]);
      const { rows } = await client.query<{ head: string | null }>(
        `SELECT MAX(position) AS head FROM ${table}`,
      );
      let head = Number(rows[0]?.head ?? 0);
      for (const member of group) {
        await client.query('SAVEPOINT member');
        try {
          const result = await decideAndInsert(client, member, head);
          await client.query('RELEASE SAVEPOINT member');
          head = Math.max(head, result.position);
          outcomes.push({ ok: true, result });
        } catch (error) {
          await client.query('ROLLBACK TO SAVEPOINT member');
          outcomes.push({ ok: false, error: explain(member.streamName, error) });
        }
      }
      // Delivered to listeners only once the transaction commits.
      await client.query('SELECT pg_notify($1, $2)', [channel, String(head)]);
      await client.query('COMMIT');
    } catch (error) {
      await client?.query('ROLLBACK').catch(() => {
        broken = true;
      });
      for (const member of group) member.reject(error);
      return;
    } finally {
      client?.release(broken);
    }
    for (const [i, member] of group.entries()) {
      const outcome = outcomes[i];
      if (outcome?.ok) member.resolve(outcome.result);
      else member.reject(outcome?.error);
    }
  }

  /** One member of a group: a retry finds its events; otherwise the expected revision decides. */
  async function decideAndInsert(
    client: pg.PoolClient,
    member: Pending,
    head: number,
  ): Promise<AppendResult> {
    const { streamName, events, expected } = member;
    const first = events[0] as Event;
    const existing = await client.query<Row>(`SELECT * FROM ${table} WHERE event_id = $1`, [first.eventId]);
    if (existing.rows[0]) return previousResult(client, streamName, events, expected, existing.rows[0]);
    const current = await streamHead(client, streamName);
    const ok = expected === 'any' || (expected === 'no-stream' ? current === null : current === expected);
    if (!ok) throw new WrongExpectedRevisionError(streamName, expected, current ?? 'no-stream');
    const firstRevision = current === null ? 0 : current + 1;
    // One statement for the whole append: unnest over parallel arrays.
    await client.query(
      `INSERT INTO ${table} (position, stream, revision, event_id, type, data, metadata)
       SELECT * FROM unnest($1::bigint[], $2::text[], $3::int[], $4::text[], $5::text[], $6::jsonb[], $7::jsonb[])`,
      [
        events.map((_, i) => head + 1 + i),
        events.map(() => streamName),
        events.map((_, i) => firstRevision + i),
        events.map((e) => e.eventId),
        events.map((e) => e.type),
        events.map((e) => JSON.stringify(e.data ?? null)),
        events.map((e) => JSON.stringify(e.metadata)),
      ],
    );
    return { nextExpectedRevision: firstRevision + events.length - 1, position: head + events.length };
  }

  async function readAfter(after: number, limit?: number): Promise<RecordedEvent[]> {
    const { rows } =
      limit === undefined
        ? await pool.query<Row>(`SELECT * FROM ${table} WHERE position > $1 ORDER BY position`, [after])
        : await pool.query<Row>(`SELECT * FROM ${table} WHERE position > $1 ORDER BY position LIMIT $2`, [
            after,
            limit,
          ]);
    return rows.map(toRecorded);
  }

  async function head(): Promise<number | undefined> {
    const { rows } = await pool.query<{ head: string | null }>(`SELECT MAX(position) AS head FROM ${table}`);
    return rows[0]?.head === null || rows[0]?.head === undefined ? undefined : Number(rows[0].head);
  }

  // One LISTEN connection per store wakes every subscription of this store; opened on first use.
  const wakers = new Set<() => void>();
  let listener: Promise<pg.Client | undefined> | undefined;
  function listen(): void {
    if (listener) return;
    const client = new pg.Client({ connectionString: url });
    client.on('notification', () => {
      for (const wake of wakers) wake();
    });
    // A lost LISTEN connection leaves the subscriptions on their poll until the store reopens it.
    client.on('error', () => {
      listener = undefined;
    });
    listener = client
      .connect()
      .then(() => client.query(`LISTEN "${channel}"`))
      .then(
        () => client,
        () => {
          listener = undefined;
          return undefined;
        },
      );
  }

  const subscriptions = new Set<SubscriptionHandle>();
  let closed = false;

  function subscribeToAll(
    options: SubscribeOptions,
    handler: (event: RecordedEvent) => Promise<void>,
  ): SubscriptionHandle {
    return pollingSubscription(
      {
        // Listening before the first read: an append between that read and LISTEN would wake no one.
        start: async () => {
          listen();
          await listener;
          return (await head()) ?? 0;
        },
        // A lost LISTEN connection is opened again; meanwhile the poll timer covers it.
        beforeRead: listen,
        readAfter,
        wakers,
        subscriptions,
        pollMs,
        batch: BATCH,
      },
      options,
      handler,
    );
  }

  return {
    append: (streamName, events, { expectedRevision }) => append(streamName, events, expectedRevision),

    async readStream(streamName, options) {
      const { rows } = await pool.query<Row>(
        `SELECT * FROM ${table} WHERE stream = $1 AND revision >= $2 ORDER BY revision`,
        [streamName, options?.fromRevision ?? 0],
      );
      return rows.map(toRecorded);
    },

    readAll: (options?: ReadAllOptions) => readAfter(options?.after ?? 0, options?.limit),

    subscribeToAll,

    headPosition: head,

    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...subscriptions].map((s) => s.stop()));
      const client = await listener;
      listener = undefined;
      await client?.end().catch(() => {});
      await pool.end();
    },
  };
}

function toRecorded(row: Row): RecordedEvent {
  return {
    eventId: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    streamName: row.stream,
    revision: row.revision,
    position: Number(row.position),
  };
}

function explain(streamName: string, error: unknown): unknown {
  if ((error as { code?: unknown }).code === '23505') {
    return new Error(`Append to ${streamName}: an event id is already in the store`, { cause: error });
  }
  return error;
}

/** Two processes creating the schema at once: one wins, the other's "already exists" is fine. */
function ignoreConcurrentCreate(error: unknown): void {
  const code = (error as { code?: unknown }).code;
  if (code === '23505' || code === '42P06' || code === '42P07') return;
  throw error;
}

/** A stable signed 32-bit key for pg_advisory_xact_lock. */
function hashKey(text: string): number {
  let hash = 0;
  for (const char of text) hash = (Math.imul(hash, 31) + (char.codePointAt(0) ?? 0)) | 0;
  return hash;
}
