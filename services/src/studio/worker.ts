import {
  type ArtifactRef,
  type GenerationInputs,
  type GenerationKind,
  type GenerationPhase,
  generationStream,
  type Tier,
} from '@studio/events';
import type { BlobStore } from '../platform/blobs/port';
import type { DeliveredMessage } from '../platform/bus/port';
import type { Clock } from '../platform/clock';
import type { CommandContext, CommandHandler } from '../platform/command-handler';
import type { Logger } from '../platform/logging';
import { CallGate, DEFAULT_AI_CONCURRENCY } from './ai/call-gate';
import { gatedProvider } from './ai/gated-provider';
import type { AiProvider } from './ai/provider';
import { artifactBlobId } from './artifacts';
import { type GenerationState, generationDecider, partKey, type RecordedPart } from './generation';
import type {
  Generator,
  GeneratorJob,
  GeneratorOutput,
  GeneratorTools,
  PartLedger,
} from './generators/generator';
import { jobTimeoutMs } from './job-timeout';
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
}

/** A dead worker's job is released within about this long plus one supervisor sweep. */
export const JOB_LEASE_MS = 45_000;

export class JobTimeoutError extends Error {
  override name = 'JobTimeoutError';
}

export type WorkerTools = { [K in GenerationKind]?: { generator?: Generator<K> } };

/** Runs the request's own generator with its typed input (the kind decides the input's shape). */
function generate<K extends GenerationKind>(
  tools: WorkerTools,
  request: { kind: K; input: GenerationInputs[K]; tier?: Tier; author?: string; requestedAt?: string },
  job: {
    generationId: string;
    phase: GenerationPhase;
    outline?: string;
    rebuild?: GeneratorJob<K>['rebuild'];
  },
  generatorTools: GeneratorTools,
): Promise<GeneratorOutput> {
  const generator = tools[request.kind]?.generator;
  if (!generator) throw new Error(`The ${request.kind} generator is not available yet`);
  // Never a second (paid) generation in place of a rebuild.
  if (job.phase === 'rebuild' && !job.rebuild) throw new Error('the book has no stored text to typeset');
  const { kind, input, tier, author, requestedAt } = request;
  return generator(
    {
      ...job,
      kind,
      input,
      ...(tier ? { tier } : {}),
      ...(author ? { author } : {}),
      ...(requestedAt ? { requestedAt } : {}),
    },
    generatorTools,
  );
}

/**
 * Handles one job message. Claiming the job is an append to `generation-{id}` that only the
 * first delivery wins, so a duplicate or late message is skipped; a failure or timeout is
 * recorded once and the refund process manager gives the credits back.
 */
