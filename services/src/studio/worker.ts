import type { DeliveredMessage } from '../platform/bus/port';
import { CallGate, DEFAULT_AI_CONCURRENCY } from './ai/call-gate';
import { DEFAULT_PRICES } from './ai/prices';
import { UsageMeter } from './ai/usage-meter';
import { runAttempt } from './job-attempt';
import { claimJob, JobLease } from './job-lease';
import { recordFailure, recordOutput } from './job-outcome';
import type { JobMessage } from './jobs';
import type { WorkerDeps } from './worker-deps';

/** How long a shutdown waits for handed-back generators to stop. */
const SHUTDOWN_GRACE_MS = 5_000;

/**
 * Handles one job message in three parts: the lease (claim it, keep it by heartbeats, notice when
 * it is lost or handed back: `job-lease.ts`), the attempt (the generator against the job's
 * timeout: `job-attempt.ts`) and the outcome (the completion, or the failure recorded once, which
 * the refund process manager refunds: `job-outcome.ts`).
 */
export function createJobHandler(deps: WorkerDeps): JobHandler {
  const gate = deps.gate ?? new CallGate(DEFAULT_AI_CONCURRENCY);
  /** Running attempts' leases by generation id: what a shutdown hands back. */
  const running = new Map<string, JobLease>();
  let stopping = false;

  const handle = async (message: DeliveredMessage<JobMessage>): Promise<void> => {
    // Shutting down: claim nothing new, and leave the message unacknowledged (a broker hands it to
    // another worker; the in-process bus's queued jobs are published again when workers start).
    if (stopping) throw new Error('This worker is stopping: the job is left on the bus');
    const claimed = await claimJob(deps, message);
    if (!claimed) return;
    const lease = new JobLease(deps, claimed);
    const { generationId } = claimed.job;
    running.set(generationId, lease);
    const meter = new UsageMeter(deps.prices ?? DEFAULT_PRICES, (model) =>
      deps.logger.warn({ model }, 'AI model without a price (AI_PRICES): its calls are counted at $0'),
    );
    try {
      await recordOutput(deps, claimed, await runAttempt(deps, gate, claimed, lease, meter), meter);
    } catch (error) {
      await recordFailure(deps, claimed, lease, error, meter);
    } finally {
      lease.end();
      running.delete(generationId);
    }
  };

  return Object.assign(handle, {
    async releaseRunning(): Promise<void> {
      stopping = true;
      const leases = [...running.values()];
      await Promise.all(leases.map((lease) => lease.handBack()));
      // A generator stops at its next look at the signal: the step it is in (a picture, a file)
      // may finish first. Waited for, within the grace, so that nothing writes once the stores
      // close; one that never looks is left behind.
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(leases.map((lease) => lease.generatorEnded)),
        new Promise((resolve) => {
          grace = setTimeout(resolve, deps.shutdownGraceMs ?? SHUTDOWN_GRACE_MS);
        }),
      ]);
      clearTimeout(grace);
    },
  });
}

/** The bus handler of the workers, plus the graceful half of a shutdown. */
export type JobHandler = ((message: DeliveredMessage<JobMessage>) => Promise<void>) & {
  /**
   * Claims nothing more and hands every running attempt back to the queue (GenerationReleased,
   * reason 'shutdown'), so another worker — or this one after a restart — runs it at once; then
   * waits for their generators to stop (at most `shutdownGraceMs`).
   */
  releaseRunning(): Promise<void>;
};
