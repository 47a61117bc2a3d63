import { type RecordedEvent, upcast } from '@studio/events';
import type { EventStore, SubscriptionHandle } from '../eventstore/port';
import type { Logger } from '../logging';
import type { ReadStore, WriteOp } from '../readstore/port';

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

/** Events per catch-up transaction. */
export const CATCH_UP_PAGE = 5000;

/** Pause before a runner whose engine failed tries again from its checkpoint. */
export const RUNNER_RETRY_MS = 500;

/** running: live or catching up; paused: an engine failed, retrying by itself; stopped: stop() was called. */
export type RunnerState = 'running' | 'paused' | 'stopped';
/** Events per log read of a bulk rebuild (it writes once, at the end): small pages die young. */
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
 * Runs one projection: catch-up in pages (each page's writes and the checkpoint in one
 * transaction), then live, the events that arrive together in one transaction. A crash
 * mid-batch rolls the batch back; the restart resumes from the checkpoint, so the result equals a
 * full rebuild.
 */
export class ProjectorRunner {
  private subscription?: SubscriptionHandle;
  private position: number | undefined;
  private waiters: Array<{ position: number; resolve: () => void }> = [];
  private stopped = true;
  private paused = false;
  private retryTimer?: NodeJS.Timeout;
  /** The position last committed to the read store (the checkpoint a restart resumes from). */
  private committed: number | undefined;
  /** Live events gathered for the next transaction, and the one being written. */
  private live: RecordedEvent[] = [];
  private flushScheduled = false;
  private applying: Promise<void> = Promise.resolve();
  /** Bumped by a pause: batches gathered before it are not applied (the restart re-reads them). */
  private epoch = 0;
  private rebuilding?: Promise<void>;

  constructor(
    private readonly eventStore: EventStore,
    private readonly readStore: ReadStore,
    readonly projection: Projection,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    // A live batch still being written (before a pause) lands before the checkpoint is read.
    await this.applying.catch(() => {});
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
    return this.stopped ? 'stopped' : this.paused ? 'paused' : 'running';
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.paused = false;
    clearTimeout(this.retryTimer);
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
  private pause(error: unknown): void {
    this.logger.warn({ err: error, projection: this.projection.name }, 'projection paused; retrying');
    // Gathered events are dropped: the restart reads them again from the checkpoint.
    this.epoch += 1;
    this.live = [];
    if (this.stopped) return;
    this.paused = true;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.resume(), RUNNER_RETRY_MS);
  }

  private async resume(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = undefined;
    if (this.stopped) return;
    try {
      await this.start();
      this.paused = false;
    } catch (error) {
      this.pause(error);
    }
  }

  /**
   * Replays the whole log into a new read model. Where the store offers `bulk`, the log is read
   * page by page and folded into documents in memory, then one transaction drops the old
   * collections, writes each document once and moves the checkpoint (readers see the old read
   * model until then, the new one after); the indexes are built afterwards, by start(). The
   * writes are the very ops the live path applies, so the documents are the same bytes. Memory
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
    await this.stop();
    const bulk = this.readStore.bulk?.({ replacing: this.projection.collections });
    let last: number | undefined;
    if (bulk) {
      for (;;) {
        const page = await this.eventStore.readAll({
          ...(last !== undefined ? { after: last } : {}),
          limit: REBUILD_PAGE,
        });
        for (const event of page) bulk.stage(projectEvent(this.projection, event));
        last = page.at(-1)?.position ?? last;
        if (page.length < REBUILD_PAGE) break;
      }
      if (last !== undefined) await bulk.commit({ name: this.projection.name, position: last });
    }
    if (last === undefined) {
      await this.readStore.drop(this.projection.collections);
      await this.readStore.apply([{ op: 'delete', collection: '_checkpoints', id: this.projection.name }]);
    }
    await this.start();
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

  private async applyBatch(events: RecordedEvent[]): Promise<void> {
    const last = events.at(-1);
    if (!last) return;
    const ops: WriteOp[] = [];
    for (const event of events) ops.push(...projectEvent(this.projection, event));
    const idle = last.position - (this.committed ?? 0);
    if (ops.length > 0 || idle >= IDLE_CHECKPOINT_EVERY) {
      await this.readStore.apply(ops, { name: this.projection.name, position: last.position });
      this.committed = last.position;
    }
    this.position = last.position;
    const waiting = this.waiters;
    this.waiters = [];
    for (const waiter of waiting) {
      if (waiter.position <= last.position) waiter.resolve();
      else this.waiters.push(waiter);
    }
  }
}
