import {
  type AiUsage,
  type GenerationEvent,
  type GenerationFailureCode,
  type GenerationRequested,
  type GenerationStatus,
  QUEUED_FOR,
  statusAfter,
  type Tier,
} from '@studio/events';
import { assertNever } from '../platform/decider';
import type { WriteOp } from '../platform/readstore/port';
import { defineProjection } from '../platform/runners/projector';

export const GENERATIONS = 'generations';

export interface GenerationDoc {
  _id: string;
  userId: string;
  kind: string;
  input: Record<string, unknown>;
  cost: number;
  /** What the owner paid for the latest round of a continued job (what its failure refunds). */
  roundCost?: number;
  /** The plan the request was made on (decides whether a book has an EPUB). */
  tier?: Tier;
  /** The author and time recorded with the request (a book's author and copyright year). */
  author?: string;
  requestedAt?: string;
  /** The job's life in the shared vocabulary; the galleries translate it to the spec's labels. */
  status: GenerationStatus;
  progress: number;
  step: string;
  createdAt: string;
  updatedAt: string;
  deadline?: string;
  /** The running worker's lease: the supervisor releases the job once it has passed. */
  leaseExpiresAt?: string;
  title?: string;
  artifacts: Array<{ blobId: string; contentType: string; role: string; bytes: number }>;
  result?: Record<string, unknown>;
  outlines?: string[];
  outlineIndex?: number;
  /** The provider's or the system's own words for a failure (for the admin; users see failureMessage). */
  error?: string;
  /** Why the job failed, in the shared vocabulary (events' GenerationFailureCode). */
  failureCode?: GenerationFailureCode;
  /** What its provider calls used and cost, summed over every attempt (AiUsage). */
  ai?: { calls: number; costUsd: number; inputTokens: number; outputTokens: number; images: number };
  /** Why the last edit's rebuild failed ('' once a later edit is accepted); the book keeps its files. */
  rebuildError?: string;
  [key: string]: unknown;
}

// Module-level, not a closure per event: a rebuild calls this for every event in the log. `set`
// is each caller's own fresh object, so it takes updatedAt in place of a copy.
const update = (at: string, id: string, set: Record<string, unknown>, usage?: AiUsage[]): WriteOp[] => {
  set.updatedAt = at;
  const op: WriteOp = { op: 'update', collection: GENERATIONS, id, set };
  if (usage && usage.length > 0) op.inc = usageIncrements(usage);
  return [op];
};
/** Back in the queue for a worker (released, or a phase to start): no progress yet. */
const queuedAgain = (
  at: string,
  event: Extract<GenerationEvent, { type: 'GenerationReleased' | 'GenerationOutlineChosen' }>,
  set: Record<string, unknown> = {},
): WriteOp[] =>
  update(at, event.data.generationId, { status: statusAfter(event), ...set, progress: 0, step: 'Queued' });

/** An event's provider calls as increments of the generation's `ai` totals. */
function usageIncrements(usage: readonly AiUsage[]): Record<string, number> {
  const inc = { 'ai.calls': 0, 'ai.costUsd': 0, 'ai.inputTokens': 0, 'ai.outputTokens': 0, 'ai.images': 0 };
  for (const call of usage) {
    inc['ai.calls'] += 1;
    inc['ai.costUsd'] += call.costUsd;
    inc['ai.inputTokens'] += call.inputTokens;
    inc['ai.outputTokens'] += call.outputTokens;
    inc['ai.images'] += call.images;
  }
  return inc;
}

/** A generation's request (on the account stream) and every event of its own stream. */
const HANDLES = [
  'GenerationRequested',
  'GenerationStarted',
  'GenerationHeartbeat',
  'GenerationReleased',
  'GenerationProgressed',
  'GenerationPartRecorded',
  'GenerationOutlinesReady',
  'GenerationOutlineChosen',
  'GenerationOutlineEdited',
  'GenerationOutlinesRewriteRequested',
  'GenerationCompleted',
  'GenerationFailed',
  'GenerationResumed',
  'GenerationEdited',
  'GenerationRebuildFailed',
  'GenerationPartVersionRecorded',
  'GenerationPartRegenerationFailed',
  'GenerationPartVersionChosen',
] as const satisfies readonly (GenerationEvent | GenerationRequested)['type'][];

