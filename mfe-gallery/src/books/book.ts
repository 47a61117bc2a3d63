// A book of My Books (docs/product/creation-tools-qr.md (Data)) and the rules of its card (States): badge colour, progress
// message, and which action buttons it offers.
import {
  type BookStage,
  bookStage,
  GENERATION_KINDS,
  type GenerationKind,
  type GenerationStatus,
  type ToolDurations,
} from '@studio/events';
import type { BadgeTone } from '@studio/kit';
import { usualTime } from '@studio/kit/live';
import { PROGRESS_MESSAGES, TIMED_PROGRESS_MESSAGES, TYPE_LABELS } from './texts';

export type BookType = 'non-fiction' | 'non-fiction-v2' | 'coloring-book' | 'kids-book';

export interface Book {
  id: string;
  userId?: string;
  title: string;
  type: BookType | string;
  /** The product's words for the status: shown, never compared (screens compare `stageOf`). */
  status: string;
  generationStatus: GenerationStatus;
  progress?: number;
  currentStep?: string;
  createdAt?: string;
  downloadLink?: string;
  shareLink?: string;
  finalBookFile?: string;
  'Final Product'?: string;
  'Final Book File'?: string;
  epubFile?: string;
  docxFile?: string;
  /** false for non-fiction made on a plan without EPUB (Basic): it has a PDF only. */
  epubIncluded?: boolean;
  /** Why a failed book failed (its credits were refunded). */
  error?: string;
  /** The ebook cover (JPEG): the card's thumbnail, as its small preview. */
  coverImage?: string;
  /** Why the last edit could not be typeset (the book kept its files). */
  rebuildError?: string;
  /** A finished book whose pictures will print soft (enlarged beyond their real detail). */
  printWarning?: string;
  /** Rebuilt with its reader QR codes: its Readers can be shown. */
  hasReaders?: boolean;
  /** An edited book whose files are being typeset again. */
  rebuilding?: boolean;
  outlineText1?: string;
  outlineText2?: string;
  outlineText3?: string;
}

/** Where the book stands, from its status in the shared vocabulary. */
export const stageOf = (book: Pick<Book, 'type' | 'generationStatus'>): BookStage =>
  bookStage(book.type, book.generationStatus);

const WORKING: BookStage[] = ['in-progress', 'outline-creation', 'book-creation'];

/** Something is being made (not waiting for the author's outline choice, not finished). */
export const isWorking = (book: Pick<Book, 'type' | 'generationStatus'>): boolean =>
  WORKING.includes(stageOf(book));

/** Badge colours (docs/product/creation-tools-qr.md (States)): in progress yellow, done green, error red, other grey. */
export function statusTone(book: Pick<Book, 'type' | 'generationStatus'>): BadgeTone {
  const stage = stageOf(book);
  if (stage === 'done') return 'success';
  if (stage === 'error') return 'danger';
  if (isWorking(book)) return 'warning';
  return 'neutral';
}

export const typeLabel = (type: string): string => TYPE_LABELS[type] ?? type;

export const progressPercent = (progress: number | undefined): number =>
  Math.max(0, Math.min(100, Math.round(Number(progress) || 0)));

const isGenerationKind = (type: string): type is GenerationKind =>
  (GENERATION_KINDS as readonly string[]).includes(type);

/**
 * The progress message of an unfinished book; null once it is Done or failed. Where the tool's
 * duration has been measured the message says that time instead of the product's fixed one.
 * Gen 2.0 is never measured (its request waits for the user's choice), so it keeps its words.
 */
export function progressMessage(
  book: Pick<Book, 'type' | 'generationStatus' | 'rebuilding'>,
  durations?: Partial<ToolDurations>,
): string | null {
  const stage = stageOf(book);
  if (stage === 'done' || stage === 'error') return null;
  if (book.rebuilding) return PROGRESS_MESSAGES.rebuilding;
  if (stage === 'outline-creation') return PROGRESS_MESSAGES.outlineCreation;
  if (stage === 'outline-finished') return PROGRESS_MESSAGES.outlineFinished;
  if (stage === 'book-creation') return PROGRESS_MESSAGES.bookCreation;
  const time = isGenerationKind(book.type) ? usualTime(durations?.[book.type]) : null;
  if (book.type === 'coloring-book')
    return time ? TIMED_PROGRESS_MESSAGES.coloringBook(time) : PROGRESS_MESSAGES.coloringBook;
  return time ? TIMED_PROGRESS_MESSAGES.default(time) : PROGRESS_MESSAGES.default;
}

