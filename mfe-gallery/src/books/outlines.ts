// The outline dialog's rules (docs/product/creation-tools-qr.md (Screens and routes, Validation)).
import { type Book, stageOf } from './book';

export interface OutlineOption {
  /** 0, 1 or 2: the outlineIndex the generate call sends. */
  index: 0 | 1 | 2;
  text: string;
}

/** The outline texts a book holds, with their index (empty texts are left out). */
export function outlineOptions(
  book: Pick<Book, 'outlineText1' | 'outlineText2' | 'outlineText3'>,
): OutlineOption[] {
  const texts = [book.outlineText1, book.outlineText2, book.outlineText3];
  return texts.flatMap((text, index) =>
    typeof text === 'string' && text.trim() !== '' ? [{ index: index as 0 | 1 | 2, text }] : [],
  );
}

/** Outlines exist only for Gen 2.0 books with at least one outline text. */
export const hasOutlines = (book: Book): boolean =>
  book.type === 'non-fiction-v2' && outlineOptions(book).length > 0;

/**
 * What the dialog shows, one message at a time: the outlines; or, for a Gen 2.0 book whose
 * outlines are still being written, that they are coming; or, for anything else, that there are none.
 */
export type OutlineDialogContent = 'outlines' | 'still-creating' | 'no-outlines';

export function outlineDialogContent(book: Book): OutlineDialogContent {
  if (hasOutlines(book)) return 'outlines';
  if (stageOf(book) === 'outline-creation') return 'still-creating';
  return 'no-outlines';
}

/** Generate Book is shown only for Gen 2.0 books with outlines whose status is 'Outline finished'. */
export const showsGenerate = (book: Book): boolean =>
  hasOutlines(book) && stageOf(book) === 'outline-finished';

/** …and enabled only when an outline is selected and no request is in flight. */
export const canGenerate = (selected: number | null, inFlight: boolean): boolean =>
  selected !== null && !inFlight;
