import {
  GENERATION_STATUSES,
  type GenerationEvent,
  type GenerationFailureCode,
  type GenerationKind,
  type GenerationPhase,
  type GenerationRequested,
  type GenerationStatus,
} from './generation';

/** A status read from outside (an HTTP answer, a progress message) is one of the vocabulary's. */
export const isGenerationStatus = (value: unknown): value is GenerationStatus =>
  (GENERATION_STATUSES as readonly unknown[]).includes(value);

/** Where a phase waits for a worker, and where it runs. */
export const QUEUED_FOR: Record<GenerationPhase, GenerationStatus> = {
  main: 'requested',
  book: 'outline-chosen',
  rebuild: 'rebuild-requested',
};
export const RUNNING_FOR: Record<GenerationPhase, GenerationStatus> = {
  main: 'running',
  book: 'book-running',
  rebuild: 'rebuilding',
};

/** A generation's life: its request on the account stream, then every event of `generation-{id}`. */
export type GenerationLifeEvent = GenerationRequested | GenerationEvent;

/**
 * The status each event type brings; `undefined` for the events that leave it as it was (a
 * heartbeat, progress, a recorded part). The one translation of events into statuses: the
 * decider, the read model and the progress stream all read it.
 */
const STATUS_AFTER: {
  [E in GenerationLifeEvent as E['type']]: (data: E['data']) => GenerationStatus | undefined;
} = {
  GenerationRequested: () => 'requested',
  GenerationQueued: () => 'requested',
  GenerationStarted: (data) => RUNNING_FOR[data.phase],
  GenerationHeartbeat: () => undefined,
  GenerationReleased: (data) => QUEUED_FOR[data.phase],
  GenerationProgressed: () => undefined,
  GenerationPartRecorded: () => undefined,
  GenerationOutlinesReady: () => 'outlines-ready',
  GenerationOutlineChosen: () => 'outline-chosen',
  GenerationOutlineEdited: () => undefined,
  GenerationBriefEdited: () => undefined,
  GenerationOutlinesRewriteRequested: () => 'requested',
  GenerationCompleted: () => 'completed',
  GenerationFailed: () => 'failed',
  GenerationResumed: (data) => QUEUED_FOR[data.phase],
  GenerationEdited: () => 'rebuild-requested',
  // The book keeps its previous files: done again.
  GenerationRebuildFailed: () => 'completed',
  // A part's versions leave the book as it is until the author picks one (an edit).
  GenerationPartRegenerationRequested: () => undefined,
  GenerationPartVersionRecorded: () => undefined,
  GenerationPartRegenerationFailed: () => undefined,
  GenerationPartVersionChosen: () => undefined,
};

/** Every event type of a generation's life. */
export const GENERATION_LIFE_EVENT_TYPES = Object.keys(STATUS_AFTER) as GenerationLifeEvent['type'][];

export const isGenerationLifeEvent = (event: { type: string }): event is GenerationLifeEvent =>
  Object.hasOwn(STATUS_AFTER, event.type);

/** The status after the event; `undefined` when the event does not change it. */
export function statusAfter(event: GenerationLifeEvent): GenerationStatus | undefined {
  const of = STATUS_AFTER[event.type] as (data: GenerationLifeEvent['data']) => GenerationStatus | undefined;
  return of(event.data);
}

export const isFinished = (status: GenerationStatus): boolean =>
  status === 'completed' || status === 'failed';

/** An edited book whose files are being typeset again. */
export const isRebuilding = (status: GenerationStatus): boolean =>
  status === 'rebuild-requested' || status === 'rebuilding';

/**
 * Where a book stands in My Books: the status as the screens group it (a Gen 2.0 book shows its
 * outline and book phases; every other book, and any book being rebuilt, is simply in progress).
 * Screens compare stages, never the words shown.
 */
export type BookStage =
  | 'in-progress'
  | 'outline-creation'
  | 'outline-finished'
  | 'book-creation'
  | 'done'
  | 'error';

export function bookStage(kind: GenerationKind | string | undefined, status: GenerationStatus): BookStage {
  if (status === 'failed') return 'error';
  if (status === 'completed') return 'done';
  if (isRebuilding(status) || kind !== 'non-fiction-v2') return 'in-progress';
  if (status === 'outlines-ready') return 'outline-finished';
  if (status === 'outline-chosen' || status === 'book-running') return 'book-creation';
  return 'outline-creation';
}

