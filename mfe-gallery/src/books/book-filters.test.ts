import { filterBooks, matchesSearch, matchesStatus } from './book-filters';

const book = (title: string, status: string) => ({ title, status });
const books = [
  book('Garden Birds', 'Done'),
  book('The Birdwatcher', 'In progress'),
  book('Stars at Night', 'ERROR'),
  book('Outline Book', 'In progress (outline creation)'),
  book('Picked Outline', 'Outline finished'),
];

describe('My Books search (docs/product/creation-tools-qr.md (Validation))', () => {
  it('matches a case-insensitive substring of the title', () => {
    expect(matchesSearch(book('Garden Birds', 'Done'), 'BIRD')).toBe(true);
    expect(matchesSearch(book('Garden Birds', 'Done'), 'den bi')).toBe(true);
    expect(matchesSearch(book('Garden Birds', 'Done'), 'fish')).toBe(false);
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

  it("In Progress is exactly 'In progress' (not Gen 2.0's finer statuses)", () => {
    expect(filterBooks(books, '', 'in-progress').map((b) => b.title)).toEqual(['The Birdwatcher']);
    expect(matchesStatus(book('x', 'In progress (book creation)'), 'in-progress')).toBe(false);
  });

  it('Complete is Done', () => {
    expect(filterBooks(books, '', 'complete').map((b) => b.title)).toEqual(['Garden Birds']);
  });

  it('All Status keeps every book, and search and filter combine', () => {
    expect(filterBooks(books, '', 'all')).toHaveLength(5);
    expect(filterBooks(books, 'bird', 'complete').map((b) => b.title)).toEqual(['Garden Birds']);
  });
});
