import type {
  ArtifactRef,
  BookBrief,
  GenerationEvent,
  GenerationFailureCode,
  GenerationPhase,
  GenerationRequest,
  GenerationStatus,
} from '@studio/events';
import { statusAfter } from '@studio/events';
import { BOOK_REBUILDS_PER_DAY } from '@studio/events/rules';
import { assertNever } from '../../platform/decider';
import { applyEdits, type BookEdition, editionOf } from '../book-edition';
import { evolvePartVersions, type PartVersionsState } from './part-versions';
import { evolveResumed } from './resume';

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
  /** Parts of the finished book written again with the author's note, and all their versions. */
  partVersions?: PartVersionsState;
  /** How many times its owner continued the failed job (`job/resume.ts`). */
  resumes?: number;
  /** Why it last failed. */
  failureCode?: GenerationFailureCode;
  /** Gen 2.0: the book brief as the author edited it before the book (else the request's). */
  brief?: BookBrief;
}

/** A finished part as recorded: a text part's value, or a picture's blob. */
export interface RecordedPart {
  text?: unknown;
  blobId?: string;
}

export const partKey = (phase: GenerationPhase, part: string) => `${phase}/${part}`;

/** Statuses in which a job is finished, runs a phase, or rebuilds a finished book's files. */
export const FINISHED: GenerationStatus[] = ['completed', 'failed'];
export const RUNNING: GenerationStatus[] = ['running', 'book-running', 'rebuilding'];
export const REBUILDING: GenerationStatus[] = ['rebuild-requested', 'rebuilding'];

export const initialGenerationState: GenerationState = { status: 'requested', releases: 0 };

export function evolveGeneration(state: GenerationState, event: GenerationEvent): GenerationState {
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
      return { ...state, status, failureCode: event.data.code };
    case 'GenerationBriefEdited':
      return { ...state, brief: event.data.brief };
    case 'GenerationResumed':
      return evolveResumed(state, event, status);
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
    case 'GenerationPartRegenerationRequested':
    case 'GenerationPartVersionRecorded':
    case 'GenerationPartRegenerationFailed':
    case 'GenerationPartVersionChosen':
      return evolvePartVersions(state, event);
    default:
      return assertNever(event);
  }
}

/** Only the request's own fields (queued and started events carry them beside other data). */
export function requestOf(data: GenerationRequest): GenerationRequest {
  const { kind, input, tier, author, requestedAt } = data;
  return {
    kind,
    input,
    ...(tier ? { tier } : {}),
    ...(author ? { author } : {}),
    ...(requestedAt ? { requestedAt } : {}),
  } as GenerationRequest;
}
