import { writeChapter, writeOutlines } from '../studio/writing/offline-writer';

/**
 * Tests and bench only: a long non-fiction book from the offline writer, `n` chapters of three
 * writer chapters' paragraphs each (60 make about 200 pages of 6×9). The description seeds the outline.
 */
export function longOfflineBook(n: number, description = 'Bees') {
  const [outline] = writeOutlines({
    title: 'Urban Beekeeping',
    description,
    numChapters: 12,
    includeIntroduction: false,
  });
  const chapters = Array.from({ length: n }, (_, i) => {
    const c = outline?.chapters[i % 12] as { title: string; summary: string };
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
  return { title: 'Urban Beekeeping', chapters };
}

/** A short book's chapters from the offline writer: `n` of them, one writer chapter each, about sourdough. */
export function sourdoughChapters(n: number) {
  const [outline] = writeOutlines({
    title: 'Sourdough at Home',
    description: 'Bread from a starter',
    numChapters: n,
    includeIntroduction: false,
  });
  return (outline?.chapters ?? []).map((c, i) =>
    writeChapter({
      bookTitle: 'Sourdough at Home',
      description: 'Bread',
      chapter: c,
      number: i + 1,
      total: n,
    }),
  );
}
