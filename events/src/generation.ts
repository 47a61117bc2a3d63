import type { AiUsage } from './ai-usage';
import type { BookBrief, BookLength } from './book-length';
import type { Event } from './envelope';
import type { StyleChoice } from './styles';
import type { Tier } from './subscription';

/** Every creation tool (docs/product/creation-tools-qr.md) that spends credits and runs asynchronously. */
export const GENERATION_KINDS = [
  'non-fiction',
  'non-fiction-v2',
  'kdp-listing',
  'coloring-book',
  'coloring-page',
  'image-v2',
  'image-edit',
  'kids-book',
] as const;
export type GenerationKind = (typeof GENERATION_KINDS)[number];

/**
 * One vocabulary for a job's life, from the decider through the read model to the screens (which
 * translate it to the spec's labels in one place each). Gen 2.0 passes through the outline states.
 */
export const GENERATION_STATUSES = [
  'requested',
  'running',
  'outlines-ready',
  'outline-chosen',
  'book-running',
  'completed',
  'failed',
  /** A finished book was edited: its files wait to be typeset again from the stored text. */
  'rebuild-requested',
  'rebuilding',
] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

/** KDP's black-and-white paper stocks a paperback may be printed on (its spine width follows). */
export type PaperType = 'white' | 'cream';

/** A non-fiction book's length and the brief fields its author gave (each recorded only when given). */
export interface BookShape {
  length?: BookLength;
  brief?: Partial<BookBrief>;
}

/** The request each tool sends, after validation (docs/product/creation-tools-qr.md (Data)). */
export interface GenerationInputs {
  /** `style`: the cover art's (absent: the tool's own look, as before styles existed). */
  'non-fiction': {
    title: string;
    description: string;
    paperType?: PaperType;
    style?: StyleChoice;
  } & BookShape;
  'non-fiction-v2': {
    title: string;
    description: string;
    numChapters: number;
    includeIntroduction: boolean;
    paperType?: PaperType;
    style?: StyleChoice;
  } & BookShape;
  'kdp-listing': { bookTitle: string; bookPrompt: string };
  /** `style` draws the cover only: the pages stay line art. */
  'coloring-book': {
    prompt: string;
    bookLength: 10 | 20 | 30 | 40;
    paperType?: PaperType;
    style?: StyleChoice;
  };
  'coloring-page': { prompt: string };
  'image-v2': { prompt: string; style?: StyleChoice };
  /** The uploaded original is stored as a blob before the request; only its id travels. */
  'image-edit': { prompt: string; originalBlobId: string; style?: StyleChoice };
  'kids-book': {
    storyDescription: string;
    characterName: string;
    characterGender: 'boy' | 'girl';
    characterImageBlobId?: string;
    style?: StyleChoice;
  };
}
export type GenerationInput<K extends GenerationKind = GenerationKind> = GenerationInputs[K];

/**
 * A tool and its input, correlated: `kind` decides the shape of `input`, so a generator receives
 * its own typed input without casts.
 */
export type GenerationRequest = {
  [K in GenerationKind]: {
    kind: K;
    input: GenerationInputs[K];
    /**
     * The plan the request was made on, recorded by the account decider (absent on requests from
     * before it was recorded): it decides the formats a book gets (`epubIncluded`).
     */
    tier?: Tier;
    /**
     * The name a book is published under, recorded by the account decider: the pen name, else
     * the profile name (absent on requests from before it was recorded).
     */
    author?: string;
    /** When the request was made: a book's copyright year, so its files rebuild identically. */
    requestedAt?: string;
  };
}[GenerationKind];

/** A file produced by a generation, kept in the blob store. */
export interface ArtifactRef {
  blobId: string;
  contentType: string;
  /** What the file is to the tool: 'image', 'original', 'edited', 'pdf', 'epub', 'page-1', 'page-1-image' … */
  role: string;
  bytes: number;
}

/** Appended to the account stream together with CreditsDebited, in one append. */
export type GenerationRequested = Event<
  'GenerationRequested',
  { generationId: string; userId: string; cost: number } & GenerationRequest
>;

/**
 * A job phase runs. Gen 2.0 has two phases: 'main' writes the outlines, 'book' the chosen book;
 * every other kind has only 'main'. 'rebuild' typesets an edited book's files again from its
 * stored text (no AI, no credits).
 */
