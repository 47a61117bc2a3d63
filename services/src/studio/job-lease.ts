import { type GenerationRequest, generationStream } from '@studio/events';
import type { DeliveredMessage } from '../platform/bus/port';
import type { CommandContext } from '../platform/command-handler';
import { generationDecider } from './generation';
import type { GenerationState } from './job/state';
import { jobTimeoutMs } from './job-timeout';
import type { JobMessage } from './jobs';
import type { WorkerDeps } from './worker-deps';

/** A dead worker's job is released within about this long plus one supervisor sweep. */
const JOB_LEASE_MS = 45_000;

/** A job this worker won the claim of: what its attempt and its outcome work from. */
export interface ClaimedJob {
  job: JobMessage;
  stream: string;
  /** The generation's state when it was claimed (parts recorded, chosen outline, edition). */
  state: GenerationState;
  request: GenerationRequest;
  timeoutMs: number;
  /** Metadata of every append the attempt makes, stamped with the time of the append. */
  context(): CommandContext;
}

/**
 * Claims the job with an append to `generation-{id}` that only the first delivery wins: undefined
 * when this delivery lost (a duplicate or late message) or the job's input is nowhere to be found.
 */
export async function claimJob(
  deps: WorkerDeps,
  message: DeliveredMessage<JobMessage>,
): Promise<ClaimedJob | undefined> {
  const job = message.value;
  const stream = generationStream(job.generationId);
  const context = (): CommandContext => ({
    at: deps.clock.now().toISOString(),
    correlationId: job.correlationId,
    causationId: message.headers?.eventId ?? job.generationId,
    userId: job.userId,
  });
  const { state } = await deps.commands.load(stream, generationDecider);
  // The one source of the input, for every phase and attempt: the generation stream.
  const { request } = state;
  if (!request) {
    deps.logger.error({ generationId: job.generationId }, 'job without input; skipped');
    return undefined;
  }
  const timeoutMs = jobTimeoutMs(deps.timeoutMs, request, job.phase);
  const deadline = new Date(deps.clock.now().getTime() + timeoutMs).toISOString();
  const claim = await deps.commands.handle(
    stream,
    generationDecider,
    {
      type: 'ClaimJob',
      phase: job.phase,
      generationId: job.generationId,
      userId: job.userId,
      workerId: deps.workerId,
      deadline,
      leaseExpiresAt: leaseFromNow(deps),
    },
    context(),
  );
  if (claim.events.length === 0) {
    deps.logger.info({ generationId: job.generationId, phase: job.phase }, 'job already claimed; skipped');
    return undefined;
  }
  return { job, stream, state, request, timeoutMs, context };
}

const leaseFromNow = (deps: WorkerDeps) =>
  new Date(deps.clock.now().getTime() + (deps.leaseMs ?? JOB_LEASE_MS)).toISOString();

/**
 * The lease of a claimed job while its attempt runs: a heartbeat every third of the lease keeps
 * it. Once a heartbeat is refused (the supervisor released the job to another attempt) or the job
 * is handed back at shutdown, the attempt is aborted and `abandoned` rejects; the outcome then
 * records nothing.
 */
export class JobLease {
  /** Aborted when the attempt must stop: lease lost, handed back, or timed out. */
  readonly controller = new AbortController();
  /** Rejects (with the abort's reason) once the lease is lost or the job handed back. */
  readonly abandoned: Promise<never>;
  private lostLease = false;
  private handed = false;
  private abandon: () => void = () => {};
  private readonly heartbeat: NodeJS.Timeout;
  private generating: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: WorkerDeps,
    private readonly claimed: ClaimedJob,
  ) {
    this.abandoned = new Promise<never>((_, reject) => {
      this.abandon = () => reject(this.controller.signal.reason);
    });
    this.abandoned.catch(() => {});
    const leaseMs = deps.leaseMs ?? JOB_LEASE_MS;
    this.heartbeat = setInterval(() => this.beat(), Math.max(10, Math.floor(leaseMs / 3)));
  }

  /** The lease was taken away: this attempt is no longer the job's. */
  get lost(): boolean {
    return this.lostLease;
  }

  get handedBack(): boolean {
    return this.handed;
  }

  /** The attempt's generator, which goes on after an abort until it next looks at the signal. */
  follow(generator: Promise<unknown>): void {
    this.generating = generator.then(
      () => {},
      () => {},
    );
  }

  /** Settles once the generator followed has ended, one way or another. */
  get generatorEnded(): Promise<void> {
    return this.generating;
  }

  /** Shutdown: aborts the attempt and puts the job back in the queue (uses up no attempt). */
  async handBack(): Promise<void> {
    const { deps, claimed } = this;
    this.handed = true;
    this.controller.abort();
    this.abandon();
    await deps.commands.handle(
      claimed.stream,
      generationDecider,
      { type: 'ReleaseJob', generationId: claimed.job.generationId, workerId: deps.workerId },
      claimed.context(),
    );
  }

  /** Stops the heartbeats: the attempt has ended, one way or another. */
  end(): void {
    clearInterval(this.heartbeat);
  }

  private beat(): void {
    const { deps, claimed } = this;
    deps.commands
      .handle(
        claimed.stream,
        generationDecider,
        {
          type: 'Heartbeat',
          generationId: claimed.job.generationId,
          workerId: deps.workerId,
          leaseExpiresAt: leaseFromNow(deps),
        },
        claimed.context(),
      )
      .then(({ events }) => {
        if (events.length > 0 || this.lostLease) return;
        this.lostLease = true;
        this.controller.abort();
        this.abandon();
      })
      .catch((error: unknown) =>
        deps.logger.warn({ err: error, generationId: claimed.job.generationId }, 'heartbeat failed'),
      );
  }
}
