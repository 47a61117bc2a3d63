import type { ArtifactRef, GenerationFailureCode } from '@studio/events';
import { ProviderAccountError, ProviderError, ProviderRefusedError } from './ai/provider';
import type { UsageMeter } from './ai/usage-meter';
import { artifactBlobId } from './artifacts';
import { generationDecider } from './generation';
import type { GeneratorOutput } from './generators/generator';
import { JobTimeoutError, rebuildOf } from './job-attempt';
import { discardUnneeded, jobFilesOf } from './job-files';
import type { ClaimedJob, JobLease } from './job-lease';
import { PreflightError } from './preflight/preflight';
import type { WorkerDeps } from './worker-deps';

/**
 * Records what an attempt made: the outlines a book's main phase offers, or the files, stored
 * under the job's names, and the completion that lists them.
 */
export async function recordOutput(
  deps: WorkerDeps,
  claimed: ClaimedJob,
  output: GeneratorOutput,
  meter: UsageMeter,
): Promise<void> {
  const { job, state, stream, context } = claimed;
  if (output.outlines) {
    await deps.commands.handle(
      stream,
      generationDecider,
      {
        type: 'RecordOutlines',
        generationId: job.generationId,
        outlines: output.outlines,
        usage: meter.take(),
      },
      context(),
    );
    return;
  }
  // Rebuilt files get new names (`gen-{id}-r2-pdf.pdf`): the old ones stay whole until the
  // rebuild completes (then they are deleted), and no browser serves a cached copy of them.
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
  const rebuild = rebuildOf(claimed);
  const rebuilt = new Set(artifacts.map((a) => a.role));
  const kept = rebuild ? rebuild.artifacts.filter((a) => !rebuilt.has(a.role)) : [];
  const completed = await deps.commands.handle(
    stream,
    generationDecider,
    {
      type: 'CompleteJob',
      generationId: job.generationId,
      artifacts: [...kept, ...artifacts],
      // The decider leaves out what the generator did not give.
      title: output.title,
      result: rebuild ? { ...state.result, ...output.result } : output.result,
      usage: meter.take(),
    },
    context(),
  );
  deps.accountWatch?.served();
  // Once the new edition is in place (and only then: a completion refused here is another
  // attempt's), the previous edition's files and the parts kept for a resume go. A blob left
  // behind by a failure here is the sweeper's (`blob-sweeper.ts`).
  if (completed.events.length === 0) return;
  await discardUnneeded(deps.blobs, jobFilesOf(state), jobFilesOf(completed.state)).catch((error: unknown) =>
    deps.logger.warn(
      { err: error, generationId: job.generationId },
      'old files not deleted; the sweeper will',
    ),
  );
}

/**
 * An attempt that ended without its output. Abandoned (lease lost, handed back at shutdown): the
 * job is no longer this attempt's, so nothing is recorded. Otherwise the failure is recorded once,
 * with why (failureCode), and the refund process manager gives the credits back. A provider
 * account that cannot serve (quota, key, model) is the operator's to fix: logged as an error.
 */
export async function recordFailure(
  deps: WorkerDeps,
  claimed: ClaimedJob,
  lease: JobLease,
  error: unknown,
  meter: UsageMeter,
): Promise<void> {
  const { job, stream, context } = claimed;
  if (lease.lost || lease.handedBack) {
    deps.logger.warn(
      { generationId: job.generationId },
      lease.handedBack ? 'job handed back at shutdown' : 'job lease lost; attempt abandoned',
    );
    return;
  }
  const code = failureCode(error);
  const fields = { err: error, generationId: job.generationId, code };
  if (code === 'PROVIDER_ACCOUNT') {
    deps.logger.error(
      fields,
      'AI provider account cannot serve (quota, key or model): jobs fail until it is fixed',
    );
    deps.accountWatch?.failed(
      error instanceof Error ? error.message : String(error),
      deps.clock.now().toISOString(),
    );
  } else if (code === 'INTERNAL') deps.logger.error(fields, 'job failed');
  else deps.logger.warn(fields, code === 'TIMEOUT' ? 'job timed out' : 'job failed');
  await deps.commands.handle(
    stream,
    generationDecider,
    {
      type: 'FailJob',
      generationId: job.generationId,
      userId: job.userId,
      kind: job.kind,
      reason: error instanceof Error ? error.message : String(error),
      code,
      usage: meter.take(),
    },
    context(),
  );
}

/** Why an attempt failed, as its user is told (GenerationFailureCode). */
export function failureCode(error: unknown): GenerationFailureCode {
  if (error instanceof JobTimeoutError) return 'TIMEOUT';
  if (error instanceof ProviderRefusedError) return 'REFUSED';
  if (error instanceof ProviderAccountError) return 'PROVIDER_ACCOUNT';
  if (error instanceof ProviderError) return 'PROVIDER_ERROR';
  if (error instanceof PreflightError) return 'PRINT_QUALITY';
  return 'INTERNAL';
}
