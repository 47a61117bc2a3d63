import { longOfflineBook } from '../../testing/offline-books';
import { estimatedNonFictionPages, nonFictionInterior } from './interior';
import { gutterFor } from './kdp';

/** The bench's long book, `n` chapters long. */
const book = (n: number) => ({ ...longOfflineBook(n), author: 'Ada Writer', notices: [] });

describe('interior page estimate', () => {
  it('puts a long book in the gutter band it sets to, so its first count is not thrown away', async () => {
    const long = book(60);
    const { pages } = await nonFictionInterior(long);
    expect(pages).toBeGreaterThan(150);
    expect(gutterFor(estimatedNonFictionPages(long))).toBe(gutterFor(pages));
  }, 60_000);

  it('grows with the text and with the chapters', () => {
    const short = book(6);
    expect(estimatedNonFictionPages(book(20))).toBeGreaterThan(estimatedNonFictionPages(short));
    const moreChapters = { ...short, chapters: [...short.chapters, { title: 'Notes', paragraphs: [] }] };
    expect(estimatedNonFictionPages(moreChapters)).toBeGreaterThan(estimatedNonFictionPages(short));
  });
});
