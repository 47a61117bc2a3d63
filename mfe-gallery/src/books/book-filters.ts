// My Books search and status filter (docs/product/creation-tools-qr.md (States, Validation)).
import { type Book, stageOf } from './book';
import type { StatusFilter } from './texts';

/** Case-insensitive substring match on the title; a blank search matches everything. */
export function matchesSearch(book: Pick<Book, 'title'>, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return needle === '' || (book.title ?? '').toLowerCase().includes(needle);
}

/** draft = ERROR; in-progress = exactly 'In progress' (not Gen 2.0's finer stages); complete = Done; all = no filter. */
export function matchesStatus(book: Pick<Book, 'type' | 'generationStatus'>, filter: StatusFilter): boolean {
  switch (filter) {
    case 'draft':
      return stageOf(book) === 'error';
    case 'in-progress':
      return stageOf(book) === 'in-progress';
    case 'complete':
      return stageOf(book) === 'done';
    default:
      return true;
  }
}

export function filterBooks<B extends Pick<Book, 'title' | 'type' | 'generationStatus'>>(
  books: readonly B[],
  search: string,
  filter: StatusFilter,
): B[] {
  return books.filter((book) => matchesSearch(book, search) && matchesStatus(book, filter));
}