export type GenerationPhase = 'main' | 'book' | 'rebuild';

/**
 * The request, opened on `generation-{id}` once the account stream recorded it: the stream's
 * first event, and the one place a job's input is read from (by the worker on every phase and
 * attempt). Streams from before it start with `GenerationStarted`, which carries the same fields.
 */
export type GenerationQueued = Event<
  'GenerationQueued',
  { generationId: string; userId: string } & GenerationRequest
>;

/** A worker claimed a phase of the job; a second claim of the same phase is refused. */
export type GenerationStarted = Event<
  'GenerationStarted',
  {
    generationId: string;
    userId: string;
    phase: GenerationPhase;
    workerId: string;
    /** The job is failed as timed out if it has not finished by then. */
    deadline: string;
    /** The worker holds the job until then unless it heartbeats (absent on events before leases). */
    leaseExpiresAt?: string;
  } & GenerationRequest /* a copy of the queued request, kept: streams opened before GenerationQueued have only this */
>;

/** The running worker is alive: its lease on the job now lasts until `leaseExpiresAt`. */
export type GenerationHeartbeat = Event<
  'GenerationHeartbeat',
  { generationId: string; workerId: string; leaseExpiresAt: string }
>;

/**
 * The phase goes back to the queue for another attempt: the worker's lease ran out (it died or
 * hung), or the worker handed it back while shutting down. Only expired leases use up attempts;
 * `attempt` counts them (1-based).
 */
export type GenerationReleased = Event<
  'GenerationReleased',
  {
    generationId: string;
    userId: string;
    kind: GenerationKind;
    phase: GenerationPhase;
    workerId: string;
    attempt: number;
    reason: 'lease-expired' | 'shutdown';
  }
>;

/**
 * One finished part of a running phase (a chapter's text, a picture), recorded as it completes so
 * that another attempt at the phase resumes from it instead of asking the AI again. `part` names
 * it within the phase (`chapter-3`, `page-12`); `text` holds a text part's value, `blobId` a
 * picture's blob. Changes nothing the user is charged or shown.
 */
export type GenerationPartRecorded = Event<
  'GenerationPartRecorded',
  {
    generationId: string;
    phase: GenerationPhase;
    part: string;
    text?: unknown;
    blobId?: string;
    /** The provider calls made since the attempt last recorded any. */
    usage?: AiUsage[];
  }
>;

export type GenerationProgressed = Event<
  'GenerationProgressed',
  { generationId: string; progress: number; step: string }
>;

/** Gen 2.0: three outlines are ready for the user to choose from. */
export type GenerationOutlinesReady = Event<
  'GenerationOutlinesReady',
  { generationId: string; outlines: [string, string, string]; usage?: AiUsage[] }
>;

/** Gen 2.0: the user picked an outline; the book itself is generated next. */
export type GenerationOutlineChosen = Event<
  'GenerationOutlineChosen',
  { generationId: string; outlineIndex: 0 | 1 | 2 }
>;

/**
 * Gen 2.0: the author rewrote one of the outlines before choosing it (chapter titles and
 * summaries, their number and order, the introduction). `outlines` are all three after the edit.
 */
export type GenerationOutlineEdited = Event<
  'GenerationOutlineEdited',
  { generationId: string; userId: string; outlineIndex: 0 | 1 | 2; outlines: [string, string, string] }
>;

/**
 * Gen 2.0: the author set the book brief (audience, tone of voice, key terms, things to avoid)
 * before the book is written; `brief` is all of it, as every chapter will be told it.
 */
export type GenerationBriefEdited = Event<
  'GenerationBriefEdited',
  { generationId: string; userId: string; brief: BookBrief }
>;

/**
 * Gen 2.0: the author asked for three new outlines (free once per book); the outline phase runs
 * again. `round` counts the rewrites (1 for the first): each round's outlines are their own part.
 */
export type GenerationOutlinesRewriteRequested = Event<
  'GenerationOutlinesRewriteRequested',
  {
    generationId: string;
    userId: string;
    kind: 'non-fiction-v2';
    round: number;
    /** A paid rewrite: the account's charge for it (`CreditsDebited` with this id) and its credits. */
    chargeId?: string;
    credits?: number;
  }
>;