/** The product's words for each stage: a book record's `status`. */
export const BOOK_STAGE_LABELS = {
  'in-progress': 'In progress',
  'outline-creation': 'In progress (outline creation)',
  'outline-finished': 'Outline finished',
  'book-creation': 'In progress (book creation)',
  done: 'Done',
  error: 'ERROR',
} as const satisfies Record<BookStage, string>;
export type BookStatusLabel = (typeof BOOK_STAGE_LABELS)[BookStage];

export const bookStatusLabel = (kind: GenerationKind | string | undefined, status: GenerationStatus) =>
  BOOK_STAGE_LABELS[bookStage(kind, status)];

/** Where a Gen 2.0 outline record stands: the outline stages of a book, and its failure. */
export type OutlineStage = Extract<BookStage, 'outline-creation' | 'outline-finished' | 'error'>;

/**
 * Being written until the outlines exist; once they do, the outline stays finished whatever
 * becomes of the book.
 */
export function outlineStage(status: GenerationStatus): OutlineStage {
  if (status === 'failed') return 'error';
  if (status === 'requested' || status === 'running') return 'outline-creation';
  return 'outline-finished';
}

/** An outline record's `status`, in the product's words. */
export const outlineStatusLabel = (status: GenerationStatus) => BOOK_STAGE_LABELS[outlineStage(status)];

/**
 * Where an image (My Images) or a KDP listing (My KDP Listings) stands: they have one phase, so
 * they are made, failed, or still being made. Screens compare stages, never the words shown.
 */
export type ItemStage = Extract<BookStage, 'in-progress' | 'done' | 'error'>;

export function itemStage(status: GenerationStatus): ItemStage {
  if (status === 'failed') return 'error';
  if (status === 'completed') return 'done';
  return 'in-progress';
}

/** The product's words for an image's stage: a My Images record's `status`. */
export const IMAGE_STAGE_LABELS = {
  'in-progress': 'In progress',
  done: 'Done',
  error: 'Failed',
} as const satisfies Record<ItemStage, string>;

export const imageStatusLabel = (status: GenerationStatus) => IMAGE_STAGE_LABELS[itemStage(status)];

/** The product's words for a KDP listing's stage: a listing record's `status`. */
export const LISTING_STAGE_LABELS = {
  'in-progress': 'In progress',
  done: 'Completed',
  error: 'Failed',
} as const satisfies Record<ItemStage, string>;

export const listingStatusLabel = (status: GenerationStatus) => LISTING_STAGE_LABELS[itemStage(status)];

/** What the user is told of a failed job, by why it failed (GenerationFailureCode). */
const FAILURE_MESSAGES: Record<GenerationFailureCode, string> = {
  REFUSED:
    "The AI provider's safety system refused this request. Please rephrase your prompt (or use another picture) and try again.",
  PROVIDER_ACCOUNT:
    'The AI service cannot take requests right now. Our team has been alerted; please try again later.',
  PROVIDER_ERROR: 'The AI service kept failing. Please try again in a few minutes.',
  TIMEOUT: 'It took too long to finish. Please try again.',
  PRINT_QUALITY: 'The book did not pass the print check, so it was not delivered.',
  INTERNAL: 'Something went wrong on our side. We have logged it; please try again.',
};

/**
 * The failure as the card, the viewer and the dashboard say it, always with the refund: a job
 * that failed is refunded exactly once (the refund process manager). Jobs failed before the
 * reasons were recorded read as the provider's failure. A print check's failure adds the check's
 * own words (`detail`: what it found), which are ours, never the provider's.
 */
export function failureMessage(
  code: GenerationFailureCode | undefined,
  credits: number,
  detail?: string,
): string {
  const refund = credits > 0 ? ` Your ${credits} credit${credits === 1 ? ' was' : 's were'} refunded.` : '';
  const found = code === 'PRINT_QUALITY' && detail ? ` ${detail.replace(/\.?$/, '.')}` : '';
  return `${FAILURE_MESSAGES[code ?? 'PROVIDER_ERROR']}${found}${refund}`;
}