/** The file of a legacy/other book: finalBookFile, then the list's fallbacks. */
export const finalFile = (book: Book): string | undefined =>
  book.finalBookFile || book['Final Product'] || book['Final Book File'] || undefined;

export type BookAction =
  | { kind: 'download'; href: string }
  /** A finished book whose file is missing: said plainly, never a placeholder link. */
  | { kind: 'file-missing' }
  | { kind: 'download-epub'; href: string }
  /** The manuscript as a Word document (non-fiction only), to finish in a word processor. */
  | { kind: 'download-docx'; href: string }
  | { kind: 'view-link'; href: string }
  | { kind: 'view-kids-book'; to: string }
  /** Gen 2.0 with its outlines ready: the next step is choosing one. */
  | { kind: 'choose-outline' }
  /** A finished book's words can be corrected; its files are rebuilt. */
  | { kind: 'edit'; to: string }
  /** A finished book can carry a reader QR code in its back matter. */
  | { kind: 'reader-qr' }
  /** A book with reader codes: its readers per edition, its email list, its bonus. */
  | { kind: 'readers' }
  | { kind: 'processing' };

const EDITABLE: string[] = ['non-fiction', 'non-fiction-v2', 'coloring-book', 'kids-book'];

/** The card's thumbnail: the small preview of the book's cover. */
export const coverThumbnail = (book: Pick<Book, 'coverImage'>): string | undefined =>
  book.coverImage ? `${book.coverImage}?preview` : undefined;

/** docs/product/creation-tools-qr.md (States) action buttons, per type; list view adds Gen 2.0's disabled 'Processing...'. */
export function bookActions(book: Book, view: 'grid' | 'list'): BookAction[] {
  const stage = stageOf(book);
  const done = stage === 'done';
  const actions: BookAction[] = [];
  switch (book.type) {
    case 'non-fiction-v2':
      if (done && book.downloadLink) actions.push({ kind: 'download', href: book.downloadLink });
      else if (stage === 'outline-finished') actions.push({ kind: 'choose-outline' });
      else if (view === 'list' && isWorking(book)) actions.push({ kind: 'processing' });
      break;
    case 'coloring-book':
      if (done && book.shareLink) actions.push({ kind: 'view-link', href: book.shareLink });
      break;
    case 'kids-book':
      if (done) {
        actions.push({ kind: 'view-kids-book', to: `/kids-book/${encodeURIComponent(book.id)}` });
        // The print PDF (8.5×8.5 with bleed); the EPUB follows below like every book's.
        const file = finalFile(book);
        if (file) actions.push({ kind: 'download', href: file });
      }
      break;
    default:
      if (done || progressPercent(book.progress) === 100) {
        const file = finalFile(book);
        actions.push(file ? { kind: 'download', href: file } : { kind: 'file-missing' });
      }
  }
  if (done && book.epubFile) actions.push({ kind: 'download-epub', href: book.epubFile });
  if (done && book.docxFile) actions.push({ kind: 'download-docx', href: book.docxFile });
  if (done && EDITABLE.includes(book.type))
    actions.push(
      { kind: 'edit', to: `/my-books/${encodeURIComponent(book.id)}/edit` },
      { kind: 'reader-qr' },
      ...(book.hasReaders ? [{ kind: 'readers' } as const] : []),
    );
  return actions;
}

/** Card click (docs/product/creation-tools-qr.md (Screens and routes)): Gen 2.0 opens the outline dialog, kids books their viewer, others nothing. */
export type CardClick = { kind: 'outlines' } | { kind: 'navigate'; to: string } | null;

export function cardClick(book: Pick<Book, 'id' | 'type'>): CardClick {
  if (book.type === 'non-fiction-v2') return { kind: 'outlines' };
  if (book.type === 'kids-book') return { kind: 'navigate', to: `/kids-book/${encodeURIComponent(book.id)}` };
  return null;
}
