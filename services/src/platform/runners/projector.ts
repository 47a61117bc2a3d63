import { setTimeout as delay } from 'node:timers/promises';
import { type DomainEvent, type DomainEventType, type RecordedEvent, upcast } from '@studio/events';
import type { EventStore } from '../eventstore/port';
import { isEngineUnreachable } from '../faults/unavailable';
import type { Logger } from '../logging';
import { isLeaseLost, LeaseLostError } from '../readstore/lease';
import type { BulkWrite, Checkpoint, ReadStore, WriteOp } from '../readstore/port';
import { LeasedRunner } from './leased-runner';
import { clearParkedOp, parkedRecord, parkOp } from './parked-events';
import { backoffMs, type RetryPolicy } from './retry-policy';
import { RunnerLease, type RunnerLeaseOptions } from './runner-lease';

/**
 * A projection is a pure mapping from an event to read-store writes. Its documents must depend
 * only on the events (never on the clock), so that a rebuild gives identical documents.
 */
export interface Projection {
  /** Checkpoint name. */
  name: string;
  /** Collections it owns: dropped and rebuilt together. */
  collections: string[];
  /** The event types it maps; the runner never calls `project` with any other. */
  handles: readonly string[];
  project(event: RecordedEvent): WriteOp[];
  /** Indexes the queries of this read model need. */
  indexes?: Array<{ collection: string; fields: string[] }>;
}

/**
 * A projection written against the events it handles, named by `handles`: `project` receives
 * them typed. The runner never calls it with another type (`projectEvent`), which is what makes
 * the narrowing from the untyped log safe; it is done here, once, for every projection.
 */
export function defineProjection<const Type extends DomainEventType>(definition: {
  name: string;
  collections: string[];
  handles: readonly Type[];
  project(event: RecordedEvent<Extract<DomainEvent, { type: Type }>>): WriteOp[];
  indexes?: Array<{ collection: string; fields: string[] }>;
}): Projection {
  // The same object: no wrapper call per event on a rebuild. `project` is a method, so TypeScript
  // accepts the narrower parameter; `handles` is what keeps it honest.
  return definition;
}

/** Events per catch-up transaction. */
export const CATCH_UP_PAGE = 5000;

/** Pause before a runner whose engine failed tries again from its checkpoint. */
export const RUNNER_RETRY_MS = 500;

/**
 * An event a projection cannot apply fails the same way every time, so a few quick tries are
 * enough before it is parked (0.2 and 0.4 s waits). An engine outage never counts as a try: it
 * pauses the runner, which resumes by itself (see `ProjectorRunner.applyOne`).
 */
export const PROJECTION_RETRY: RetryPolicy = { maxAttempts: 3, baseDelayMs: 200, maxDelayMs: 5_000 };

export interface ProjectorRunnerOptions {
  /** Absent: PROJECTION_RETRY. */
  retry?: RetryPolicy;
  /** Stamps `parkedAt`; the wall clock by default. */
  now?: () => Date;
  /** Replaces the waits between tries (tests); may reject once the signal aborts (a stop). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  lease?: RunnerLeaseOptions;
  /** Absent: LAGGING_CHECKPOINT_MS. */
  laggingCheckpointMs?: number;
}

/**
 * running: live or catching up; paused: an engine failed (retrying by itself) or an event is being
 * tried again before it is parked; standby: another instance holds the runner's lease, this one
 * takes over when it dies or stops; stopped: stop() was called.
 */
export type RunnerState = 'running' | 'paused' | 'standby' | 'stopped';
/** Events per log read of a bulk rebuild (its documents are folded in memory): small pages die young. */
export const REBUILD_PAGE = 2000;

const handledTypes = new WeakMap<Projection, ReadonlySet<string>>();

/** The writes of one event: none for types the projection does not handle (skipped before upcasting). */
export function projectEvent(projection: Projection, event: RecordedEvent): WriteOp[] {
  let handled = handledTypes.get(projection);
  if (!handled) {
    handled = new Set(projection.handles);
    handledTypes.set(projection, handled);
  }
  return handled.has(event.type) ? projection.project(upcast(event)) : [];
}
/**
 * Live events that change nothing in a read model (a scan, for the accounts projection) are not
 * worth a transaction each: the checkpoint is written with the next event that has writes, or
 * once this many such events have passed. Replaying them after a restart writes nothing.
 */
export const IDLE_CHECKPOINT_EVERY = 500;

/**
 * A checkpoint left behind by such events is written at most this long after them, so a reader
 * waiting for the projection to reach the log's head (`read-your-writes.ts`) is not held up by a
 * tail of events that concern other read models (one small write per projection at most this often).
 */
export const LAGGING_CHECKPOINT_MS = 200;

