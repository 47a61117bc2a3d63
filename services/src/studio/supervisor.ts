import { type GenerationKind, generationStream, QUEUED_FOR, RUNNING_FOR } from '@studio/events';
import type { Platform } from '../platform/module';
import { type GenerationCommand, generationDecider } from './generation';
import type { GenerationDoc } from './generations-projection';
import { GENERATIONS } from './generations-projection';
import { type JobMessage, laneOf } from './jobs';

export interface SupervisorDeps
  extends Pick<Platform, 'commands' | 'readStore' | 'bus' | 'clock' | 'logger'> {
  /** A job never claimed within this long is failed (refunded). */
  generationTimeoutMs: number;
}
const QUEUED = Object.values(QUEUED_FOR);
const RUNNING = Object.values(RUNNING_FOR);

/** Attempts a job gets before an expired lease fails it (and refunds it). */
export const MAX_JOB_ATTEMPTS = 3;

/**
 * Watches jobs from the read model: a running job whose lease expired (its worker died or hung)
 * is released for another attempt, or failed as timed out after MAX_JOB_ATTEMPTS; a job past its
 * deadline or never claimed within the timeout is failed as timed out. Failing refunds. At start,
 * on the in-process bus only, queued jobs are published again, because its messages do not
 * outlive a restart (workers skip duplicates). The read model only nominates candidates: each decision is taken
 * on the generation's own stream, so a heartbeat the projection has not seen yet still counts.
 */
export class GenerationSupervisor {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly runtime: SupervisorDeps,
    private readonly intervalMs = 15_000,
    private readonly maxAttempts = MAX_JOB_ATTEMPTS,
  ) {}

  async start(): Promise<void> {
    // A broker's log redelivers every job not yet acknowledged; republishing there would only send
    // each queued job once more per worker started.
    if (!this.runtime.bus.keepsMessages) await this.redriveQueued();
    this.timer = setInterval(() => {
      this.sweep().catch((error) => this.runtime.logger.error({ err: error }, 'generation sweep failed'));
    }, this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  async redriveQueued(): Promise<number> {
    const queued = await this.generations().find({ status: { $in: QUEUED } });
    for (const doc of queued) {
      const job: JobMessage = {
        generationId: doc._id,
        userId: doc.userId,
        kind: doc.kind as GenerationKind,
        phase:
          doc.status === 'outline-chosen' ? 'book' : doc.status === 'rebuild-requested' ? 'rebuild' : 'main',
        correlationId: doc._id,
      };
      const { topic, key } = laneOf(job);
      await this.runtime.bus.publish(topic, [{ key, value: job }]);
    }
    return queued.length;
  }

  /** Releases or fails every job whose lease or time is up; returns how many were looked at. */
  async sweep(): Promise<number> {
    const now = this.runtime.clock.now();
    const nowIso = now.toISOString();
    const leaseExpired = await this.passed(RUNNING, 'leaseExpiresAt', nowIso);
    for (const doc of leaseExpired) {
      await this.decide(doc, nowIso, {
        type: 'ExpireLease',
        ...jobOf(doc),
        now: nowIso,
        maxAttempts: this.maxAttempts,
      });
    }
    const unclaimedBefore = new Date(now.getTime() - this.runtime.generationTimeoutMs).toISOString();
    const late = [
      ...(await this.passed(RUNNING, 'deadline', nowIso)),
      ...(await this.passed(QUEUED, 'updatedAt', unclaimedBefore)),
    ];
    for (const doc of late) {
      await this.decide(doc, nowIso, {
        type: 'FailJob',
        ...jobOf(doc),
        reason: 'The generation took too long and was stopped. Your credits have been refunded.',
        code: 'TIMEOUT',
      });
    }
    return leaseExpired.length + late.length;
  }

  /** The supervisor's command about the job `doc`, decided on the job's stream at `at`. */
  private decide(doc: GenerationDoc, at: string, command: GenerationCommand) {
    return this.runtime.commands.handle(generationStream(doc._id), generationDecider, command, {
      at,
      correlationId: doc._id,
      causationId: 'supervisor',
      userId: doc.userId,
    });
  }

  /** The jobs in one of `statuses` whose `field` (an ISO time) is before `iso`. */
  private passed(statuses: string[], field: 'leaseExpiresAt' | 'deadline' | 'updatedAt', iso: string) {
    return this.generations().find({ status: { $in: statuses }, [field]: { $lt: iso } });
  }

  private generations() {
    return this.runtime.readStore.collection<GenerationDoc>(GENERATIONS);
  }
}

/** Which job a read-model row is, as the generation's commands name it. */
const jobOf = (doc: GenerationDoc) => ({
  generationId: doc._id,
  userId: doc.userId,
  kind: doc.kind as GenerationKind,
});
