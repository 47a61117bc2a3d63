// The dashboard's Book Progress rules (docs/product/accounts-billing-admin.md (Screens and routes: Dashboard)): 5 books, or 3 under 390 px; the stats; bar colours.
import { isFinished } from '@studio/events';
import { DASHBOARD_BOOK_LIMIT, DASHBOARD_BOOK_LIMIT_NARROW } from '@studio/kit';
import type { Book } from '../api/types';

export interface BookListView {
  visible: Book[];
  /** Books not shown: the button reads 'View N More' when > 0, else 'View All Books'. */
  hidden: number;
}

export function bookListView(books: readonly Book[], narrow: boolean): BookListView {
  const limit = narrow ? DASHBOARD_BOOK_LIMIT_NARROW : DASHBOARD_BOOK_LIMIT;
  return { visible: books.slice(0, limit), hidden: Math.max(0, books.length - limit) };
}

/** Every unfinished book counts as in progress (Gen 2.0's outline stages too). */
export const isInProgress = (book: Pick<Book, 'generationStatus'>): boolean =>
  !isFinished(book.generationStatus);

export const isDone = (book: Pick<Book, 'generationStatus'>): boolean =>
  book.generationStatus === 'completed';

/** How long a failed book stays on the dashboard with its reason (My Books keeps it for good). */
export const FAILED_SHOWN_MS = 3 * 24 * 60 * 60 * 1000;

/** The books that failed lately, newest first, at most three: they left Book Progress, not the user's mind. */
export const recentlyFailed = (books: readonly Book[], now: number): Book[] =>
  books
    .filter(
      (book) =>
        book.generationStatus === 'failed' &&
        book.createdAt !== undefined &&
        now - Date.parse(book.createdAt) < FAILED_SHOWN_MS,
    )
    .sort((a, b) => Date.parse(b.createdAt ?? '') - Date.parse(a.createdAt ?? ''))
    .slice(0, 3);

export interface DashboardStats {
  totalBooks: number;
  inProgress: number;
  completed: number;
}

export function dashboardStats(books: readonly Book[]): DashboardStats {
  return {
    totalBooks: books.length,
    inProgress: books.filter(isInProgress).length,
    completed: books.filter(isDone).length,
  };
}

export const FANTASY_PINK = '#db2777';
export const PROGRESS_GREEN = '#16a34a';

/** Pink for theme Fantasy, green for every other theme. */
export const progressColor = (theme: string | undefined): string =>
  theme?.trim().toLowerCase() === 'fantasy' ? FANTASY_PINK : PROGRESS_GREEN;

export const progressPercent = (progress: number | undefined): number =>
  Math.max(0, Math.min(100, Math.round(Number(progress) || 0)));
