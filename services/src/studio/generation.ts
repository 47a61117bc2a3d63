import { isDeepStrictEqual } from 'node:util';
import type {
  AiUsage,
  ArtifactRef,
  BookBrief,
  BookEdits,
  GenerationCompleted,
  GenerationEvent,
  GenerationFailed,
  GenerationKind,
  GenerationPhase,
  GenerationRequest,
  GenerationStatus,
} from '@studio/events';
import { QUEUED_FOR, statusAfter } from '@studio/events';
import { BOOK_EDIT_MESSAGES, BOOK_REBUILDS_PER_DAY } from '@studio/events/rules';
import { assertNever, type Decider, type Emitted } from '../platform/decider';
import { DomainError } from '../platform/errors';
import { decideBriefEdit, type EditBrief } from './book-brief-edit';
import { applyEdits, type BookEdition, editionOf } from './book-edition';
import { decidePaidRewrite, type RewriteOutlinesPaid } from './outline-rewrite-price';
import { type OutlineChapter, parseOutline, renderOutline } from './writing/book-text';

/** The life of one job on `generation-{id}` (statuses: `GENERATION_STATUSES`). Every command is idempotent. */
export interface GenerationState {
  status: GenerationStatus;
  userId?: string;
  /** The job's input: the one source every phase and attempt reads (see `GenerationQueued`). */
  request?: GenerationRequest;
  deadline?: string;
  phase?: GenerationPhase;
  workerId?: string;
  leaseExpiresAt?: string;
  /** Attempts abandoned by an expired lease, for this job. */
  releases: number;
  outlines?: [string, string, string];
  outlineIndex?: 0 | 1 | 2;
  /** Gen 2.0: how many times the three outlines were written again (the first time is free). */
  outlineRounds?: number;
  /** Gen 2.0: the book brief as the author edited it before the book (else the request's). */
  brief?: BookBrief;
  /** A finished book's files and text results, which a rebuild keeps or replaces. */
  artifacts?: ArtifactRef[];
  result?: Record<string, unknown>;
  /** The text the files were last built from, and the text to build next (with pending edits). */
  builtEdition?: BookEdition;
  edition?: BookEdition;
  /** Edits recorded so far: the rebuilt files are named after it. */
  revision?: number;
  /** When the latest edits were recorded (the last BOOK_REBUILDS_PER_DAY): the free allowance. */
  editedAt?: readonly string[];
  /** Finished parts by `{phase}/{part}`: what another attempt of the phase need not make again. */
  parts?: Readonly<Record<string, RecordedPart>>;
}

/** A finished part as recorded: a text part's value, or a picture's blob. */
export interface RecordedPart {
  text?: unknown;
  blobId?: string;
}

export const partKey = (phase: GenerationPhase, part: string) => `${phase}/${part}`;

export type GenerationCommand =
  /** Opens the job's stream with the request the account recorded (GenerationRequested). */
  | { type: 'QueueJob'; generationId: string; userId: string; request: GenerationRequest }
  | {
      type: 'ClaimJob';
      phase: GenerationPhase;
      generationId: string;
      userId: string;
      workerId: string;
      deadline: string;
      leaseExpiresAt: string;
    }
  | { type: 'Heartbeat'; generationId: string; workerId: string; leaseExpiresAt: string }
  /** A worker shutting down hands its running job back to the queue. */
  | { type: 'ReleaseJob'; generationId: string; workerId: string }
  | {
      /** The supervisor's check of a running job's lease; `now` comes from its clock. */
      type: 'ExpireLease';
      generationId: string;
      userId: string;
      kind: GenerationKind;
      now: string;
      maxAttempts: number;
    }
  | { type: 'ReportProgress'; generationId: string; progress: number; step: string }
  | {
      type: 'RecordPart';
      generationId: string;
      phase: GenerationPhase;
      part: string;
      text?: unknown;
      blobId?: string;
      usage?: AiUsage[];
    }
  | { type: 'RecordOutlines'; generationId: string; outlines: [string, string, string]; usage?: AiUsage[] }
  | { type: 'ChooseOutline'; generationId: string; userId: string; outlineIndex: 0 | 1 | 2 }
  /** Gen 2.0: the author's own version of an outline, before the book is written from it. */
  | {
      type: 'EditOutline';
      generationId: string;
      userId: string;
      outlineIndex: 0 | 1 | 2;
      /** Absent: the book has no introduction. */
      introduction?: string;
      chapters: OutlineChapter[];
    }
  /** Gen 2.0: three new outlines in place of the ones offered. */
  | { type: 'RewriteOutlines'; generationId: string; userId: string }
  | RewriteOutlinesPaid
  | EditBrief
  /** The author edits a finished book; its files are rebuilt (free, within the allowance). `at`: now. */
  | { type: 'EditBook'; generationId: string; userId: string; edits: BookEdits; at: string }
  | {
      type: 'CompleteJob';
      generationId: string;
      title?: string;
      artifacts: ArtifactRef[];
      result?: Record<string, unknown>;
      usage?: AiUsage[];
    }
  | {
      type: 'FailJob';
      generationId: string;
      /** Known from the request, so that a job no worker ever claimed can still be failed. */
      userId: string;
      kind: GenerationKind;
      reason: string;
      code: GenerationFailed['data']['code'];
      usage?: AiUsage[];
    };