/**
 * Runs one projection: catch-up in pages (each page's writes and the checkpoint in one
 * transaction), then live, the events that arrive together in one transaction. A crash
 * mid-batch rolls the batch back; the restart resumes from the checkpoint, so the result equals a
 * full rebuild.
 */
export class ProjectorRunner extends LeasedRunner {
  private position: number | undefined;
  private waiters: Array<{ position: number; resolve: () => void }> = [];
  /** The position last committed to the read store (the checkpoint a restart resumes from). */
  private committed: number | undefined;
  /** Live events gathered for the next transaction, and the one being written. */
  private live: RecordedEvent[] = [];
  private flushScheduled = false;
  private laggingCheckpoint?: NodeJS.Timeout;
  private applying: Promise<void> = Promise.resolve();
  /** Bumped by a pause: batches gathered before it are not applied (the restart re-reads them). */
  private epoch = 0;
  private rebuilding?: Promise<void>;
  /** An event failed and is being tried again: nothing behind it moves meanwhile. */
  private retrying = false;
  private readonly retry: RetryPolicy;
  private readonly laggingCheckpointMs: number;
  private readonly now: () => Date;
  private readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;

  constructor(
    private readonly eventStore: EventStore,
    private readonly readStore: ReadStore,
    readonly projection: Projection,
    private readonly logger: Logger,
    options: ProjectorRunnerOptions = {},
  ) {
    super(new RunnerLease(readStore, projection.name, logger, options.lease));
    this.retry = options.retry ?? PROJECTION_RETRY;
    this.laggingCheckpointMs = options.laggingCheckpointMs ?? LAGGING_CHECKPOINT_MS;
    this.now = options.now ?? (() => new Date());
    this.sleep = options.sleep ?? ((ms, signal) => delay(ms, undefined, { signal }));
  }

  /** A live batch still being written (before a pause) lands before the checkpoint is read. */
  protected override async settleBeforeStart(): Promise<void> {
    await this.applying.catch(() => {});
  }

  protected async run(): Promise<void> {
    for (const index of this.projection.indexes ?? [])
      await this.readStore.ensureIndex(index.collection, index.fields);
    this.position = await this.readStore.getCheckpoint(this.projection.name);
    this.committed = this.position;
    await this.catchUp();
    if (this.stopped) return;
    this.subscription = this.eventStore.subscribeToAll(
      {
        ...(this.position !== undefined ? { after: this.position } : {}),
        onError: (error) => this.pause(error),
      },
      (event) => this.onLive(event),
    );
    await this.subscription.caughtUp;
  }

  get state(): RunnerState {
    if (this.stopped) return 'stopped';
    if (this.standing) return 'standby';
    return this.paused || this.retrying ? 'paused' : 'running';
  }

  /** Stops, lets the gathered batch land, then frees the lease for a standby. */
  async stop(): Promise<void> {
    await this.halt();
    await this.lease.release();
  }

  private async halt(): Promise<void> {
    this.stopped = true;
    this.standing = false;
    this.paused = false;
    this.retrying = false;
    this.abort.abort();
    clearTimeout(this.retryTimer);
    clearTimeout(this.laggingCheckpoint);
    this.laggingCheckpoint = undefined;
    await this.subscription?.stop();
    this.subscription = undefined;
    // What was gathered is applied (a failure only means a replay from the checkpoint at restart).
    await this.flushLive().catch((error: unknown) =>
      this.logger.warn({ err: error, projection: this.projection.name }, 'projection stopped before a batch'),
    );
  }

