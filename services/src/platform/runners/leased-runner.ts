import type { SubscriptionHandle } from '../eventstore/port';
import { isLeaseLost } from '../readstore/lease';
import { type RunnerLease, STANDBY_POLL_MS } from './runner-lease';

/**
 * The start, standby and come-back cycle the projector and reactor runners share: only the
 * instance holding the lease runs, another stands by and asks again every STANDBY_POLL_MS, and a
 * runner paused by a failure starts again by itself.
 */
export abstract class LeasedRunner {
  protected subscription?: SubscriptionHandle;
  protected stopped = true;
  protected paused = false;
  protected standing = false;
  protected retryTimer?: NodeJS.Timeout;
  protected abort = new AbortController();

  /** Only the instance holding `lease` runs; every checkpoint it writes carries the fence. */
  protected constructor(protected readonly lease: RunnerLease) {}

  /** Runs if this instance gets its lease; otherwise resolves at once and stands by. */
  async start(): Promise<void> {
    this.stopped = false;
    this.abort = new AbortController();
    await this.settleBeforeStart();
    if (this.lease.fence === undefined && !(await this.lease.acquire(() => this.loseLease()))) {
      this.standBy();
      return;
    }
    this.standing = false;
    try {
      await this.run();
    } catch (error) {
      if (!isLeaseLost(error)) throw error;
      this.loseLease();
    }
  }

  /** Reads the checkpoint and subscribes, the lease held. */
  protected abstract run(): Promise<void>;
  /** Another instance took the lease: drops what is in hand, then `leaveLease`. */
  protected abstract loseLease(): void;
  /** An engine failed: pauses, then `comeBackIn` its retry pause. */
  protected abstract pause(error: unknown): void;

  /** What must land before the checkpoint is read again: nothing, unless a runner says so. */
  protected async settleBeforeStart(): Promise<void> {}

  /** Stops renewing, ends the subscription, and stands by unless stopped. */
  protected leaveLease(): void {
    this.lease.forget();
    void this.subscription?.stop();
    this.subscription = undefined;
    if (!this.stopped) this.standBy();
  }

  protected standBy(): void {
    this.standing = true;
    this.comeBackIn(STANDBY_POLL_MS);
  }

  /** Starts again after `ms` (a pause's retry, a standby's poll); a later call replaces it. */
  protected comeBackIn(ms: number): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.comeBack(), ms);
  }

  private async comeBack(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = undefined;
    if (this.stopped) return;
    try {
      await this.start();
      this.paused = false;
    } catch (error) {
      // Still unreachable (the checkpoint read failed): try again later rather than give up.
      this.pause(error);
    }
  }
}
