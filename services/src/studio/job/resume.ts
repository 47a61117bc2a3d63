import type {
  GenerationFailed,
  GenerationFailureCode,
  GenerationKind,
  GenerationPhase,
  GenerationResumed,
  GenerationStatus,
} from '@studio/events';
import { KIDS_BOOK_PAGES } from '@studio/events';
import type { Emitted } from '../../platform/decider';
import { DomainError } from '../../platform/errors';
import { type BookOutline, parseOutline } from '../writing/book-text';

/**
 * Resume, not restart: the owner continues a failed job from the parts it recorded, and pays only
 * for the parts it lacks (docs/product/creation-tools-qr.md (Limits and costs), the decision in
 * `docs/decisions/0018-resume-charges-what-is-left.md`). The job's own decider takes its command
 * and its event from here; the charge is the account's (`ResumeGeneration`).
 */

/** What of a job's state a resume reads (the generation decider's state has all of it). */
export interface ResumableJob {
  status: GenerationStatus;
  userId?: string;
  request?: { kind: GenerationKind; input: unknown };
  phase?: GenerationPhase;
  outlines?: readonly string[];
  outlineIndex?: number;
  /** Finished parts by `{phase}/{part}` (the generation decider's `partKey`). */
  parts?: Readonly<Record<string, { text?: unknown; blobId?: string }>>;
  /** How many times the owner continued the job. */
  resumes?: number;
  /** Why it last failed. */
  failureCode?: GenerationFailureCode;
}

/** Queues a failed job again once its round is paid (from the account's GenerationResumeRequested). */
export interface ResumeJob {
  type: 'ResumeJob';
  generationId: string;
  userId: string;
  round: number;
  cost: number;
}

/**
 * The account's charge id of a job's round: the first charge is the job's own id (as every job's),
 * each resume has its own, so one round is charged once and refunded once.
 */
export const chargeIdOf = (generationId: string, round = 0) =>
  round === 0 ? generationId : `${generationId}-resume-${round}`;

/** The round a failure ends, on its GenerationFailed: the refund returns that round's charge. */
export const resumeRoundOf = (
  state: Pick<ResumableJob, 'resumes'>,
): Pick<GenerationFailed['data'], 'resumeRound'> => (state.resumes ? { resumeRound: state.resumes } : {});

export function decideResumeJob(command: ResumeJob, state: ResumableJob): Emitted<GenerationResumed>[] {
  // Once per round: the intake may see the request again; a round already queued is left alone.
  if (state.status !== 'failed' || (state.resumes ?? 0) >= command.round) return [];
  if (!state.request || state.userId !== command.userId) return [];
  return [
    {
      type: 'GenerationResumed',
      data: {
        generationId: command.generationId,
        userId: command.userId,
        kind: state.request.kind,
        phase: state.phase ?? 'main',
        round: command.round,
        cost: command.cost,
      },
    },
  ];
}

/** The job waits for a worker again, in the phase it failed in, with every part it recorded. */
export function evolveResumed<
  S extends ResumableJob & { releases: number; workerId?: string; leaseExpiresAt?: string },
>(state: S, event: GenerationResumed, status: GenerationStatus): S {
  const { workerId: _worker, leaseExpiresAt: _lease, failureCode: _failure, ...rest } = state;
  return { ...(rest as S), status, phase: event.data.phase, resumes: event.data.round, releases: 0 };
}

/** One part a job makes with the provider, in the order the author reads them. */
export interface PlannedPart {
  part: string;
  /** How the screen names it: "Continue from {label}". */
  label: string;
}

const chapterParts = (outline: BookOutline | undefined): PlannedPart[] => {
  if (!outline) return [];
  const introduction = outline.introduction ? 1 : 0;
  return Array.from({ length: introduction + outline.chapters.length }, (_, i) => ({
    part: `chapter-${i}`,
    label: introduction && i === 0 ? 'the introduction' : `chapter ${i + 1 - introduction}`,
  }));
};
const COVER: PlannedPart = { part: 'cover-art', label: 'the cover' };
const BLURB: PlannedPart = { part: 'blurb', label: 'the back cover text' };

