import { writeChapter, writeOutlines } from '../writing/offline-writer';
import { estimatedNonFictionPages, nonFictionInterior } from './interior';
import { gutterFor } from './kdp';

/** A book of `n` offline chapters, three writer chapters' paragraphs each (the bench's long book). */
function book(n: number) {
  const [outline] = writeOutlines({
    title: 'Urban Beekeeping',
    description: 'Bees',
    numChapters: 12,
    includeIntroduction: false,
  });
  const chapters = Array.from({ length: n }, (_, i) => {
    const c = outline!.chapters[i % 12] as { title: string; summary: string };
    const parts = [0, 1, 2].map((k) =>
      writeChapter({
        bookTitle: 'Urban Beekeeping',
        description: 'Bees',
        chapter: c,
        number: i * 3 + k + 1,
        total: n,
      }),
    );
    return { title: `${i + 1}. ${c.title}`, paragraphs: parts.flatMap((p) => p.paragraphs) };
  });
  return { title: 'Urban Beekeeping', author: 'Ada Writer', notices: [], chapters };
}

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
