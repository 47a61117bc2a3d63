import path from 'node:path';
import type { Event, EventMetadata, RecordedEvent } from '@studio/events';
import Database from 'better-sqlite3';
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

/** Fallback wake-up so appends made through other connections (processes) to the same file are seen. */
const DEFAULT_POLL_MS = 250;
const BATCH = 500;

interface Row {
  position: number;
  stream: string;
  revision: number;
  event_id: string;
  type: string;
  data: string;
  metadata: string;
}

/**
 * Subscriptions of every store instance in this process, by database file: an append through one
 * instance wakes subscribers of all instances at once instead of at their next poll.
 */
const wakersByFile = new Map<string, Set<() => void>>();
/** Listeners of `onAppended` of every store instance in this process, by database file. */
type AppendListener = (events: RecordedEvent[]) => void;
const appendListenersByFile = new Map<string, Set<AppendListener>>();

interface Appended {
  result: AppendResult;
  /** What the append wrote, as readers see it (only when someone listens). */
  written: RecordedEvent[];
}
interface PendingAppend {
  streamName: string;
  events: Event[];
  expected: ExpectedRevision;
  lazySync: boolean;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}
type Outcome = { appended: Appended } | { error: unknown };

/** Checked by code, not instanceof: the native addon keeps the SqliteError class of the first realm
 * that loaded it (jest runs each test file in its own realm). */