/** One document per generation, for the galleries, My Books and the job supervisor. */
export const generationsProjection = defineProjection({
  name: 'generations',
  collections: [GENERATIONS],
  handles: HANDLES,
  indexes: [
    { collection: GENERATIONS, fields: ['userId', 'kind'] },
    { collection: GENERATIONS, fields: ['status'] },
    // The admin's AI costs of a period.
    { collection: GENERATIONS, fields: ['createdAt'] },
  ],
  project(event): WriteOp[] {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'GenerationRequested': {
        const { generationId, userId, kind, input, cost, tier, author, requestedAt } = event.data;
        const doc: GenerationDoc = {
          _id: generationId,
          userId,
          kind,
          input: { ...input },
          cost,
          ...(tier ? { tier } : {}),
          ...(author ? { author } : {}),
          ...(requestedAt ? { requestedAt } : {}),
          status: statusAfter(event) ?? QUEUED_FOR.main,
          progress: 0,
          step: 'Queued',
          createdAt: at,
          updatedAt: at,
          artifacts: [],
        };
        return [{ op: 'put', collection: GENERATIONS, doc }];
      }
      case 'GenerationStarted':
        return update(at, event.data.generationId, {
          status: statusAfter(event),
          deadline: event.data.deadline,
          ...(event.data.leaseExpiresAt ? { leaseExpiresAt: event.data.leaseExpiresAt } : {}),
          step: 'Started',
        });
      case 'GenerationHeartbeat':
        return update(at, event.data.generationId, { leaseExpiresAt: event.data.leaseExpiresAt });
      case 'GenerationReleased':
        return queuedAgain(at, event);
      case 'GenerationProgressed':
        return update(at, event.data.generationId, { progress: event.data.progress, step: event.data.step });
      case 'GenerationPartRecorded':
        // Only what the part's calls cost: the part itself is the worker's, not the read model's.
        return event.data.usage?.length ? update(at, event.data.generationId, {}, event.data.usage) : [];
      case 'GenerationOutlinesReady':
        return update(
          at,
          event.data.generationId,
          {
            status: statusAfter(event),
            outlines: event.data.outlines,
            progress: 100,
            step: 'Outlines ready',
          },
          event.data.usage,
        );
      case 'GenerationOutlineChosen':
        return queuedAgain(at, event, { outlineIndex: event.data.outlineIndex });
      case 'GenerationOutlineEdited':
        return update(at, event.data.generationId, { outlines: event.data.outlines });
      case 'GenerationOutlinesRewriteRequested':
        return update(at, event.data.generationId, {
          status: statusAfter(event),
          outlines: [],
          progress: 0,
          step: 'Queued to write new outlines',
        });
      case 'GenerationCompleted':
        return update(
          at,
          event.data.generationId,
          {
            status: statusAfter(event),
            progress: 100,
            step: 'Done',
            artifacts: event.data.artifacts,
            ...(event.data.title !== undefined ? { title: event.data.title } : {}),
            ...(event.data.result !== undefined ? { result: event.data.result } : {}),
          },
          event.data.usage,
        );
      case 'GenerationFailed':
        return update(
          at,
          event.data.generationId,
          {
            status: statusAfter(event),
            step: 'Failed',
            error: event.data.reason,
            failureCode: event.data.code,
          },
          event.data.usage,
        );
      case 'GenerationResumed':
        return update(at, event.data.generationId, {
          status: statusAfter(event),
          progress: 0,
          step: 'Queued to continue',
          roundCost: event.data.cost,
        });
      case 'GenerationEdited':
        return update(at, event.data.generationId, {
          status: statusAfter(event),
          progress: 0,
          step: 'Queued to rebuild the files',
          rebuildError: '',
        });
      // A part of a finished book written again: only what its calls cost (its versions are the stream's).
      case 'GenerationPartVersionRecorded':
      case 'GenerationPartRegenerationFailed':
        return event.data.usage?.length ? update(at, event.data.generationId, {}, event.data.usage) : [];
      // A listing's field: My KDP Listings, its copy and export read the listing as it now is.
      case 'GenerationPartVersionChosen':
        return update(at, event.data.generationId, { result: event.data.result });
      case 'GenerationRebuildFailed':
        return update(at, event.data.generationId, {
          status: statusAfter(event),
          progress: 100,
          step: 'Done',
          rebuildError: event.data.reason,
        });
      default:
        return assertNever(event);
    }
  },
});
