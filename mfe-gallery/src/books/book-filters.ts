// My Books search and status filter (docs/product/creation-tools-qr.md (States, Validation)).
import type { Book } from './book';
import type { StatusFilter } from './texts';

/** Case-insensitive substring match on the title; a blank search matches everything. */
export function matchesSearch(book: Pick<Book, 'title'>, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return needle === '' || (book.title ?? '').toLowerCase().includes(needle);
}

/** draft = ERROR; in-progress = exactly 'In progress'; complete = Done; all = no filter. */
export function matchesStatus(book: Pick<Book, 'status'>, filter: StatusFilter): boolean {
  switch (filter) {
    case 'draft':
      return book.status === 'ERROR';
    case 'in-progress':
      return book.status === 'In progress';
    case 'complete':
      return book.status === 'Done';
    default:
      return true;
  }
}

export function filterBooks<B extends Pick<Book, 'title' | 'status'>>(
  books: readonly B[],
  search: string,
  filter: StatusFilter,
): B[] {
  return books.filter((book) => matchesSearch(book, search) && matchesStatus(book, filter));
}