const FINISHED: GenerationStatus[] = ['completed', 'failed'];
const RUNNING: GenerationStatus[] = ['running', 'book-running', 'rebuilding'];
const REBUILDING: GenerationStatus[] = ['rebuild-requested', 'rebuilding'];

/** A rebuild that fails keeps the previous files: it is never a refund. */
const rebuildFailed = (
  command: { generationId: string; userId: string; kind: GenerationKind },
  reason: string,
): Emitted<GenerationEvent> => ({
  type: 'GenerationRebuildFailed',
  data: {
    generationId: command.generationId,
    userId: command.userId,
    kind: command.kind,
    reason: `Your changes could not be typeset (${reason}); the book keeps its previous files.`,
  },
});

/** Only the request's own fields (queued and started events carry them beside other data). */
function requestOf(data: GenerationRequest): GenerationRequest {
  const { kind, input, tier, author, requestedAt } = data;
  return {
    kind,
    input,
    ...(tier ? { tier } : {}),
    ...(author ? { author } : {}),
    ...(requestedAt ? { requestedAt } : {}),
  } as GenerationRequest;
}

export const generationDecider: Decider<GenerationCommand, GenerationEvent, GenerationState> = {
  initialState: { status: 'requested', releases: 0 },
  evolve: (state, event) => {
    // The shared vocabulary says which status each event brings.
    const status = statusAfter(event) ?? state.status;
    switch (event.type) {
      case 'GenerationQueued':
        return { ...state, status, userId: event.data.userId, request: requestOf(event.data) };
      case 'GenerationStarted':
        return {
          ...state,
          status,
          userId: event.data.userId,
          // Streams opened before GenerationQueued have the request only here.
          request: state.request ?? requestOf(event.data),
          deadline: event.data.deadline,
          phase: event.data.phase,
          workerId: event.data.workerId,
          ...(event.data.leaseExpiresAt ? { leaseExpiresAt: event.data.leaseExpiresAt } : {}),
        };
      case 'GenerationHeartbeat':
        return { ...state, leaseExpiresAt: event.data.leaseExpiresAt };
      case 'GenerationReleased': {
        const { workerId: _worker, leaseExpiresAt: _lease, ...rest } = state;
        return {
          ...rest,
          status,
          releases: state.releases + (event.data.reason === 'lease-expired' ? 1 : 0),
        };
      }
      case 'GenerationProgressed':
        return state;
      case 'GenerationPartRecorded': {
        const { phase, part, text, blobId } = event.data;
        const recorded: RecordedPart = {
          ...(text !== undefined ? { text } : {}),
          ...(blobId !== undefined ? { blobId } : {}),
        };
        return { ...state, parts: { ...state.parts, [partKey(phase, part)]: recorded } };
      }
      case 'GenerationOutlinesReady':
        return { ...state, status, outlines: event.data.outlines };
      case 'GenerationOutlineChosen':
        return { ...state, status, outlineIndex: event.data.outlineIndex };
      case 'GenerationOutlineEdited':
        return { ...state, outlines: event.data.outlines };
      case 'GenerationBriefEdited':
        return { ...state, brief: event.data.brief };
      case 'GenerationOutlinesRewriteRequested': {
        const { outlines: _offered, phase: _phase, ...rest } = state;
        return { ...rest, status, outlineRounds: event.data.round, releases: 0 };
      }
      case 'GenerationCompleted': {
        const result = event.data.result ?? state.result;
        const edition =
          state.edition ??
          editionOf({
            kind: event.data.kind,
            ...(event.data.title !== undefined ? { title: event.data.title } : {}),
            ...(state.request?.author ? { author: state.request.author } : {}),
            ...(result ? { result } : {}),
          });
        return {
          ...state,
          status,
          artifacts: event.data.artifacts,
          ...(result ? { result } : {}),
          ...(edition ? { edition, builtEdition: edition } : {}),
        };
      }
      case 'GenerationFailed':
        return { ...state, status };
      case 'GenerationEdited':
        return {
          ...state,
          status,
          phase: 'rebuild',
          revision: event.data.revision,
          editedAt: [...(state.editedAt ?? []), event.metadata.occurredAt].slice(-BOOK_REBUILDS_PER_DAY),
          releases: 0,
          ...(state.edition ? { edition: applyEdits(state.edition, event.data.edits) } : {}),
        };
      case 'GenerationRebuildFailed': {
        const { workerId: _worker, leaseExpiresAt: _lease, ...rest } = state;
        return {
          ...rest,
          status,
          ...(state.builtEdition ? { edition: state.builtEdition } : {}),
        };
      }
      default:
        return assertNever(event);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'QueueJob': {
        // Once: a stream that has its request (or was failed before any worker saw it) is left alone.
        if (state.request || state.status !== 'requested') return [];
        const { generationId, userId, request } = command;
        return [{ type: 'GenerationQueued', data: { ...requestOf(request), generationId, userId } }];
      }
      case 'ClaimJob': {
        if (state.status !== QUEUED_FOR[command.phase] || !state.request) return [];
        const { generationId, userId, phase, workerId, deadline, leaseExpiresAt } = command;
        return [
          {
            type: 'GenerationStarted',
            data: {
              ...requestOf(state.request),
              generationId,
              userId,
              phase,
              workerId,
              deadline,
              leaseExpiresAt,
            },
          },
        ];
      }
      case 'Heartbeat':
        // Only the lease holder may extend it: a worker whose job was released just stops.
        if (!RUNNING.includes(state.status) || state.workerId !== command.workerId) return [];
        return [
          {
            type: 'GenerationHeartbeat',
            data: {
              generationId: command.generationId,
              workerId: command.workerId,
              leaseExpiresAt: command.leaseExpiresAt,
            },
          },
        ];
      case 'ExpireLease': {
        if (!RUNNING.includes(state.status) || !state.leaseExpiresAt) return [];
        if (Date.parse(command.now) <= Date.parse(state.leaseExpiresAt)) return [];
        const { generationId, userId, kind } = command;
        if (state.releases + 1 >= command.maxAttempts) {
          if (state.phase === 'rebuild') return [rebuildFailed(command, 'it stopped responding')];
          return [
            {
              type: 'GenerationFailed',
              data: {
                generationId,
                userId,
                kind,
                reason: 'The generation stopped responding and was stopped. Your credits have been refunded.',
                code: 'TIMEOUT',
              },
            },
          ];
        }
        return [
          {
            type: 'GenerationReleased',
            data: {
              generationId,
              userId,
              kind,
              phase: state.phase ?? 'main',
              workerId: state.workerId ?? '',
              attempt: state.releases + 1,
              reason: 'lease-expired',
            },
          },
        ];
      }
      case 'ReleaseJob': {
        if (!RUNNING.includes(state.status) || state.workerId !== command.workerId) return [];
        if (!state.userId || !state.request) return [];
        return [
          {
            type: 'GenerationReleased',
            data: {
              generationId: command.generationId,
              userId: state.userId,
              kind: state.request.kind,
              phase: state.phase ?? 'main',
              workerId: command.workerId,
              attempt: state.releases,
              reason: 'shutdown',
            },
          },
        ];
      }
      case 'ReportProgress': {
        if (!RUNNING.includes(state.status)) return [];
        const progress = Math.max(0, Math.min(100, Math.round(command.progress)));
        return [
          {
            type: 'GenerationProgressed',
            data: { generationId: command.generationId, progress, step: command.step },
          },
        ];
      }
      case 'RecordPart': {
        // Any attempt's finished part counts (it was paid for), once, while its phase runs.
        const { generationId, phase, part, text, blobId, usage } = command;
        if (!RUNNING.includes(state.status) || state.phase !== phase) return [];
        if (state.parts?.[partKey(phase, part)]) return [];
        if ((text === undefined) === (blobId === undefined))
          throw new DomainError('VALIDATION', 'A part is either a text or a picture');
        return [
          {
            type: 'GenerationPartRecorded',
            data: {
              generationId,
              phase,
              part,
              ...(text !== undefined ? { text } : {}),
              ...(blobId !== undefined ? { blobId } : {}),
              ...used(usage),
            },
          },
        ];
      }
      case 'RecordOutlines':
        if (state.status !== 'running') return [];
        return [
          {
            type: 'GenerationOutlinesReady',
            data: { generationId: command.generationId, outlines: command.outlines, ...used(command.usage) },
          },
        ];
      case 'ChooseOutline':
        if (state.userId !== command.userId) throw new DomainError('NOT_FOUND', 'Book not found');
        if (
          state.status === 'outline-chosen' ||
          state.status === 'book-running' ||
          state.status === 'completed'
        ) {
          return state.outlineIndex === command.outlineIndex ? [] : alreadyGenerating();
        }
        if (state.status !== 'outlines-ready') {
          throw new DomainError('CONFLICT', 'The outlines are not ready yet');
        }
        return [
          {
            type: 'GenerationOutlineChosen',
            data: { generationId: command.generationId, outlineIndex: command.outlineIndex },
          },
        ];
      case 'EditOutline': {
        const outlines = outlinesToChange(command, state);
        const { approach } = parseOutline(outlines[command.outlineIndex]);
        const edited = renderOutline({
          approach,
          ...(command.introduction ? { introduction: command.introduction } : {}),
          chapters: command.chapters,
        });
        // The outline is kept as text: a summary that reads back as a heading would change the book.
        const back = parseOutline(edited);
        if (
          JSON.stringify(back.chapters) !== JSON.stringify(command.chapters) ||
          (back.introduction ?? '') !== (command.introduction ?? '')
        )
          throw new DomainError(
            'VALIDATION',
            "A summary cannot begin like a heading ('Chapter 2: …', 'Introduction: …')",
          );
        if (edited === outlines[command.outlineIndex]) return [];
        const next: [string, string, string] = [...outlines];
        next[command.outlineIndex] = edited;
        return [
          {
            type: 'GenerationOutlineEdited',
            data: {
              generationId: command.generationId,
              userId: command.userId,
              outlineIndex: command.outlineIndex,
              outlines: next,
            },
          },
        ];
      }
      case 'EditBrief':
        outlinesToChange(command, state);
        return decideBriefEdit(command, state);
      case 'RewriteOutlinesPaid':
        outlinesToChange(command, state);
        return decidePaidRewrite(command, state, FREE_OUTLINE_REWRITES);
      case 'RewriteOutlines': {
        outlinesToChange(command, state);
        if ((state.outlineRounds ?? 0) >= FREE_OUTLINE_REWRITES)
          throw new DomainError(
            'CONFLICT',
            'New outlines were already written once for this book; edit the one you prefer instead',
          );
        return [
          {
            type: 'GenerationOutlinesRewriteRequested',
            data: {
              generationId: command.generationId,
              userId: command.userId,
              kind: 'non-fiction-v2',
              round: (state.outlineRounds ?? 0) + 1,
            },
          },
        ];
      }
      case 'EditBook': {
        if (state.userId !== command.userId) throw new DomainError('NOT_FOUND', 'Book not found');
        if (REBUILDING.includes(state.status))
          throw new DomainError(
            'CONFLICT',
            'The book is being rebuilt with your last changes; try again when it is done',
          );
        if (state.status !== 'completed' || !state.request)
          throw new DomainError('CONFLICT', 'The book can be edited once it is done');
        if (!state.edition)
          throw new DomainError(
            'CONFLICT',
            'This book was made before its text was kept, so it cannot be edited',
          );
        // Refuses a chapter or page the book does not have; the same words are no rebuild.
        if (isDeepStrictEqual(applyEdits(state.edition, command.edits), state.edition)) return [];
        refuseBeyondAllowance(state.editedAt ?? [], command.at);
        return [
          {
            type: 'GenerationEdited',
            data: {
              generationId: command.generationId,
              userId: command.userId,
              kind: state.request.kind,
              revision: (state.revision ?? 0) + 1,
              edits: command.edits,
            },
          },
        ];
      }
      case 'CompleteJob': {
        if (!RUNNING.includes(state.status) || !state.userId || !state.request) return [];
        const data: GenerationCompleted['data'] = {
          generationId: command.generationId,
          userId: state.userId,
          kind: state.request.kind,
          artifacts: command.artifacts,
          ...(command.title !== undefined ? { title: command.title } : {}),
          ...(command.result !== undefined ? { result: command.result } : {}),
          ...used(command.usage),
        };
        return [{ type: 'GenerationCompleted', data }];
      }
      case 'FailJob':
        if (FINISHED.includes(state.status)) return [];
        if (REBUILDING.includes(state.status))
          return [rebuildFailed(command, command.code === 'TIMEOUT' ? 'it took too long' : command.reason)];
        return [
          {
            type: 'GenerationFailed',
            data: {
              generationId: command.generationId,
              userId: command.userId,
              kind: command.kind,
              reason: command.reason,
              code: command.code,
              ...used(command.usage),
            },
          },
        ];
      default:
        return assertNever(command);
    }
  },
};