export function createJobHandler(deps: WorkerDeps): JobHandler {
  const gate = deps.gate ?? new CallGate(DEFAULT_AI_CONCURRENCY);
  /** Running attempts by generation id: what a shutdown hands back. */
  const running = new Map<string, () => Promise<void>>();
  let stopping = false;

  const handle = async (message: DeliveredMessage<JobMessage>): Promise<void> => {
    const job = message.value;
    // Shutting down: claim nothing new (a queued job is published again when workers start).
    if (stopping) return;
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
      return;
    }
    const leaseMs = deps.leaseMs ?? JOB_LEASE_MS;
    const leaseFromNow = () => new Date(deps.clock.now().getTime() + leaseMs).toISOString();
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
        leaseExpiresAt: leaseFromNow(),
      },
      context(),
    );
    if (claim.events.length === 0) {
      deps.logger.info({ generationId: job.generationId, phase: job.phase }, 'job already claimed; skipped');
      return;
    }

    const controller = new AbortController();
    // Heartbeats keep the lease; once it is lost (the supervisor released the job to another
    // attempt), this attempt is abandoned without recording anything.
    let leaseLost = false;
    let handedBack = false;
    let abandon: () => void = () => {};
    const abandoned = new Promise<never>((_, reject) => {
      // Rejects with the abort's reason: the catch below knows from the flags why it was abandoned.
      abandon = () => reject(controller.signal.reason);
    });
    abandoned.catch(() => {});
    const heartbeat = setInterval(
      () => {
        deps.commands
          .handle(
            stream,
            generationDecider,
            {
              type: 'Heartbeat',
              generationId: job.generationId,
              workerId: deps.workerId,
              leaseExpiresAt: leaseFromNow(),
            },
            context(),
          )
          .then(({ events }) => {
            if (events.length > 0 || leaseLost) return;
            leaseLost = true;
            controller.abort();
            abandon();
          })
          .catch((error: unknown) =>
            deps.logger.warn({ err: error, generationId: job.generationId }, 'heartbeat failed'),
          );
      },
      Math.max(10, Math.floor(leaseMs / 3)),
    );
    running.set(job.generationId, async () => {
      handedBack = true;
      controller.abort();
      abandon();
      await deps.commands.handle(
        stream,
        generationDecider,
        { type: 'ReleaseJob', generationId: job.generationId, workerId: deps.workerId },
        context(),
      );
    });
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new JobTimeoutError(`Generation timed out after ${Math.round(timeoutMs / 1000)} s`));
      }, timeoutMs);
    });
    // The job's own appends (progress, parts) go one at a time: parts finish side by side.
    let appends: Promise<unknown> = Promise.resolve();
    const inTurn = <T>(append: () => Promise<T>): Promise<T> => {
      const next = appends.then(append, append);
      appends = next.catch(() => {});
      return next;
    };
    const parts = partLedger(deps, state, job.phase, job.generationId, (part, value) =>
      inTurn(() =>
        deps.commands.handle(
          stream,
          generationDecider,
          { type: 'RecordPart', generationId: job.generationId, phase: job.phase, part, ...value },
          context(),
        ),
      ),
    );
    try {
      // Only the book phase has a chosen outline (it is chosen after the main phase ends).
      const outline = state.outlineIndex === undefined ? undefined : state.outlines?.[state.outlineIndex];
      // A rebuild typesets the edited text again; the book's pictures are read from its files.
      const rebuild =
        job.phase === 'rebuild' && state.edition
          ? { edition: state.edition, artifacts: state.artifacts ?? [] }
          : undefined;
      const output: GeneratorOutput = await Promise.race([
        generate(
          deps.tools,
          request,
          {
            generationId: job.generationId,
            phase: job.phase,
            ...(outline ? { outline } : {}),
            ...(rebuild ? { rebuild } : {}),
          },
          {
            ai: gatedProvider(deps.ai, gate, job.generationId),
            signal: controller.signal,
            progress: async (progress, step) => {
              await inTurn(() =>
                deps.commands.handle(
                  stream,
                  generationDecider,
                  { type: 'ReportProgress', generationId: job.generationId, progress, step },
                  context(),
                ),
              );
            },
            parts,
            readBlob: async (blobId) => {
              const blob = await deps.blobs.get(blobId);
              if (!blob) throw new Error(`Input file ${blobId} is missing`);
              return blob.data;
            },
          },
        ),
        timedOut,
        abandoned,
      ]);
      if (output.outlines) {
        await deps.commands.handle(
          stream,
          generationDecider,
          { type: 'RecordOutlines', generationId: job.generationId, outlines: output.outlines },
          context(),
        );
        return;
      }
      // Rebuilt files get new names (`gen-{id}-r2-pdf.pdf`): the old ones stay whole until the
      // rebuild completes, and no browser serves a cached copy of the previous edition.
      const revision = job.phase === 'rebuild' && state.revision ? `r${state.revision}-` : '';
      const artifacts: ArtifactRef[] = [];
      for (const file of output.files) {
        const info = await deps.blobs.put(
          artifactBlobId(job.generationId, `${revision}${file.role}`, file.extension),
          file.data,
          file.contentType,
        );
        artifacts.push({ blobId: info.id, contentType: info.contentType, role: file.role, bytes: info.size });
      }
      const rebuilt = new Set(artifacts.map((a) => a.role));
      const kept = rebuild ? rebuild.artifacts.filter((a) => !rebuilt.has(a.role)) : [];
      await deps.commands.handle(
        stream,
        generationDecider,
        {
          type: 'CompleteJob',
          generationId: job.generationId,
          artifacts: [...kept, ...artifacts],
          // The decider leaves out what the generator did not give.
          title: output.title,
          result: rebuild ? { ...state.result, ...output.result } : output.result,
        },
        context(),
      );
    } catch (error) {
      if (leaseLost || handedBack) {
        deps.logger.warn(
          { generationId: job.generationId },
          handedBack ? 'job handed back at shutdown' : 'job lease lost; attempt abandoned',
        );
        return;
      }
      const timeout = error instanceof JobTimeoutError;
      deps.logger.warn(
        { err: error, generationId: job.generationId },
        timeout ? 'job timed out' : 'job failed',
      );
      await deps.commands.handle(
        stream,
        generationDecider,
        {
          type: 'FailJob',
          generationId: job.generationId,
          userId: job.userId,
          kind: job.kind,
          reason: error instanceof Error ? error.message : String(error),
          code: timeout ? 'TIMEOUT' : 'PROVIDER_ERROR',
        },
        context(),
      );
    } finally {
      clearTimeout(timer);
      clearInterval(heartbeat);
      running.delete(job.generationId);
    }
  };

  return Object.assign(handle, {
    async releaseRunning(): Promise<void> {
      stopping = true;
      await Promise.all([...running.values()].map((release) => release()));
    },
  });
}

/**
 * The parts an attempt resumes from (those recorded for its phase when it was claimed) and records
 * as it makes them: a text part's value in the event, a picture as a blob the event names.
 */
function partLedger(
  deps: Pick<WorkerDeps, 'blobs'>,
  state: GenerationState,
  phase: GenerationPhase,
  generationId: string,
  record: (part: string, value: RecordedPart) => Promise<unknown>,
): PartLedger {
  const made = new Map<string, RecordedPart>();
  const recorded = (part: string) => made.get(part) ?? state.parts?.[partKey(phase, part)];
  const keep = async (part: string, value: RecordedPart) => {
    await record(part, value);
    made.set(part, value);
  };
  return {
    async text<T>(part: string, make: () => Promise<T>): Promise<T> {
      const done = recorded(part);
      if (done?.text !== undefined) return done.text as T;
      const text = await make();
      await keep(part, { text });
      return text;
    },
    async picture(part: string, make: () => Promise<Buffer>): Promise<Buffer> {
      const done = recorded(part)?.blobId;
      const kept = done ? await deps.blobs.get(done) : undefined;
      if (kept) return kept.data;
      const data = await make();
      const blob = await deps.blobs.put(
        artifactBlobId(generationId, `part-${phase}-${part}`, 'png'),
        data,
        'image/png',
      );
      await keep(part, { blobId: blob.id });
      return data;
    },
  };
}

/** The bus handler of the workers, plus the graceful half of a shutdown. */
export type JobHandler = ((message: DeliveredMessage<JobMessage>) => Promise<void>) & {
  /**
   * Claims nothing more and hands every running attempt back to the queue (GenerationReleased,
   * reason 'shutdown'), so another worker — or this one after a restart — runs it at once.
   */
  releaseRunning(): Promise<void>;
};