  /**
   * Live events that arrive together (one append of a batch of scans, a burst of commands) are
   * applied in one transaction: the subscription hands them over one at a time, so they are
   * gathered until the event loop's current turn ends (or a page is full), then written with
   * one checkpoint. Nothing is lost by a crash in between: the checkpoint has not moved.
   */
  private onLive(event: RecordedEvent): Promise<void> {
    this.live.push(event);
    if (this.live.length >= CATCH_UP_PAGE) return this.flushLive();
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      // Whatever is gathered when it runs belongs to the current epoch (a pause empties the list).
      setImmediate(() => {
        this.flushScheduled = false;
        this.flushLive().catch((error: unknown) => this.pause(error));
      });
    }
    return Promise.resolve();
  }

  /** Applies the gathered live events after any batch still being written, in order. */
  private flushLive(): Promise<void> {
    const events = this.live;
    this.live = [];
    const epoch = this.epoch;
    this.applying = this.applying
      .catch(() => {})
      .then(() => (events.length > 0 && epoch === this.epoch ? this.applyBatch(events) : undefined));
    return this.applying;
  }

  /** An engine failed (or the projection threw): resume from the checkpoint after a pause, by itself. */
  protected pause(error: unknown): void {
    if (isLeaseLost(error)) {
      this.loseLease();
      return;
    }
    this.logger.warn({ err: error, projection: this.projection.name }, 'projection paused; retrying');
    // Gathered events are dropped: the restart reads them again from the checkpoint.
    this.epoch += 1;
    this.live = [];
    if (this.stopped) return;
    this.paused = true;
    this.comeBackIn(RUNNER_RETRY_MS);
  }

  /**
   * Another instance took the lease (a heartbeat found it, or a fenced write was refused): what
   * this one gathered is dropped, and it stands by (the new holder resumes from the checkpoint).
   */
  protected loseLease(): void {
    this.logger.warn(
      { projection: this.projection.name },
      'another instance holds the projection; standing by',
    );
    this.epoch += 1;
    this.live = [];
    this.leaveLease();
  }

  /** The checkpoint at `position`, fenced by this instance's lease token. */
  private checkpointAt(position: number): Checkpoint {
    const fence = this.lease.fence;
    if (fence === undefined) throw new LeaseLostError(this.projection.name, fence);
    return { name: this.projection.name, position, fence };
  }

  /**
   * Replays the whole log into a new read model. Where the store offers `bulk`, the log is read
   * page by page and folded into documents in memory, then one transaction drops the old
   * collections, writes each document once, builds the indexes and moves the checkpoint (readers
   * see the old read model until then, the new one after, indexes included). The writes are the
   * very ops the live path applies, so the documents are the same bytes. Memory
   * holds this read model's documents until the commit. Otherwise: drop, then the normal catch-up.
   * A rebuild asked for while one runs joins it (two admins pressing the button get one rebuild).
   */
  rebuild(): Promise<void> {
    this.rebuilding ??= this.replay().finally(() => {
      this.rebuilding = undefined;
    });
    return this.rebuilding;
  }

  private async replay(): Promise<void> {
    // The lease is kept (and renewed) through the rebuild: a standby must not start meanwhile.
    await this.halt();
    if (this.lease.fence === undefined && !(await this.lease.acquire(() => this.loseLease()))) {
      await this.start();
      throw new Error(
        `The projection ${this.projection.name} is active in another instance: rebuild it there`,
      );
    }
    const bulk = this.readStore.bulk?.({
      replacing: this.projection.collections,
      indexes: this.projection.indexes ?? [],
    });
    let last: number | undefined;
    if (bulk) {
      let staged: number | undefined | 'failed';
      try {
        bulk.stage([clearParkedOp(this.projection.name)]);
        staged = await this.stageLog(bulk);
      } catch (error) {
        await bulk.discard?.();
        throw error;
      }
      // An event that cannot be staged: nothing was committed; the catch-up below parks it.
      if (staged !== 'failed') last = staged;
      if (last !== undefined) await bulk.commit(this.checkpointAt(last));
      else await bulk.discard?.();
    }
    if (last === undefined) {
      await this.readStore.drop(this.projection.collections);
      await this.readStore.apply([
        { op: 'delete', collection: '_checkpoints', id: this.projection.name },
        clearParkedOp(this.projection.name),
      ]);
    }
    await this.start();
  }

  /**
   * The whole log staged: the last position (undefined for an empty log), or 'failed'. The next
   * page is asked for before this one is staged, so the engine reads it while this process folds;
   * where the store writes ahead, each page's documents are written while the next is read (one
   * write in flight at a time).
   */
  private async stageLog(bulk: BulkWrite): Promise<number | undefined | 'failed'> {
    const read = (after: number | undefined) =>
      this.eventStore.readAll({ ...(after !== undefined ? { after } : {}), limit: REBUILD_PAGE });
    let last: number | undefined;
    let next = read(undefined);
    let writing: Promise<void> | undefined;
    for (;;) {
      const page = await next;
      last = page.at(-1)?.position ?? last;
      const more = page.length === REBUILD_PAGE;
      if (more) next = read(last);
      await writing;
      for (const event of page) {
        try {
          bulk.stage(projectEvent(this.projection, event));
        } catch (error) {
          // Staged documents may hold part of this event: the bulk is dropped, never committed.
          this.logger.warn(
            { err: error, projection: this.projection.name, position: event.position },
            'rebuild met an event it cannot apply; replaying event by event instead',
          );
          // The page asked for ahead is not needed; its failure would otherwise go unheard.
          if (more) next.catch(() => {});
          return 'failed';
        }
      }
      // The staged events let go at once: the next page is parsed while this one's documents are
      // written, and a page still held then is copied by each young-generation collection (about
      // a sixth of a rebuild's CPU, measured).
      page.length = 0;
      if (!more) return last;
      writing = bulk.writeAhead?.();
    }
  }

  /** Resolves once this projection has applied the event at `position` (or a later one). */
  waitFor(position: number): Promise<void> {
    if (this.position !== undefined && this.position >= position) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ position, resolve }));
  }

  get checkpoint(): number | undefined {
    return this.position;
  }

  private async catchUp(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const page = await this.eventStore.readAll({
        ...(this.position !== undefined ? { after: this.position } : {}),
        limit: CATCH_UP_PAGE,
      });
      await this.applyBatch(page);
      if (page.length < CATCH_UP_PAGE) return;
    }
  }

  /**
   * The events' writes and the checkpoint in one transaction. When that fails and the store still
   * answers, the events are applied one by one instead, so that one event the projection cannot
   * apply holds none of the others.
   */
  private async applyBatch(events: RecordedEvent[]): Promise<void> {
    const last = events.at(-1);
    if (!last) return;
    try {
      await this.write(events, last.position);
    } catch (error) {
      await this.unlessOutage(error);
      for (const event of events) if (!(await this.applyOne(event))) return;
      return;
    }
    this.advance(last.position);
  }

  private async write(events: RecordedEvent[], position: number): Promise<void> {
    const ops: WriteOp[] = [];
    for (const event of events) ops.push(...projectEvent(this.projection, event));
    const idle = position - (this.committed ?? 0);
    if (ops.length > 0 || idle >= IDLE_CHECKPOINT_EVERY) {
      await this.readStore.apply(ops, this.checkpointAt(position));
      this.committed = position;
    } else this.catchUpCheckpointSoon();
  }

  /** The checkpoint brought up to the position applied, once, a moment after the last write skipped it. */
  private catchUpCheckpointSoon(): void {
    if (this.laggingCheckpoint) return;
    this.laggingCheckpoint = setTimeout(() => {
      this.laggingCheckpoint = undefined;
      const epoch = this.epoch;
      this.applying = this.applying
        .catch(() => {})
        .then(async () => {
          const position = this.position;
          if (this.stopped || epoch !== this.epoch || position === undefined) return;
          if (position <= (this.committed ?? 0)) return;
          await this.readStore.apply([], this.checkpointAt(position));
          this.committed = Math.max(this.committed ?? 0, position);
        });
      this.applying.catch((error: unknown) => this.pause(error));
    }, this.laggingCheckpointMs);
    this.laggingCheckpoint.unref();
  }

  /**
   * One event, tried in place with backoff; after the last try it is parked and the checkpoint
   * moves past it in the same transaction. False when the runner was stopped meanwhile.
   */
  private async applyOne(event: RecordedEvent): Promise<boolean> {
    for (let attempt = 1; ; attempt += 1) {
      if (this.stopped) return false;
      try {
        await this.write([event], event.position);
        this.retrying = false;
        this.advance(event.position);
        return true;
      } catch (error) {
        await this.unlessOutage(error);
        if (attempt >= this.retry.maxAttempts) {
          await this.park(event, error, attempt);
          return true;
        }
        this.logger.warn(
          { err: error, projection: this.projection.name, position: event.position, attempt },
          'projection failed on an event; trying again',
        );
        this.retrying = true;
        // A stop ends the wait early; the check at the top of the loop then ends the tries.
        await this.sleep(backoffMs(this.retry, attempt), this.abort.signal).catch(() => undefined);
      }
    }
  }

  /**
   * Rethrows the error when an engine is out (the runner pauses and resumes by itself, as
   * always) or the lease was lost (it stands by): only a failure while the read store answers
   * counts as the event's own.
   */
  private async unlessOutage(error: unknown): Promise<void> {
    if (isEngineUnreachable(error) || isLeaseLost(error)) throw error;
    try {
      await this.readStore.getCheckpoint(this.projection.name);
    } catch {
      throw error;
    }
  }

  /** The record and the checkpoint past the event commit together: parked once, never lost. */
  private async park(event: RecordedEvent, error: unknown, attempts: number): Promise<void> {
    const parked = parkedRecord(this.projection.name, event, error, attempts, this.now());
    await this.readStore.apply([parkOp(parked)], this.checkpointAt(event.position));
    this.committed = event.position;
    this.retrying = false;
    this.advance(event.position);
    this.logger.error(
      { err: error, projection: this.projection.name, position: event.position, attempts },
      'projection parked an event it kept failing on',
    );
  }

  private advance(position: number): void {
    this.position = position;
    const waiting = this.waiters;
    this.waiters = [];
    for (const waiter of waiting) {
      if (waiter.position <= position) waiter.resolve();
      else this.waiters.push(waiter);
    }
  }
}
