import { setTimeout as delay } from 'node:timers/promises';
import { type DomainEvent, type DomainEventType, type RecordedEvent, upcast } from '@studio/events';
import type { EventStore } from '../eventstore/port';
import type { Logger } from '../logging';
import { isLeaseLost, LeaseLostError } from '../readstore/lease';
import type { Checkpoint, ReadStore } from '../readstore/port';
import { LeasedRunner } from './leased-runner';
import { parkedRecord, parkOp } from './parked-events';
import { IDLE_CHECKPOINT_EVERY, RUNNER_RETRY_MS, type RunnerState } from './projector';
import { backoffMs, type RetryPolicy } from './retry-policy';
import { RunnerLease, type RunnerLeaseOptions } from './runner-lease';

/**
 * Default for process managers: about 3 s of tries (0.2 + 0.4 + 0.8 + 1.6 s). Their failures are
 * mostly deterministic (a bug, a malformed event), so waiting longer only blocks what follows.
 */
export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 5, baseDelayMs: 200, maxDelayMs: 10_000 };

/**
 * Something that acts on events with side effects (publishing to the bus, issuing commands).
 * Its checkpoint advances only after `handle` succeeded — or after the event was parked — so every
 * event is handled at least once or recorded as parked; handlers are idempotent.
 */
export interface Reactor {
  name: string;
  handle(event: RecordedEvent): Promise<void>;
  /**
   * The event types it acts on, when it can say. Others are passed over without a transaction
   * each (the checkpoint follows with the next handled event, or every IDLE_CHECKPOINT_EVERY):
   * a burst of QR scans must not cost the relay a write per scan.
   */
  handles?: readonly string[];
  /** Absent: DEFAULT_RETRY. */
  retry?: RetryPolicy;
  /**
   * A reactor added to a product already running acts on what happens from its first start on,
   * not on the whole history (a mailer must not mail every past customer): without a checkpoint it
   * starts at the end of the log. Absent: from the beginning.
   */
  startsAtLogEnd?: boolean;
}

/**
 * A reactor typed by the events it handles, as `defineProjection` is: `handle` gets those events
 * with their own data, no cast. The runner passes over every other type (`handles`).
 */
export function defineReactor<const Type extends DomainEventType>(definition: {
  name: string;
  handles: readonly Type[];
  handle(event: RecordedEvent<Extract<DomainEvent, { type: Type }>>): Promise<void>;
  retry?: RetryPolicy;
}): Reactor {
  // `handle` is a method, so TypeScript accepts the narrower parameter; `handles` keeps it honest.
  return definition;
}

export interface ReactorRunnerOptions {
  /** Stamps `parkedAt`; the wall clock by default. */
  now?: () => Date;
  /** Replaces the waits between tries (tests); may reject once the signal aborts (a stop). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  lease?: RunnerLeaseOptions;
}

export class ReactorRunner extends LeasedRunner {
  private position: number | undefined;
  /** The checkpoint last written (events passed over since then are simply read again after a restart). */
  private committed: number | undefined;
  private readonly handled: ReadonlySet<string> | undefined;
  private readonly now: () => Date;
  private readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;

  constructor(
    private readonly eventStore: EventStore,
    private readonly readStore: ReadStore,
    private readonly reactor: Reactor,
    private readonly logger: Logger,
    options: ReactorRunnerOptions = {},
  ) {
    // Only the instance holding the lease runs (one relay, one refund manager).
    super(new RunnerLease(readStore, reactor.name, logger, options.lease));
    this.now = options.now ?? (() => new Date());
    this.sleep = options.sleep ?? ((ms, signal) => delay(ms, undefined, { signal }));
    this.handled = reactor.handles ? new Set(reactor.handles) : undefined;
  }

  protected async run(): Promise<void> {
    let after = await this.readStore.getCheckpoint(this.reactor.name);
    if (after === undefined && this.reactor.startsAtLogEnd) {
      after = await this.eventStore.headPosition();
      if (after !== undefined) await this.readStore.apply([], this.checkpointAt(after));
    }
    this.position = after;
    this.committed = after;
    this.subscription = this.eventStore.subscribeToAll(
      {
        ...(after !== undefined ? { after } : {}),
        // The engine failed (or parking could not be written): restart from the checkpoint.
        onError: (error) => this.pause(error),
      },
      (event) => this.onEvent(event),
    );
    await this.subscription.caughtUp;
  }

