import { UPLOAD_MESSAGES } from '@studio/events/rules';
import { DomainError } from '../errors';

/** How long a refused upload waits before trying again when the whole process is busy. */
const BUSY_RETRY_SECONDS = 5;

/**
 * The budget of image work (decoding, re-encoding, the variants an upload is cut into):
 * - per account, `perOwner` uploads at once; one more is a 429 at once rather than a queue, so a
 *   client firing uploads in parallel cannot keep every core busy for everyone else;
 * - per process, `inProcess` at once, the others waiting their turn in order (at most
 *   `waiting` of them, then 429 too). sharp's work runs on libuv's thread pool (4 threads), which
 *   password hashing and file reads share: heavy uploads of many free accounts used to fill it,
 *   and sign-ins waited seconds behind them.
 */
export class DecodeSlots {
  private readonly running = new Map<string, number>();
  private active = 0;
  private readonly queue: Array<() => void> = [];

  constructor(
    private readonly perOwner: number,
    private readonly inProcess = Number.POSITIVE_INFINITY,
    private readonly waiting = 32,
  ) {}

  async run<T>(owner: string, work: () => Promise<T>): Promise<T> {
    const busy = this.running.get(owner) ?? 0;
    if (busy >= this.perOwner) throw new DomainError('RATE_LIMITED', UPLOAD_MESSAGES.busy);
    if (this.active >= this.inProcess && this.queue.length >= this.waiting)
      throw new DomainError('RATE_LIMITED', UPLOAD_MESSAGES.serverBusy, { retryAfter: BUSY_RETRY_SECONDS });
    this.running.set(owner, busy + 1);
    try {
      await this.turn();
      try {
        return await work();
      } finally {
        this.active -= 1;
        this.queue.shift()?.();
      }
    } finally {
      const left = (this.running.get(owner) ?? 1) - 1;
      if (left > 0) this.running.set(owner, left);
      else this.running.delete(owner);
    }
  }

  /** Resolves when this work may start; it then counts as active. */
  private turn(): Promise<void> {
    if (this.active < this.inProcess) {
      this.active += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) =>
      this.queue.push(() => {
        this.active += 1;
        resolve();
      }),
    );
  }
}