export type GenerationCompleted = Event<
  'GenerationCompleted',
  {
    generationId: string;
    userId: string;
    kind: GenerationKind;
    title?: string;
    artifacts: ArtifactRef[];
    /** Text results (a KDP listing, a book's pages) that are not files. */
    result?: Record<string, unknown>;
    /** The provider calls made since the attempt last recorded any. */
    usage?: AiUsage[];
  }
>;

export type GenerationFailed = Event<
  'GenerationFailed',
  {
    generationId: string;
    userId: string;
    kind: GenerationKind;
    reason: string;
    code: GenerationFailureCode;
    /** The provider calls made since the attempt last recorded any. */
    usage?: AiUsage[];
    /** Failed after its owner continued it this many times: the refund is that round's charge. */
    resumeRound?: number;
  }
>;

/**
 * Appended to the account stream together with the CreditsDebited of the round (`chargeId`), in
 * one append: the owner continues a failed job from the parts it recorded.
 */
export type GenerationResumeRequested = Event<
  'GenerationResumeRequested',
  {
    generationId: string;
    userId: string;
    kind: GenerationKind;
    round: number;
    cost: number;
    chargeId: string;
  }
>;

/** A failed job is queued again for the phase it failed in, to make only the parts it lacks. */
export type GenerationResumed = Event<
  'GenerationResumed',
  {
    generationId: string;
    userId: string;
    kind: GenerationKind;
    phase: GenerationPhase;
    round: number;
    cost: number;
  }
>;

/**
 * Why a job failed, as its user is told: the provider's safety system refused the prompt
 * (`REFUSED`: rephrase it), the provider account cannot serve (`PROVIDER_ACCOUNT`: out of quota,
 * a bad key, an unknown model; the operator is alerted), the provider kept failing
 * (`PROVIDER_ERROR`), it took too long (`TIMEOUT`), what was made failed the print check
 * (`PRINT_QUALITY`: the check's own words say what, e.g. pictures too soft for their size), or our
 * own fault (`INTERNAL`).
 */
export type GenerationFailureCode =
  | 'REFUSED'
  | 'PROVIDER_ACCOUNT'
  | 'PROVIDER_ERROR'
  | 'TIMEOUT'
  | 'PRINT_QUALITY'
  | 'INTERNAL';

/** A chapter's new title and text (paragraphs), by its position in the book (0-based). */
export interface ChapterEdit {
  index: number;
  title: string;
  paragraphs: string[];
}

/** What the author changed in a finished book; absent fields keep their value. */
export interface BookEdits {
  title?: string;
  subtitle?: string;
  author?: string;
  /** The back cover's copy. */
  blurb?: string;
  /** Non-fiction: the chapters whose title or text changed. */
  chapters?: ChapterEdit[];
  /** Kids book: the pages whose text changed. */
  pages?: Array<{ index: number; text: string }>;
  /** A reader QR code to place on a back-matter page (absent on books without one). */
  readerQr?: ReaderQr;
  /** Picture parts whose chosen version changed: the stored file the book now prints for each. */
  pictures?: Array<{ part: PicturePartId; blobId: string }>;
}

/**
 * A landing code placed in a book's back matter: its short address (`/r/{id}`, so moving or
 * deleting the code changes where it leads, never the printed book) and the author's words.
 */
export interface ReaderQr {
  qrId: string;
  url: string;
  /** The line above the code ("Get the bonus chapter"). */
  heading: string;
  /** A sentence under it, if the author wrote one. */
  words?: string;
  /** Also printed on the paperback's back cover, at its foot, clear of the barcode box. */
  backCover?: true;
  /**
   * The other editions' own codes (absent on books that got their code before editions): the
   * EPUB links `ebook`; `giveaway` is the link and code the author hands out with free copies.
   * `qrId` and `url` above are the print edition's.
   */
  editions?: Record<Exclude<ReaderQrEdition, 'print'>, { qrId: string; url: string }>;
}

/** Where a reader met the book: each edition carries its own code, so scans and signups are its own. */
export const READER_QR_EDITIONS = ['print', 'ebook', 'giveaway'] as const;
export type ReaderQrEdition = (typeof READER_QR_EDITIONS)[number];

/**
 * The author edited a finished book (free): its files are rebuilt from the stored text with
 * these changes. `revision` counts the edits (1 for the first): the rebuilt files get new names.
 */
export type GenerationEdited = Event<
  'GenerationEdited',
  { generationId: string; userId: string; kind: GenerationKind; revision: number; edits: BookEdits }