function describeFailure(streamName: string, error: unknown): unknown {
  if ((error as { code?: unknown } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE')
    return new Error(`Append to ${streamName}: an event id is already in the store`, { cause: error });
  return error;
}

export type Synchronous = 'FULL' | 'NORMAL';

/**
 * A group of lazy appends only (QR scan batches) commits without the fsync; the next FULL commit
 * syncs the WAL with it in. One member that a client waits on makes the group FULL.
 */
export const skipsFsync = (synchronous: Synchronous, group: ReadonlyArray<{ lazySync: boolean }>) =>
  synchronous === 'FULL' && group.every((member) => member.lazySync);

const SYNCHRONOUS_NAMES: Record<number, Synchronous> = { 1: 'NORMAL', 2: 'FULL' };

/** The store, plus the durability it actually runs with (read back from SQLite). */
export type SqliteEventStore = EventStore & { readonly synchronous: Synchronous };

/**
 * The embedded event store: one SQLite file in WAL mode; appends made together share one
 * transaction (group commit, see `append`).
 * `synchronous=FULL` by default: an append is acknowledged only once the WAL is synced, so a power
 * cut cannot lose an acknowledged payment (NORMAL may lose the last commits; only benches use it).
 */
export function createSqliteEventStore(
  file: string,
  options: { pollMs?: number; synchronous?: Synchronous } = {},
): SqliteEventStore {
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const db = new Database(file, { timeout: 5000 });
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${options.synchronous ?? 'FULL'}`);
  const synchronous = SYNCHRONOUS_NAMES[db.pragma('synchronous', { simple: true }) as number] ?? 'NORMAL';
  db.exec(`
    CREATE TABLE IF NOT EXISTS events (
      position INTEGER PRIMARY KEY AUTOINCREMENT,
      stream TEXT NOT NULL,
      revision INTEGER NOT NULL,
      event_id TEXT NOT NULL UNIQUE,
      type TEXT NOT NULL,
      data TEXT NOT NULL,
      metadata TEXT NOT NULL,
      UNIQUE (stream, revision)
    )`);

  const insert = db.prepare<[string, number, string, string, string, string]>(
    'INSERT INTO events (stream, revision, event_id, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const streamHead = db
    .prepare<[string], number | null>('SELECT MAX(revision) FROM events WHERE stream = ?')
    .pluck();
  const byEventId = db.prepare<[string], Row>('SELECT * FROM events WHERE event_id = ?');
  const atRevision = db.prepare<[string, number], Row>(
    'SELECT * FROM events WHERE stream = ? AND revision = ?',
  );
  const streamFrom = db.prepare<[string, number], Row>(
    'SELECT * FROM events WHERE stream = ? AND revision >= ? ORDER BY revision',
  );
  const allAfter = db.prepare<[number, number], Row>(
    'SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?',
  );
  const head = db.prepare<[], number | null>('SELECT MAX(position) FROM events').pluck();

  /** A retried append: the same ids already stored consecutively where the caller expected them. */
  function previousResult(
    streamName: string,
    events: Event[],
    expected: ExpectedRevision,
    first: Row,
  ): AppendResult {
    if (first.stream !== streamName) {
      throw new Error(`Event id ${first.event_id} is already used in stream ${first.stream}`);
    }
    let last = first;
    for (let i = 1; i < events.length; i += 1) {
      const row = atRevision.get(streamName, first.revision + i);
      if (!row || row.event_id !== events[i]?.eventId) throw conflict(streamName, expected);
      last = row;
    }
    const samePlace =
      expected === 'any' ||
      (expected === 'no-stream' ? first.revision === 0 : first.revision === expected + 1);
    if (!samePlace) throw conflict(streamName, expected);
    return { nextExpectedRevision: last.revision, position: last.position };
  }

  function conflict(streamName: string, expected: ExpectedRevision): WrongExpectedRevisionError {
    return new WrongExpectedRevisionError(streamName, expected, streamHead.get(streamName) ?? 'no-stream');
  }

  /** One append, inside the group's transaction. */
  const appendOne = (streamName: string, events: Event[], expected: ExpectedRevision): Appended => {
    const first = events[0];
    if (!first) throw new Error('append needs at least one event');
    const existing = byEventId.get(first.eventId);
    if (existing) return { result: previousResult(streamName, events, expected, existing), written: [] };

    const current = streamHead.get(streamName) ?? null;
    const ok = expected === 'any' || (expected === 'no-stream' ? current === null : current === expected);
    if (!ok) throw new WrongExpectedRevisionError(streamName, expected, current ?? 'no-stream');

    const written: RecordedEvent[] = [];
    let revision = current === null ? 0 : current + 1;
    let position = 0;
    for (const event of events) {
      const data = JSON.stringify(event.data ?? null);
      const metadata = JSON.stringify(event.metadata);
      const info = insert.run(streamName, revision, event.eventId, event.type, data, metadata);
      position = Number(info.lastInsertRowid);
      // Parsed back from the stored JSON, so listeners see exactly what a reader would; only
      // when someone listens, so a store without live readers appends at full speed.
      if (appendListeners.size > 0)
        written.push(
          toRecorded({
            position,
            stream: streamName,
            revision,
            event_id: event.eventId,
            type: event.type,
            data,
            metadata,
          }),
        );
      revision += 1;
    }
    return { result: { nextExpectedRevision: revision - 1, position }, written };
  };
  /**
   * One append among others, in its own savepoint when it has several events, so a refusal undoes
   * only its own rows. One event is one INSERT, which SQLite undoes by itself when it fails
   * (statement atomicity), so the usual append of one event saves the savepoint's two statements.
   */
  const appendInSavepoint = db.transaction(appendOne);
  const appendAmongOthers = (streamName: string, events: Event[], expected: ExpectedRevision) =>
    (events.length === 1 ? appendOne : appendInSavepoint)(streamName, events, expected);

  /**
   * Every append queued since the last commit, in call order, in one transaction and so one fsync.
   * Each member is still decided on its own (against the rows of the members before it, its writes
   * undone alone if it is refused): a conflict fails that member only. An error that ends the whole
   * transaction (the disk, a lock held too long by another process) fails every member, none of
   * them committed.
   */
  const commitGroup = db.transaction((group: PendingAppend[]): Outcome[] => {
    // Alone, it needs no savepoint (two statements less): its failure fails the transaction.
    const [only] = group;
    if (group.length === 1 && only)
      return [{ appended: appendOne(only.streamName, only.events, only.expected) }];
    return group.map((member) => {
      try {
        return { appended: appendAmongOthers(member.streamName, member.events, member.expected) };
      } catch (error) {
        if (!db.inTransaction) throw error;
        return { error: describeFailure(member.streamName, error) };
      }
    });
  });

  let queue: PendingAppend[] = [];
  let scheduled = false;

  function flush(): void {
    scheduled = false;
    const group = queue;
    queue = [];
    if (group.length === 0) return;
    const relax = skipsFsync(synchronous, group);
    if (relax) db.pragma('synchronous = NORMAL');
    let outcomes: Outcome[];
    try {
      outcomes = commitGroup.immediate(group);
    } catch (error) {
      for (const member of group) member.reject(describeFailure(member.streamName, error));
      return;
    } finally {
      if (relax) db.pragma('synchronous = FULL');
    }
    // Live readers first and synchronously, in commit order: nothing else runs between the commit
    // and their write. A retried append that wrote nothing new has nothing to announce.
    for (const outcome of outcomes) if ('appended' in outcome) announce(outcome.appended.written);
    for (const wake of wakers) wake();
    group.forEach((member, i) => {
      const outcome = outcomes[i] as Outcome;
      if ('appended' in outcome) member.resolve(outcome.appended.result);
      else member.reject(outcome.error);
    });
  }

  const fileKey = file === ':memory:' || file === '' ? Symbol('memory') : path.resolve(file);
  const localWakers = new Set<() => void>();
  const wakers = typeof fileKey === 'string' ? (wakersByFile.get(fileKey) ?? new Set()) : localWakers;
  if (typeof fileKey === 'string') wakersByFile.set(fileKey, wakers);
  const appendListeners =
    typeof fileKey === 'string'
      ? (appendListenersByFile.get(fileKey) ?? new Set<AppendListener>())
      : new Set<AppendListener>();
  if (typeof fileKey === 'string') appendListenersByFile.set(fileKey, appendListeners);
  const subscriptions = new Set<SubscriptionHandle>();
  let closed = false;

  function announce(events: RecordedEvent[]): void {
    if (events.length > 0)
      for (const listener of appendListeners) {
        try {
          listener(events);
        } catch (error) {
          console.error('append listener failed', error);
        }
      }
  }

  function subscribeToAll(
    options: SubscribeOptions,
    handler: (event: RecordedEvent) => Promise<void>,
  ): SubscriptionHandle {
    return pollingSubscription(
      {
        start: () => head.get() ?? 0,
        readAfter: (after, limit) => allAfter.all(after, limit).map(toRecorded),
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
    /** Read back from SQLite each time: a lazy append must leave it as configured. */
    get synchronous() {
      return SYNCHRONOUS_NAMES[db.pragma('synchronous', { simple: true }) as number] ?? 'NORMAL';
    },

    /**
     * Group commit: the append waits until the work already queued has run (a `nextTick` queued
     * from promise continuations runs once they are all done), so every append made meanwhile by
     * the other writers shares its transaction and its fsync. Not `setImmediate`: an append must
     * not need a turn of the event loop (code on a fake clock advances without one).
     */
    append(streamName, events, { expectedRevision, lazySync }) {
      if (closed) return Promise.reject(new Error('The event store is closed'));
      return new Promise<AppendResult>((resolve, reject) => {
        queue.push({
          streamName,
          events,
          expected: expectedRevision,
          lazySync: lazySync === true,
          resolve,
          reject,
        });
        if (!scheduled) {
          scheduled = true;
          process.nextTick(flush);
        }
      });
    },

    async readStream(streamName, options) {
      return streamFrom.all(streamName, options?.fromRevision ?? 0).map(toRecorded);
    },

    async readAll(options?: ReadAllOptions) {
      return allAfter.all(options?.after ?? 0, options?.limit ?? -1).map(toRecorded);
    },

    subscribeToAll,

    onAppended(listener) {
      appendListeners.add(listener);
      return () => {
        appendListeners.delete(listener);
      };
    },

    async headPosition() {
      return head.get() ?? undefined;
    },

    async close() {
      if (closed) return;
      closed = true;
      // What was appended before close is committed, not dropped.
      flush();
      await Promise.all([...subscriptions].map((s) => s.stop()));
      if (typeof fileKey === 'string' && wakers.size === 0) wakersByFile.delete(fileKey);
      if (typeof fileKey === 'string' && appendListeners.size === 0) appendListenersByFile.delete(fileKey);
      db.close();
    },
  };
}

/** Event data this long or longer (a batch of QR scans) is parsed on first read; shorter, at once. */
const LAZY_DATA_CHARS = 2048;

/**
 * A stored row as an event. Large `data` is parsed on first read: most subscribers pass over most
 * events by their type (a batch of QR scans is tens of KB that only the QR projection reads), so
 * they never pay for it; it stays an ordinary enumerable property to everyone else (spread, JSON,
 * equality). Small data is parsed at once: a lazy property costs more than parsing a few hundred
 * bytes, and a plain object keeps every reader (a rebuild reads every event) on the fast path.
 */
function toRecorded(row: Row): RecordedEvent {
  if (row.data.length < LAZY_DATA_CHARS) {
    return {
      eventId: row.event_id,
      type: row.type,
      data: JSON.parse(row.data) as unknown,
      metadata: JSON.parse(row.metadata) as EventMetadata,
      streamName: row.stream,
      revision: row.revision,
      position: row.position,
    };
  }
  const event = {
    eventId: row.event_id,
    type: row.type,
    data: undefined as unknown,
    metadata: JSON.parse(row.metadata) as EventMetadata,
    streamName: row.stream,
    revision: row.revision,
    position: row.position,
  };
  let text: string | undefined = row.data;
  let data: unknown;
  Object.defineProperty(event, 'data', {
    enumerable: true,
    configurable: true,
    get() {
      if (text !== undefined) {
        data = JSON.parse(text);
        text = undefined;
      }
      return data;
    },
    set(value: unknown) {
      data = value;
      text = undefined;
    },
  });
  return event;
}
