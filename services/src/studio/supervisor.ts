import { type GenerationKind, type GenerationRequest, generationStream } from '@studio/events';
import type { Platform } from '../platform/module';
import { generationDecider } from './generation';
import type { GenerationDoc } from './generations-projection';
import { GENERATIONS } from './generations-projection';
import { JOBS_TOPIC, type JobMessage } from './jobs';

export interface SupervisorDeps
  extends Pick<Platform, 'commands' | 'readStore' | 'bus' | 'clock' | 'logger'> {
  /** A job never claimed within this long is failed (refunded). */
  generationTimeoutMs: number;
}

/**
 * Watches jobs from the read model: a job past its deadline (its worker died) or never claimed
 * within the timeout is failed as timed out, which refunds it. At start, queued jobs are
 * published again, because the in-process bus does not outlive a restart (workers skip
 * duplicates).
 */
export class GenerationSupervisor {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly runtime: SupervisorDeps,
    private readonly intervalMs = 30_000,
  ) {}

  async start(): Promise<void> {
    await this.redriveQueued();
    this.timer = setInterval(() => {
      this.sweep().catch((error) => this.runtime.logger.error({ err: error }, 'generation sweep failed'));
    }, this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  async redriveQueued(): Promise<number> {
    const queued = await this.generations().find({ status: { $in: ['requested', 'outline-chosen'] } });
    for (const doc of queued) {
      const job: JobMessage = {
        generationId: doc._id,
        userId: doc.userId,
        kind: doc.kind as GenerationKind,
        phase: doc.status === 'outline-chosen' ? 'book' : 'main',
        // The read model keeps what GenerationRequested carried: the kind and its input.
        ...(doc.status === 'requested'
          ? { request: { kind: doc.kind, input: doc.input } as unknown as GenerationRequest }
          : {}),
        correlationId: doc._id,
      };
      await this.runtime.bus.publish(JOBS_TOPIC, [{ key: doc._id, value: job }]);
    }
    return queued.length;
  }

  /** Fails every job whose time is up; returns how many. */
  async sweep(): Promise<number> {
    const now = this.runtime.clock.now();
    const nowIso = now.toISOString();
    const unclaimedBefore = new Date(now.getTime() - this.runtime.generationTimeoutMs).toISOString();
    const late = [
      ...(await this.generations().find({
        status: { $in: ['running', 'book-running'] },
        deadline: { $lt: nowIso },
      })),
      ...(await this.generations().find({
        status: { $in: ['requested', 'outline-chosen'] },
        updatedAt: { $lt: unclaimedBefore },
      })),
    ];
    for (const doc of late) {
      await this.runtime.commands.handle(
        generationStream(doc._id),
        generationDecider,
        {
          type: 'FailJob',
          generationId: doc._id,
          userId: doc.userId,
          kind: doc.kind as GenerationKind,
          reason: 'The generation took too long and was stopped. Your credits have been refunded.',
          code: 'TIMEOUT',
        },
        { at: nowIso, correlationId: doc._id, causationId: 'supervisor', userId: doc.userId },
      );
    }
    return late.length;
  }

  private generations() {
    return this.runtime.readStore.collection<GenerationDoc>(GENERATIONS);
  }
}
