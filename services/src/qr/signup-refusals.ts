import type { QrEvent, QrSignupRefusalReason } from '@studio/events';
import type { Clock } from '../platform/clock';
import type { EventStore } from '../platform/eventstore/port';
import { newEventId, newId } from '../platform/ids';
import type { Logger } from '../platform/logging';
import { appendActivity } from './commands';

/** How often the refusals of the last moments are written: one event per code and day at most this often. */
export const REFUSAL_FLUSH_MS = 1000;

/**
 * Counts refused signups so the owner can see them (analytics "Refused signups"), without letting
 * a flood of refusals become a flood of events: refusals are summed in memory per code, day and
 * reason and appended as one `QrSignupsRefused` per code and day every REFUSAL_FLUSH_MS. Only
 * refusals on live codes are noted (the caller checks), so random ids create no streams. A
 * graceful stop writes what is pending.
 */
export class SignupRefusals {
  private pending = new Map<string, Map<QrSignupRefusalReason, number>>();
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly deps: { eventStore: EventStore; logger: Logger; clock: Clock }) {}

  note(qrId: string, reason: QrSignupRefusalReason, at: Date): void {
    const key = `${qrId}\n${at.toISOString().slice(0, 10)}`;
    const counts = this.pending.get(key) ?? new Map<QrSignupRefusalReason, number>();
    this.pending.set(key, counts);
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
    this.timer ??= setTimeout(() => void this.flush(), REFUSAL_FLUSH_MS).unref();
  }

  /** Appends what was noted so far (and waits for an append already under way). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = new Map();
    this.flushing = this.flushing.then(() => this.append(batch));
    await this.flushing;
  }

  async stop(): Promise<void> {
    await this.flush();
  }

  private async append(batch: Map<string, Map<QrSignupRefusalReason, number>>): Promise<void> {
    for (const [key, counts] of batch) {
      const [qrId = '', day = ''] = key.split('\n');
      const event = {
        eventId: newEventId(),
        type: 'QrSignupsRefused',
        data: { qrId, day, refused: Object.fromEntries(counts) },
        metadata: {
          correlationId: newId(),
          causationId: 'signup-refusals',
          occurredAt: this.deps.clock.now().toISOString(),
          schemaVersion: 1,
        },
      } as QrEvent;
      try {
        await appendActivity(this.deps.eventStore, qrId, [event], { lazySync: true });
      } catch (error) {
        // Counting refusals must never fail a visitor's request; the loss is only a tally.
        this.deps.logger.warn({ err: error, qrId }, 'refused signups not recorded');
      }
    }
  }
}
