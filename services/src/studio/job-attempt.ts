import type { BookBrief, GenerationInputs, GenerationKind, GenerationPhase, Tier } from '@studio/events';
import type { CallGate } from './ai/call-gate';
import { gatedProvider } from './ai/gated-provider';
import type { UsageMeter } from './ai/usage-meter';
import { artifactBlobId } from './artifacts';
import { generationDecider } from './generation';
import type { GeneratorJob, GeneratorOutput, GeneratorTools, PartLedger } from './generators/generator';
import { type GenerationState, partKey, type RecordedPart } from './job/state';
import type { ClaimedJob, JobLease } from './job-lease';
import type { WorkerDeps, WorkerTools } from './worker-deps';

export class JobTimeoutError extends Error {
  override name = 'JobTimeoutError';
}

/** A rebuild typesets the edited text again; the book's pictures are read from its files. */
export function rebuildOf({ job, state }: ClaimedJob) {
  return job.phase === 'rebuild' && state.edition
    ? { edition: state.edition, artifacts: state.artifacts ?? [] }
    : undefined;
}

/**
 * Runs the job's generator until it gives its output, the job's timeout passes (JobTimeoutError),
 * or the lease is lost or handed back (`lease.abandoned`). The attempt's appends (progress, parts)
 * go one at a time, as parts finish side by side.
 */
export async function runAttempt(
  deps: WorkerDeps,
  gate: CallGate,
  claimed: ClaimedJob,
  lease: JobLease,
  meter: UsageMeter,
): Promise<GeneratorOutput> {
  const { job, state, stream, context, timeoutMs } = claimed;
  const { controller } = lease;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new JobTimeoutError(`Generation timed out after ${Math.round(timeoutMs / 1000)} s`));
    }, timeoutMs);
  });
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
        {
          type: 'RecordPart',
          generationId: job.generationId,
          phase: job.phase,
          part,
          ...value,
          usage: meter.take(),
        },
        context(),
      ),
    ),
  );
  // Only the book phase has a chosen outline (it is chosen after the main phase ends).
  const outline = state.outlineIndex === undefined ? undefined : state.outlines?.[state.outlineIndex];
  const rebuild = rebuildOf(claimed);
  try {
    const generating = generate(
      deps.tools,
      claimed.request,
      {
        generationId: job.generationId,
        phase: job.phase,
        ...(outline ? { outline } : {}),
        ...(state.outlineRounds ? { outlineRound: state.outlineRounds } : {}),
        ...(state.brief ? { brief: state.brief } : {}),
        ...(rebuild ? { rebuild } : {}),
      },
      {
        ai: gatedProvider(deps.ai, gate, job.generationId, meter.report),
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
        parallelCalls: gate.concurrency,
        readBlob: async (blobId) => {
          const blob = await deps.blobs.get(blobId);
          if (!blob) throw new Error(`Input file ${blobId} is missing`);
          return blob.data;
        },
      },
    );
    lease.follow(generating);
    return await Promise.race([generating, timedOut, lease.abandoned]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs the request's own generator with its typed input (the kind decides the input's shape). */
function generate<K extends GenerationKind>(
  tools: WorkerTools,
  request: { kind: K; input: GenerationInputs[K]; tier?: Tier; author?: string; requestedAt?: string },
  job: {
    generationId: string;
    phase: GenerationPhase;
    outline?: string;
    outlineRound?: number;
    brief?: BookBrief;
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
