import { ProviderError } from './provider';

interface Waiter {
  grant(): void;
}

/**
 * The process-wide limit on AI provider calls: at most `concurrency` in flight, started no faster
 * than `callsPerMinute` (0 = no rate limit), taken in turn by the jobs waiting. Each job waits in
 * its own lane and the lanes are served round-robin, so a 40-design book queued first does not
 * hold a single image back for its whole length. A provider that answers "too many requests"
 * pauses every lane (`pause`): the limit is the account's, not the call's.
 */
/** Provider calls in flight at once when AI_CONCURRENCY is not set. */
export const DEFAULT_AI_CONCURRENCY = 4;

export class CallGate {
  private inFlight = 0;
  /** Lanes with waiters, in the order they are served (a served lane moves to the back). */
  private readonly lanes = new Map<string, Waiter[]>();
  private nextStartAt = 0;
  private pausedUntil = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly spacingMs: number;

  constructor(
    readonly concurrency: number,
    callsPerMinute = 0,
    private readonly now: () => number = Date.now,
  ) {
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('concurrency must be at least 1');
    this.spacingMs = callsPerMinute > 0 ? 60_000 / callsPerMinute : 0;
  }

  /** Runs `call` once a slot of `lane` is granted; the slot is held until it settles. */
  async run<T>(lane: string, signal: AbortSignal, call: () => Promise<T>): Promise<T> {
    const release = await this.acquire(lane, signal);
    try {
      return await call();
    } finally {
      release();
    }
  }

  /** No call starts for `ms` (a 429's Retry-After); calls in flight go on. */
  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.now() + ms);
  }

  /** Calls in flight now (tests and the bench read it). */
  get active(): number {
    return this.inFlight;
  }

  private acquire(lane: string, signal: AbortSignal): Promise<() => void> {
    if (signal.aborted) return Promise.reject(abortReason(signal));
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const queue = this.lanes.get(lane);
        const index = queue?.indexOf(waiter) ?? -1;
        if (queue && index >= 0) {
          queue.splice(index, 1);
          if (queue.length === 0) this.lanes.delete(lane);
        }
        reject(abortReason(signal));
      };
      const waiter: Waiter = {
        grant: () => {
          signal.removeEventListener('abort', onAbort);
          let released = false;
          resolve(() => {
            if (released) return;
            released = true;
            this.inFlight -= 1;
            this.pump();
          });
        },
      };
      signal.addEventListener('abort', onAbort, { once: true });
      const queue = this.lanes.get(lane);
      if (queue) queue.push(waiter);
      else this.lanes.set(lane, [waiter]);
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.concurrency && this.lanes.size > 0) {
      const wait = Math.max(this.pausedUntil, this.nextStartAt) - this.now();
      if (wait > 0) {
        this.timer ??= setTimeout(() => {
          this.timer = undefined;
          this.pump();
        }, wait);
        return;
      }
      const [lane, queue] = this.lanes.entries().next().value as [string, Waiter[]];
      const waiter = queue.shift() as Waiter;
      this.lanes.delete(lane);
      if (queue.length > 0) this.lanes.set(lane, queue);
      this.inFlight += 1;
      this.nextStartAt = this.now() + this.spacingMs;
      waiter.grant();
    }
  }
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason instanceof Error ? signal.reason : new ProviderError('aborted');
}
