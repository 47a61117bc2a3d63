import type { Event, EventMetadata, RecordedEvent } from '@studio/events';
import pg from 'pg';
import {
  createPostgresPool,
  DEFAULT_POSTGRES_TIMEOUTS,
  type PostgresTimeouts,
  postgresError,
  withClient,
} from '../engines/postgres';
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

/** `append_events`' answer for one member: appended, already stored (a retry), or a conflict. */
type Outcome = { position: number; revision: number } | { stored: true } | { head: number | null };

export interface PostgresEventStoreOptions {
  /** Schema holding the events table (created if missing). Default `public`. */
  schema?: string;
  pollMs?: number;
  /** Connections in the pool (appends wait on one lock anyway; reads share the rest). */
  poolSize?: number;
  /** Bounds of one connection and one query (a hung server fails the call instead of holding it). */
  timeouts?: PostgresTimeouts;
}

/**
 * The event store on PostgreSQL: one `events` table, and one function, `append_events`, that
 * appends a whole group of appends in one statement (one round trip, one transaction).
 *
 * Global order is the hard part: with a plain sequence, two concurrent appends can commit out of
 * the order of their positions, and a reader at position 7 would never come back for a 6 that
 * commits a moment later. Every append transaction therefore takes one transaction-scoped advisory
 * lock before it picks its positions and holds it until commit, so appends commit in position order
 * and any snapshot sees a gap-free prefix of the log (a transaction's locks are released after it
 * became visible). Transactions are therefore serialized (as on SQLite and in KurrentDB's writer);
 * group commit wins the throughput back: the appends of one process that arrive while a group is
 * committing share the next transaction, and the function decides each member on its own (a retry
 * finds its events, a wrong expected revision fails only its member). Reads never take the lock.
 * `synchronous_commit` is on for every group with a member a client waits on (an acknowledged
 * append is on disk); a group of `lazySync` appends only (QR scans) commits without waiting for
 * the WAL flush.
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
  const timeouts = options.timeouts ?? DEFAULT_POSTGRES_TIMEOUTS;
  const pool = createPostgresPool(url, options.poolSize ?? 10, timeouts);
  /** Every call's driver error as the port reports it: a server out of reach is UNAVAILABLE. */
  const mapped = <T>(call: Promise<T>): Promise<T> =>
    call.catch((error: unknown) => {
      throw postgresError('event store', error);
    });

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
  await createAppendFunction(pool, schema, table, lockKey, channel);

  /** What the caller is told when its retried append finds its events already stored. */
  async function previousResult(
    client: pg.Pool,
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
    client: pg.Pool,
    streamName: string,
    expected: ExpectedRevision,
  ): Promise<WrongExpectedRevisionError> {
    const head = await streamHead(client, streamName);
    return new WrongExpectedRevisionError(streamName, expected, head ?? 'no-stream');
  }

  async function streamHead(client: pg.Pool, streamName: string): Promise<number | null> {
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
    lazySync: boolean;
    resolve: (result: AppendResult) => void;
    reject: (error: unknown) => void;
  }
  let queue: Pending[] = [];
  let committing = false;

  /**
   * Group commit: appends that arrive while a group is committing wait for the next one and share
   * it (one statement, one lock, one WAL flush).
   */
  function append(
    streamName: string,
    events: Event[],
    expected: ExpectedRevision,
    lazySync: boolean,
  ): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new Error('append needs at least one event'));
    return new Promise<AppendResult>((resolve, reject) => {
      queue.push({ streamName, events, expected, lazySync, resolve, reject });
      if (!committing) void commitQueued();
    });
  }

  async function commitQueued(): Promise<void> {
    committing = true;
    while (queue.length > 0) {
      const group = queue.length <= MAX_GROUP ? queue : queue.slice(0, MAX_GROUP);
      queue = group === queue ? [] : queue.slice(group.length);
      await commitGroup(group);
    }
    committing = false;
  }

  async function commitGroup(group: Pending[]): Promise<void> {
    let outcomes: Outcome[];
    try {
      outcomes = await appendEvents(group);
    } catch (error) {
      // An event id already in the store past a member's first event fails the whole statement:
      // each member is tried alone, so that only the offending one fails.
      if (group.length > 1 && (error as { code?: unknown }).code === '23505') {
        for (const member of group) await commitGroup([member]);
        return;
      }
      for (const member of group)
        member.reject(explain(member.streamName, postgresError('event store', error)));
      return;
    }
    for (let i = 0; i < group.length; i++) {
      const member = group[i] as Pending;
      const outcome = outcomes[i];
      // The common case settles at once; a retry or a conflict asks the log again.
      if (outcome && 'position' in outcome)
        member.resolve({ nextExpectedRevision: outcome.revision, position: outcome.position });
      else settle(member, outcome).then(member.resolve, member.reject);
    }
  }

  /** One round trip for the group. One event alone (one writer) goes with scalar arguments. */
  async function appendEvents(group: Pending[]): Promise<Outcome[]> {
    const sync = group.some((m) => !m.lazySync);
    const only = group.length === 1 ? group[0] : undefined;
    if (only?.events.length === 1) {
      const e = only.events[0] as Event;
      const { rows } = await pool.query<{ outcome: Outcome }>({
        name: `${schema}.append_event`,
        text: `SELECT "${schema}".append_event($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7) AS outcome`,
        values: [
          only.streamName,
          String(only.expected),
          e.eventId,
          e.type,
          JSON.stringify(e.data ?? null),
          JSON.stringify(e.metadata),
          sync,
        ],
      });
      return rows.map((row) => row.outcome);
    }
    const members = group.map((m) => ({
      s: m.streamName,
      x: m.expected,
      e: m.events.map((e) => ({ id: e.eventId, type: e.type, data: e.data ?? null, metadata: e.metadata })),
    }));
    // Prepared once per connection.
    const { rows } = await pool.query<{ outcomes: Outcome[] }>({
      name: `${schema}.append_events`,
      text: `SELECT "${schema}".append_events($1::jsonb, $2) AS outcomes`,
      values: [JSON.stringify(members), sync],
    });
    return rows[0]?.outcomes ?? [];
  }

  /** A member the function did not append: its retry already stored, or a wrong expected revision. */
  async function settle(member: Pending, outcome: Outcome | undefined): Promise<AppendResult> {
    if (outcome && 'stored' in outcome) {
      const first = member.events[0] as Event;
      const { rows } = await mapped(
        pool.query<Row>(`SELECT * FROM ${table} WHERE event_id = $1`, [first.eventId]),
      );
      if (rows[0])
        return mapped(previousResult(pool, member.streamName, member.events, member.expected, rows[0]));
    }
    const head = outcome && 'head' in outcome ? outcome.head : null;
    throw new WrongExpectedRevisionError(member.streamName, member.expected, head ?? 'no-stream');
  }

  async function readAfter(after: number, limit?: number): Promise<RecordedEvent[]> {
    const { rows } = await mapped(
      pool.query<RecordedEvent>({
        text: `SELECT ${RECORDED} FROM ${table} WHERE position > $1 ORDER BY position LIMIT $2`,
        values: [after, limit ?? null],
        types: RECORDED_TYPES,
      }),
    );
    return rows;
  }

  async function head(): Promise<number | undefined> {
    const { rows } = await mapped(
      pool.query<{ head: string | null }>(`SELECT MAX(position) AS head FROM ${table}`),
    );
    return rows[0]?.head === null || rows[0]?.head === undefined ? undefined : Number(rows[0].head);
  }

  // One LISTEN connection per store wakes every subscription of this store; opened on first use.
  const wakers = new Set<() => void>();
  let listener: Promise<pg.Client | undefined> | undefined;
  function listen(): void {
    if (listener) return;
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: timeouts.connectMs,
      keepAlive: true,
    });
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
    append: (streamName, events, { expectedRevision, lazySync }) =>
      append(streamName, events, expectedRevision, lazySync === true),

    async readStream(streamName, options) {
      const { rows } = await mapped(
        pool.query<RecordedEvent>({
          text: `SELECT ${RECORDED} FROM ${table} WHERE stream = $1 AND revision >= $2 ORDER BY revision`,
          values: [streamName, options?.fromRevision ?? 0],
          types: RECORDED_TYPES,
        }),
      );
      return rows;
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

/**
 * The columns as a `RecordedEvent`'s fields, in its order: the driver's row is the event itself
 * (a catch-up or a rebuild reads thousands; no second object per row).
 */
const RECORDED = `event_id AS "eventId", type, data, metadata, stream AS "streamName", revision, position`;

/** Positions (BIGINT) as numbers: a log never nears 2^53 events. */
const RECORDED_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8
      ? Number
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

function explain(streamName: string, error: unknown): unknown {
  if ((error as { code?: unknown }).code === '23505') {
    return new Error(`Append to ${streamName}: an event id is already in the store`, { cause: error });
  }
  return error;
}

/**
 * `append_events(members, sync)`: a group of appends, each `{ s: stream, x: expected revision
 * ('any' | 'no-stream' | n), e: [{ id, type, data, metadata }] }`, decided and inserted under the
 * log's lock in one statement. Per member it answers `{ position, revision }` (appended),
 * `{ stored: true }` (its first event id is already in the log: the caller checks the retry) or
 * `{ head }` (the stream's revision did not match). An id already stored past a member's first
 * event fails the statement (23505). `append_event(...)`: the same for a group of one append of one
 * event, with scalar arguments and fewer queries (what one writer sends). Made under a session
 * lock: concurrent `CREATE OR REPLACE`s fail.
 */
async function createAppendFunction(
  pool: pg.Pool,
  schema: string,
  table: string,
  lockKey: number,
  channel: string,
): Promise<void> {
  await withClient(pool, 'event store', async (client) => {
    await client.query('SELECT pg_advisory_lock($1)', [lockKey]);
    try {
      await client.query(`
      CREATE OR REPLACE FUNCTION "${schema}".append_events(members jsonb, sync boolean) RETURNS jsonb
      LANGUAGE plpgsql AS $fn$
      DECLARE
        head bigint;
        start_head bigint;
        member jsonb;
        outcomes jsonb := '[]'::jsonb;
        stream_head integer;
        expected jsonb;
        added integer;
      BEGIN
        -- Set only when it differs from the session's value: set_config costs about an insert.
        IF (current_setting('synchronous_commit') <> 'off') <> sync THEN
          PERFORM set_config('synchronous_commit', CASE WHEN sync THEN 'on' ELSE 'off' END, true);
        END IF;
        PERFORM pg_advisory_xact_lock(${lockKey});
        SELECT COALESCE(MAX(position), 0) INTO head FROM ${table};
        start_head := head;
        FOR member IN SELECT value FROM jsonb_array_elements(members) LOOP
          IF EXISTS (SELECT 1 FROM ${table} WHERE event_id = member->'e'->0->>'id') THEN
            outcomes := outcomes || jsonb_build_array(jsonb_build_object('stored', true));
            CONTINUE;
          END IF;
          SELECT MAX(revision) INTO stream_head FROM ${table} WHERE stream = member->>'s';
          expected := member->'x';
          IF (expected = '"no-stream"' AND stream_head IS NOT NULL)
            OR (jsonb_typeof(expected) = 'number' AND stream_head IS DISTINCT FROM (expected #>> '{}')::integer) THEN
            outcomes := outcomes || jsonb_build_array(jsonb_build_object('head', stream_head));
            CONTINUE;
          END IF;
          added := jsonb_array_length(member->'e');
          INSERT INTO ${table} (position, stream, revision, event_id, type, data, metadata)
            SELECT head + t.ord, member->>'s', COALESCE(stream_head, -1) + t.ord::integer,
                   t.e->>'id', t.e->>'type', t.e->'data', t.e->'metadata'
            FROM jsonb_array_elements(member->'e') WITH ORDINALITY AS t(e, ord);
          head := head + added;
          outcomes := outcomes || jsonb_build_array(
            jsonb_build_object('position', head, 'revision', COALESCE(stream_head, -1) + added));
        END LOOP;
        -- Delivered to listeners only once the transaction commits.
        IF head > start_head THEN PERFORM pg_notify('${channel}', head::text); END IF;
        RETURN outcomes;
      END
      $fn$`);
      await client.query(`
      CREATE OR REPLACE FUNCTION "${schema}".append_event(s text, x text, id text, ty text, d jsonb, m jsonb,
        sync boolean) RETURNS jsonb
      LANGUAGE plpgsql AS $fn$
      DECLARE
        head bigint;
        stored boolean;
        stream_head integer;
      BEGIN
        IF (current_setting('synchronous_commit') <> 'off') <> sync THEN
          PERFORM set_config('synchronous_commit', CASE WHEN sync THEN 'on' ELSE 'off' END, true);
        END IF;
        PERFORM pg_advisory_xact_lock(${lockKey});
        -- One query after the lock (a fresh snapshot): the log's head, the retry check, the stream's head.
        SELECT (SELECT COALESCE(MAX(position), 0) FROM ${table}),
               EXISTS (SELECT 1 FROM ${table} WHERE event_id = id),
               (SELECT MAX(revision) FROM ${table} WHERE stream = s)
          INTO head, stored, stream_head;
        IF stored THEN RETURN jsonb_build_object('stored', true); END IF;
        IF (x = 'no-stream' AND stream_head IS NOT NULL)
          OR (x NOT IN ('any', 'no-stream') AND stream_head IS DISTINCT FROM x::integer) THEN
          RETURN jsonb_build_object('head', stream_head);
        END IF;
        INSERT INTO ${table} (position, stream, revision, event_id, type, data, metadata)
          VALUES (head + 1, s, COALESCE(stream_head, -1) + 1, id, ty, d, m);
        PERFORM pg_notify('${channel}', (head + 1)::text);
        RETURN jsonb_build_object('position', head + 1, 'revision', COALESCE(stream_head, -1) + 1);
      END
      $fn$`);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [lockKey]).catch(() => {});
    }
  });
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
