import {
  CHAPTER_LENGTHS,
  type GenerationPhase,
  type GenerationRequest,
  KIDS_BOOK_PAGES,
  lengthOf,
} from '@studio/events';

/** The calls `GENERATION_TIMEOUT_MS` is meant for; a bigger job gets proportionally longer. */
export const CALLS_PER_TIMEOUT = 12;

/**
 * A chapter's call counts as many standard calls as its words are standard chapters: a model
 * takes about as long per word written, so a long book's chapters take longer each.
 */
const chapterWeight = (input: Parameters<typeof lengthOf>[0]) =>
  lengthOf(input).words / CHAPTER_LENGTHS.standard.words;

/** How many AI calls a phase of a job makes (the book's size decides most of them), in standard calls. */
export function aiCallsOf(request: GenerationRequest, phase: GenerationPhase): number {
  switch (request.kind) {
    case 'non-fiction':
      return 1 + 7 * chapterWeight(request.input); // the outlines, then an introduction and six chapters
    case 'non-fiction-v2':
      return phase === 'main'
        ? 1
        : (request.input.numChapters + (request.input.includeIntroduction ? 1 : 0)) *
            chapterWeight(request.input);
    case 'coloring-book':
      // A styled book's cover is a picture of its own.
      return request.input.bookLength + (request.input.style ? 1 : 0);
    case 'kids-book':
      return 2 + KIDS_BOOK_PAGES; // the story and the character, then a picture a page
    default:
      return 1;
  }
}

/**
 * A job's timeout scales with its size: `GENERATION_TIMEOUT_MS` covers 12 calls, and a phase
 * making more gets that much longer (a 40-design coloring book: 40/12 of it), never less.
 */
export function jobTimeoutMs(baseMs: number, request: GenerationRequest, phase: GenerationPhase): number {
  return Math.round(baseMs * Math.max(1, aiCallsOf(request, phase) / CALLS_PER_TIMEOUT));
}