/**
 * The parts the failed phase makes, as the generators record them (`generators/`): each costs one
 * provider call, so each is an equal share of the price. Undefined for a kind or phase that has
 * none to continue from (a Gen 2.0 outline phase is one part; images are one picture).
 */
export function plannedParts(job: ResumableJob): PlannedPart[] | undefined {
  const kind = job.request?.kind;
  const input = (job.request?.input ?? {}) as { bookLength?: number };
  switch (kind) {
    case 'non-fiction': {
      // The chapters follow the first outline the writer gave (recorded as the part `outlines`).
      const written = job.parts?.['main/outlines']?.text as { outlines?: BookOutline[] } | undefined;
      return [
        { part: 'outlines', label: 'the outline' },
        ...chapterParts(written?.outlines?.[0]),
        BLURB,
        COVER,
      ];
    }
    case 'non-fiction-v2': {
      const chosen = job.outlineIndex === undefined ? undefined : job.outlines?.[job.outlineIndex];
      if (job.phase !== 'book' || !chosen) return undefined;
      return [...chapterParts(parseOutline(chosen)), BLURB, COVER];
    }
    case 'coloring-book':
      return [
        ...Array.from({ length: input.bookLength ?? 0 }, (_, i) => ({
          part: `design-${i + 1}`,
          label: `design ${i + 1}`,
        })),
        BLURB,
      ];
    case 'kids-book':
      return [
        { part: 'story', label: 'the story' },
        { part: 'character', label: 'the character' },
        ...Array.from({ length: KIDS_BOOK_PAGES }, (_, i) => ({
          part: `page-${i + 1}`,
          label: `page ${i + 1}`,
        })),
        COVER,
        BLURB,
      ];
    default:
      return undefined;
  }
}

export const ALREADY_CONTINUING = 'This book is already being continued';

/** What continuing a failed job costs: the first part it lacks, and the share of the price left. */
export interface ResumeQuote {
  round: number;
  from: string;
  credits: number;
  partsLeft: number;
  partsTotal: number;
}

/**
 * The price of what is left: ⌈cost × parts left ÷ parts planned⌉, from the job's own price.
 * Every failure refunds its round whole, so no part is paid twice (the parts a failed round made
 * are on us); a refused request (the provider's safety system: the one failure its author can
 * cause) is not continued, so no part comes free by failing on purpose.
 */
export function resumeQuote(job: ResumableJob, cost: number): ResumeQuote {
  const { refusal, plan, left } = whatIsLeft(job);
  if (refusal) throw new DomainError('CONFLICT', refusal);
  return {
    round: (job.resumes ?? 0) + 1,
    from: (left[0] as PlannedPart).label,
    credits: Math.max(1, Math.ceil((cost * left.length) / plan.length)),
    partsLeft: left.length,
    partsTotal: plan.length,
  };
}

/** A failed job its owner may still continue: its uploads and recorded parts are kept for it. */
export const isResumable = (job: ResumableJob): boolean => whatIsLeft(job).refusal === undefined;

/** The failed phase's planned parts and those it lacks, or why it cannot be continued. */
function whatIsLeft(job: ResumableJob): { refusal?: string; plan: PlannedPart[]; left: PlannedPart[] } {
  if (job.status !== 'failed') {
    const continuing = job.resumes && job.status !== 'completed';
    return {
      refusal: continuing ? ALREADY_CONTINUING : 'Only a failed book can be continued',
      plan: [],
      left: [],
    };
  }
  if (job.failureCode === 'REFUSED')
    return {
      refusal:
        "The AI provider's safety system refused this book, so it cannot be continued; please change your request and start a new one",
      plan: [],
      left: [],
    };
  const plan = plannedParts(job) ?? [];
  const phase = job.phase ?? 'main';
  const left = plan.filter((p) => !job.parts?.[`${phase}/${p.part}`]);
  if (left.length === plan.length)
    return { refusal: 'This book made no part to continue from; please start it again', plan, left };
  if (left.length === 0)
    return {
      refusal: 'Every part of this book was made before it failed; please start it again',
      plan,
      left,
    };
  return { plan, left };
}
