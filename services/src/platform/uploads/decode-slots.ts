import { UPLOAD_MESSAGES } from '@studio/events/rules';
import { DomainError } from '../errors';

/**
 * At most `perOwner` image decodes at once for one account; one more is a 429 at once rather than
 * a queue, so a client firing uploads in parallel cannot keep every core busy for everyone else.
 */
export class DecodeSlots {
  private readonly running = new Map<string, number>();

  constructor(private readonly perOwner: number) {}

  async run<T>(owner: string, work: () => Promise<T>): Promise<T> {
    const busy = this.running.get(owner) ?? 0;
    if (busy >= this.perOwner) throw new DomainError('RATE_LIMITED', UPLOAD_MESSAGES.busy);
    this.running.set(owner, busy + 1);
    try {
      return await work();
    } finally {
      const left = (this.running.get(owner) ?? 1) - 1;
      if (left > 0) this.running.set(owner, left);
      else this.running.delete(owner);
    }
  }
}
