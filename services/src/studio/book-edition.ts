import type { BookEdits, ReaderQr } from '@studio/events';
import { DomainError } from '../platform/errors';

/**
 * The words of a finished book as its files were (or are to be) typeset: what the Edit view shows
 * and what a rebuild typesets, without asking the AI again. Kept in the book's completion result
 * (`manuscript`, `pages`, `subtitle`, `author`) so the event log holds the text.
 */
export interface BookEdition {
  title: string;
  /** Set by the author; absent, the files carry the tool's own subtitle (the offline demo label). */
  subtitle?: string;
  author: string;
  /** The back cover's copy, written with the book (absent on books from before it was kept). */
  blurb?: string;
  /** Non-fiction: every chapter (the introduction first, without a label). */
  chapters?: Array<{ title: string; label?: string; paragraphs: string[] }>;
  /** Kids book: each page's text. */
  pages?: string[];
  /** The reader QR code on a back-matter page (the EPUB carries its link); absent on most books. */
  readerQr?: ReaderQr;
  /**
   * Picture parts the author chose a version of (`page-{n}-picture`, `design-{n}`): the stored
   * file a rebuild prints in its place. A picture not named here is the one the book was made with.
   */
  pictures?: Readonly<Record<string, string>>;
}

const BOOK_KINDS = ['non-fiction', 'non-fiction-v2', 'coloring-book', 'kids-book'];
const NON_FICTION = ['non-fiction', 'non-fiction-v2'];

const isChapter = (value: unknown): value is { title: string; label?: string; paragraphs: string[] } => {
  const chapter = value as { title?: unknown; paragraphs?: unknown } | null;
  return (
    typeof chapter?.title === 'string' &&
    Array.isArray(chapter.paragraphs) &&
    chapter.paragraphs.every((p) => typeof p === 'string')
  );
};

const isReaderQr = (value: unknown): value is ReaderQr => {
  const qr = value as Partial<ReaderQr> | null;
  return typeof qr?.qrId === 'string' && typeof qr.url === 'string' && typeof qr.heading === 'string';
};

/**
 * A finished book's edition from what its completion recorded; undefined when it cannot be rebuilt
 * (not a book, or non-fiction finished before its text was kept).
 */
export function editionOf(book: {
  kind: string;
  title?: string;
  author?: string;
  result?: Record<string, unknown>;
}): BookEdition | undefined {
  if (!BOOK_KINDS.includes(book.kind) || !book.title) return undefined;
  const result = book.result ?? {};
  const author = typeof result.author === 'string' ? result.author : (book.author ?? '');
  const edition: BookEdition = {
    title: book.title,
    author,
    ...(typeof result.subtitle === 'string' ? { subtitle: result.subtitle } : {}),
    ...(typeof result.blurb === 'string' ? { blurb: result.blurb } : {}),
    ...(isReaderQr(result.readerQr) ? { readerQr: result.readerQr } : {}),
  };
  if (NON_FICTION.includes(book.kind)) {
    const manuscript = result.manuscript;
    if (!Array.isArray(manuscript) || !manuscript.every(isChapter)) return undefined;
    return {
      ...edition,
      chapters: manuscript.map((c) => ({
        title: c.title,
        ...(c.label ? { label: c.label } : {}),
        paragraphs: c.paragraphs,
      })),
    };
  }
  if (book.kind === 'kids-book') {
    const pages = result.pages;
    if (!Array.isArray(pages) || !pages.every((p) => typeof p === 'string')) return undefined;
    return { ...edition, pages: pages as string[] };
  }
  return edition;
}

/** The edition with the author's changes; a chapter or page that does not exist is a 400. */
export function applyEdits(edition: BookEdition, edits: BookEdits): BookEdition {
  const next: BookEdition = { ...edition };
  if (edits.title !== undefined) next.title = edits.title;
  if (edits.author !== undefined) next.author = edits.author;
  if (edits.blurb !== undefined) next.blurb = edits.blurb;
  if (edits.readerQr !== undefined) next.readerQr = edits.readerQr;
  if (edits.subtitle !== undefined) {
    // An empty subtitle removes the author's own; the tool's default comes back.
    if (edits.subtitle) next.subtitle = edits.subtitle;
    else delete next.subtitle;
  }
  if (edits.chapters?.length) {
    const chapters = edition.chapters;
    if (!chapters) throw new DomainError('VALIDATION', 'This book has no chapters to edit');
    next.chapters = chapters.map((chapter) => ({ ...chapter }));
    for (const edit of edits.chapters) {
      const chapter = next.chapters[edit.index];
      if (!chapter) throw new DomainError('VALIDATION', `The book has no chapter ${edit.index + 1}`);
      chapter.title = edit.title;
      chapter.paragraphs = edit.paragraphs;
    }
  }
  if (edits.pictures?.length)
    next.pictures = {
      ...edition.pictures,
      ...Object.fromEntries(edits.pictures.map((p) => [p.part, p.blobId])),
    };
  if (edits.pages?.length) {
    const pages = edition.pages;
    if (!pages) throw new DomainError('VALIDATION', 'This book has no page texts to edit');
    next.pages = [...pages];
    for (const edit of edits.pages) {
      if (edit.index < 0 || edit.index >= pages.length)
        throw new DomainError('VALIDATION', `The book has no page ${edit.index + 1}`);
      next.pages[edit.index] = edit.text;
    }
  }
  return next;
}
