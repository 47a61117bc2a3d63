// A non-fiction book's length and its book brief: the words each chapter is written to, the page
// count they make, and the brief's limits.
// docs/product/creation-tools-qr.md (Limits and costs)
// No yup here: the forms show the estimate and the limits without loading the schema library.

export const BOOK_LENGTHS = ['short', 'standard', 'long'] as const;
export type BookLength = (typeof BOOK_LENGTHS)[number];
/** Today's chapter length: what a request without `length` (and every older request) is written to. */
export const DEFAULT_BOOK_LENGTH: BookLength = 'standard';
export const BOOK_LENGTH_MESSAGE = 'Length must be short, standard or long';

export interface ChapterLength {
  label: string;
  /** The words a chapter is written to (the introduction too). */
  words: number;
  /** The paragraphs the writer is asked for: about `words` in this range. */
  paragraphs: readonly [number, number];
}

export const CHAPTER_LENGTHS: Record<BookLength, ChapterLength> = {
  short: { label: 'Short', words: 400, paragraphs: [3, 6] },
  standard: { label: 'Standard', words: 800, paragraphs: [6, 12] },
  long: { label: 'Long', words: 2000, paragraphs: [15, 25] },
};

/** A request's length: absent is the standard one. */
export const lengthOf = (input: { length?: BookLength | undefined }): ChapterLength =>
  CHAPTER_LENGTHS[input.length ?? DEFAULT_BOOK_LENGTH];

/**
 * Words on a full page of the 6×9 non-fiction interior (measured: offline books of 12 chapters,
 * 480 and 1,480 words a chapter, typeset at 28 and 52 pages).
 */
export const WORDS_PER_PAGE = 450;
/** The title page, the copyright page and the contents before the first chapter. */
const FRONT_MATTER_PAGES = 4;
/** KDP's least page count: an interior is padded to it. */
const MIN_PAGES = 24;

/**
 * The interior's page count, about: every chapter opens on a right-hand page, so it takes its
 * words' pages rounded up to an even count; the front matter before; at least KDP's 24.
 */
export function pageEstimate(chapters: number, length: BookLength = DEFAULT_BOOK_LENGTH): number {
  const pages = Math.ceil(CHAPTER_LENGTHS[length].words / WORDS_PER_PAGE);
  return Math.max(MIN_PAGES, FRONT_MATTER_PAGES + chapters * (pages + (pages % 2)));
}

/**
 * The book brief every chapter is written with: who it is for, how it sounds, the words it uses
 * and what it leaves out. Each field is optional in a request; the server fills the blanks from
 * the title and description (`effectiveBrief`).
 */
export interface BookBrief {
  audience: string;
  tone: string;
  keyTerms: string;
  avoid: string;
}
export const BRIEF_FIELDS = ['audience', 'tone', 'keyTerms', 'avoid'] as const;
export const BRIEF_LIMITS: Record<keyof BookBrief, number> = {
  audience: 200,
  tone: 200,
  keyTerms: 500,
  avoid: 500,
};
export const BRIEF_LABELS: Record<keyof BookBrief, string> = {
  audience: 'Audience',
  tone: 'Tone of voice',
  keyTerms: 'Key terms',
  avoid: 'Things to avoid',
};