  get name(): string {
    return this.reactor.name;
  }

  /** Position of the last event handled or parked (the stored checkpoint). */
  get checkpoint(): number | undefined {
    return this.position;
  }

  get state(): RunnerState {
    if (this.stopped) return 'stopped';
    if (this.standing) return 'standby';
    return this.paused ? 'paused' : 'running';
  }

  /** Stops, then frees the lease for a standby. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.paused = false;
    this.standing = false;
    this.abort.abort();
    clearTimeout(this.retryTimer);
    await this.subscription?.stop();
    this.subscription = undefined;
    await this.lease.release();
  }

  /** Tries in place with backoff; after the last try, parks the event and moves past it. */
  private async onEvent(event: RecordedEvent): Promise<void> {
    if (!this.handled || this.handled.has(event.type)) return this.handleWithRetries(event);
    this.position = event.position;
    if (event.position - (this.committed ?? 0) >= IDLE_CHECKPOINT_EVERY) {
      await this.readStore.apply([], this.checkpointAt(event.position));
      this.committed = event.position;
    }
  }

  /** The checkpoint at `position`, fenced by this instance's lease token. */
  private checkpointAt(position: number): Checkpoint {
    const fence = this.lease.fence;
    if (fence === undefined) throw new LeaseLostError(this.reactor.name, fence);
    return { name: this.reactor.name, position, fence };
  }

  private async handleWithRetries(event: RecordedEvent): Promise<void> {
    const policy = this.reactor.retry ?? DEFAULT_RETRY;
    for (let attempt = 1; ; attempt += 1) {
      // Ends the subscription's run (start() rejects with it if it was still catching up).
      if (this.stopped) throw new Error('the reactor runner was stopped');
      // Checked before acting, not only at the checkpoint: a lost lease must not publish again.
      const checkpoint = this.checkpointAt(event.position);
      try {
        await this.reactor.handle(upcast(event));
        await this.readStore.apply([], checkpoint);
        this.position = event.position;
        this.committed = event.position;
        this.paused = false;
        return;
      } catch (error) {
        // Another instance has the lease: it handles this event (handlers are idempotent).
        if (isLeaseLost(error)) throw error;
        if (attempt >= policy.maxAttempts) {
          await this.park(event, error, attempt);
          return;
        }
        this.logger.warn(
          { err: error, reactor: this.reactor.name, position: event.position, attempt },
          'reactor failed on an event; trying again',
        );
        // Retrying in place is a pause as readiness sees it: nothing behind this event moves.
        this.paused = true;
        // A stop ends the wait early; the check at the top of the loop then ends the tries.
        await this.sleep(backoffMs(policy, attempt), this.abort.signal).catch(() => undefined);
      }
    }
  }

  /** The record and the checkpoint past the event commit together: parked once, never lost. */
  private async park(event: RecordedEvent, error: unknown, attempts: number): Promise<void> {
    const parked = parkedRecord(this.reactor.name, event, error, attempts, this.now());
    await this.readStore.apply([parkOp(parked)], this.checkpointAt(event.position));
    this.position = event.position;
    this.committed = event.position;
    this.paused = false;
    this.logger.error(
      { err: error, reactor: this.reactor.name, position: event.position, attempts },
      'reactor parked an event it kept failing on',
    );
  }

  /** The engine failed (or parking could not be written): restart from the checkpoint after a pause. */
  protected pause(error: unknown): void {
    if (isLeaseLost(error)) {
      this.loseLease();
      return;
    }
    this.logger.warn({ err: error, reactor: this.reactor.name }, 'reactor failed; retrying');
    if (this.stopped) return;
    this.paused = true;
    this.comeBackIn(RUNNER_RETRY_MS);
  }

  /** Another instance took the lease: this one stops acting and stands by. */
  protected loseLease(): void {
    this.logger.warn({ reactor: this.reactor.name }, 'another instance holds the reactor; standing by');
    this.leaveLease();
  }
}
