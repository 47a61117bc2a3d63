import type { GenerationStatus } from '@studio/events';
import { filterBooks, matchesSearch, matchesStatus } from './book-filters';

const book = (title: string, generationStatus: GenerationStatus, type = 'non-fiction') => ({
  title,
  type,
  generationStatus,
});
const books = [
  book('Garden Birds', 'completed'),
  book('The Birdwatcher', 'running'),
  book('Stars at Night', 'failed'),
  book('Outline Book', 'running', 'non-fiction-v2'),
  book('Picked Outline', 'outlines-ready', 'non-fiction-v2'),
  book('Edited Book', 'rebuilding', 'non-fiction-v2'),
];

describe('My Books search (docs/product/creation-tools-qr.md (Validation))', () => {
  it('matches a case-insensitive substring of the title', () => {
    expect(matchesSearch(book('Garden Birds', 'completed'), 'BIRD')).toBe(true);
    expect(matchesSearch(book('Garden Birds', 'completed'), 'den bi')).toBe(true);
    expect(matchesSearch(book('Garden Birds', 'completed'), 'fish')).toBe(false);
  });

  it('a blank search matches everything', () => {
    expect(filterBooks(books, '   ', 'all')).toHaveLength(books.length);
  });

  it('finds every title containing the text', () => {
    expect(filterBooks(books, 'bird', 'all').map((b) => b.title)).toEqual([
      'Garden Birds',
      'The Birdwatcher',
    ]);
  });
});

describe('My Books status filter (docs/product/creation-tools-qr.md (States))', () => {
  it('Draft is ERROR', () => {
    expect(filterBooks(books, '', 'draft').map((b) => b.title)).toEqual(['Stars at Night']);
  });

  it("In Progress is exactly 'In progress' (not Gen 2.0's finer statuses; a book being rebuilt is)", () => {
    expect(filterBooks(books, '', 'in-progress').map((b) => b.title)).toEqual([
      'The Birdwatcher',
      'Edited Book',
    ]);
    expect(matchesStatus(book('x', 'book-running', 'non-fiction-v2'), 'in-progress')).toBe(false);
  });

  it('Complete is Done', () => {
    expect(filterBooks(books, '', 'complete').map((b) => b.title)).toEqual(['Garden Birds']);
  });

  it('All Status keeps every book, and search and filter combine', () => {
    expect(filterBooks(books, '', 'all')).toHaveLength(6);
    expect(filterBooks(books, 'bird', 'complete').map((b) => b.title)).toEqual(['Garden Birds']);
  });
});
