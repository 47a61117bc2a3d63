import type { BlobStore } from '../platform/blobs/port';
import type { DeliveredMessage } from '../platform/bus/port';
import type { Clock } from '../platform/clock';
import type { CommandHandler } from '../platform/command-handler';
import type { Logger } from '../platform/logging';
import type { ProviderAccountWatch } from './ai/account-watch';
import { CallGate, DEFAULT_AI_CONCURRENCY } from './ai/call-gate';
import { DEFAULT_PRICES, type PriceTable } from './ai/prices';
import type { AiProvider } from './ai/provider';
import { UsageMeter } from './ai/usage-meter';
import { runAttempt, type WorkerTools } from './job-attempt';
import { claimJob, JobLease } from './job-lease';
import { recordFailure, recordOutput } from './job-outcome';
import type { JobMessage } from './jobs';

export interface WorkerDeps {
  commands: CommandHandler;
  blobs: BlobStore;
  ai: AiProvider;
  /** The process-wide limit on provider calls, shared by every job (AI_CONCURRENCY). */
  gate?: CallGate;
  /** The registry (or any part of it): each tool's generator. */
  tools: WorkerTools;
  clock: Clock;
  logger: Logger;
  /** GENERATION_TIMEOUT_MS: a job's timeout grows from it with the job's size (job-timeout.ts). */
  timeoutMs: number;
  workerId: string;
  /** How long a claim lasts without a heartbeat (the worker heartbeats every third of it). */
  leaseMs?: number;
  /** What provider calls cost (AI_PRICES over the defaults): each job's calls are priced with it. */
  prices?: PriceTable;
  /** Hears of jobs the provider account could not serve, and of jobs it did. */
  accountWatch?: ProviderAccountWatch;
}

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
      await Promise.all([...running.values()].map((lease) => lease.handBack()));
    },
  });
}

/** The bus handler of the workers, plus the graceful half of a shutdown. */
export type JobHandler = ((message: DeliveredMessage<JobMessage>) => Promise<void>) & {
  /**
   * Claims nothing more and hands every running attempt back to the queue (GenerationReleased,
   * reason 'shutdown'), so another worker — or this one after a restart — runs it at once.
   */
  releaseRunning(): Promise<void>;
};