>;

/** A rebuild could not finish: the book keeps its previous files (nothing to refund). */
export type GenerationRebuildFailed = Event<
  'GenerationRebuildFailed',
  { generationId: string; userId: string; kind: GenerationKind; reason: string }
>;

/**
 * A part of a finished result the author may have made again with an instruction ("more
 * practical", "draw a fox instead"), and whose versions are all kept: `chapter-{n}` is the book's
 * n-th chapter (1-based, the introduction first when the book has one); `page-{n}-text` a kids
 * book's n-th page's text; `page-{n}-picture` its picture; `design-{n}` a coloring book's design;
 * `listing-{field}` one field of a KDP listing. A union: each kind of part adds its own member.
 */
export type PartId = `chapter-${number}` | `page-${number}-text` | `listing-${ListingField}` | PicturePartId;

/** The parts that are pictures (`events/src/picture-parts.ts`). */
export type PicturePartId = `page-${number}-picture` | `design-${number}`;

/** The fields of a KDP listing one can write again, as its result names them. */
export const LISTING_FIELDS = ['optimizedTitle', 'subtitle', 'description', 'keywords'] as const;
export type ListingField = (typeof LISTING_FIELDS)[number];

/** A chapter as one version has it. */
export interface ChapterVersion {
  title: string;
  paragraphs: string[];
}

/**
 * A picture as one version has it: the stored file (a kids page's picture as drawn, a coloring
 * design as its traced SVG) and its size in bytes.
 */
export interface PictureVersion {
  blobId: string;
  contentType: string;
  bytes: number;
}

/** A text as one version has it: a kids page's words, a listing's title, subtitle or description. */
export interface TextVersion {
  text: string;
}

/** A listing's seven keywords as one version has them. */
export interface KeywordsVersion {
  keywords: string[];
}

/** What one version of a part holds. */
export type PartValue = ChapterVersion | PictureVersion | TextVersion | KeywordsVersion;

/**
 * The author asked for a part of a finished book to be written again (paid: the debit follows on
 * the account stream, keyed by `regenerationId`). `original` is the part as the book had it, the
 * first time one of its parts is regenerated: version 1.
 */
export type GenerationPartRegenerationRequested = Event<
  'GenerationPartRegenerationRequested',
  {
    generationId: string;
    userId: string;
    kind: GenerationKind;
    regenerationId: string;
    part: PartId;
    instruction?: string;
    cost: number;
    original?: PartValue;
  }
>;

/** A new version of the part, kept beside the others; the book changes only when the author picks it. */
export type GenerationPartVersionRecorded = Event<
  'GenerationPartVersionRecorded',
  {
    generationId: string;
    regenerationId: string;
    part: PartId;
    version: number;
    value: PartValue;
    usage?: AiUsage[];
  }
>;

/** The regeneration made no version: its credits are refunded (`services/src/studio/refunds.ts`). */
export type GenerationPartRegenerationFailed = Event<
  'GenerationPartRegenerationFailed',
  {
    generationId: string;
    userId: string;
    regenerationId: string;
    part: PartId;
    code: GenerationFailureCode;
    reason: string;
    usage?: AiUsage[];
  }
>;

/**
 * The author put a version of a listing's field in the listing (a book's part goes in through
 * `GenerationEdited`, which rebuilds its files). `result`: the listing as it now reads, checked again.
 */
export type GenerationPartVersionChosen = Event<
  'GenerationPartVersionChosen',
  { generationId: string; part: PartId; version: number; result: Record<string, unknown> }
>;

export type PartVersionEvent =
  | GenerationPartRegenerationRequested
  | GenerationPartVersionRecorded
  | GenerationPartRegenerationFailed
  | GenerationPartVersionChosen;

export type GenerationEvent =
  | PartVersionEvent
  | GenerationQueued
  | GenerationEdited
  | GenerationRebuildFailed
  | GenerationStarted
  | GenerationHeartbeat
  | GenerationReleased
  | GenerationProgressed
  | GenerationPartRecorded
  | GenerationOutlinesReady
  | GenerationOutlineChosen
  | GenerationOutlineEdited
  | GenerationBriefEdited
  | GenerationOutlinesRewriteRequested
  | GenerationCompleted
  | GenerationFailed
  | GenerationResumed;