/** A command's provider usage, for its event: only when there is some. */
const used = (usage: AiUsage[] | undefined) => (usage && usage.length > 0 ? { usage } : {});

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Free rebuilds: BOOK_REBUILDS_PER_DAY per book in any 24 hours (`editedAt` holds the latest
 * ones). Beyond it a 429 whose Retry-After is when the oldest of them leaves the window.
 */
function refuseBeyondAllowance(editedAt: readonly string[], at: string): void {
  const now = Date.parse(at);
  const recent = editedAt.filter((time) => now - Date.parse(time) < DAY_MS);
  if (recent.length < BOOK_REBUILDS_PER_DAY) return;
  const retryAfter = Math.max(1, Math.ceil((Date.parse(recent[0] as string) + DAY_MS - now) / 1000));
  throw new DomainError('RATE_LIMITED', BOOK_EDIT_MESSAGES.rebuildLimit(retryAfter), { retryAfter });
}

/** docs/product/creation-tools-qr.md (Screens and routes: Non-fiction Gen 2.0): new outlines once per book, free. */
export const FREE_OUTLINE_REWRITES = 1;

/** The offered outlines, while they may still change: the owner's, ready, no book started from one. */
function outlinesToChange(
  command: { userId: string },
  state: GenerationState,
): readonly [string, string, string] {
  if (state.userId !== command.userId || state.request?.kind !== 'non-fiction-v2')
    throw new DomainError('NOT_FOUND', 'Book not found');
  if (state.outlineIndex !== undefined)
    throw new DomainError('CONFLICT', 'The book is already being written from its outline');
  if (state.status !== 'outlines-ready' || !state.outlines)
    throw new DomainError('CONFLICT', 'The outlines are not ready yet');
  return state.outlines;
}

function alreadyGenerating(): never {
  throw new DomainError('CONFLICT', 'A book is already being generated from another outline');
}
