import { CHAPTER_LENGTHS } from '@studio/events';
import { PIP_STORY } from '../../testing/pip';
import { isCompleteResult, parseOutline, renderOutline } from './book-text';
import { DEMO_NOTE, writeChapter, writeKidsStory, writeOutlines } from './offline-writer';

const brief = {
  title: 'Urban Beekeeping',
  description: 'Keeping healthy bees on a city rooftop, from the first hive to the first honey',
  numChapters: 5,
  includeIntroduction: true,
};

/** Chapter `i` (from 0) of `outline`, written for the brief: `more` adds to what the writer is told. */
const chapterOf = (
  outline: ReturnType<typeof writeOutlines>[number],
  i: number,
  more: Partial<Parameters<typeof writeChapter>[0]> = {},
) =>
  writeChapter({
    bookTitle: brief.title,
    description: brief.description,
    chapter: outline.chapters[i] as { title: string; summary: string },
    number: i + 1,
    total: outline.chapters.length,
    ...more,
  });

describe('the offline writer', () => {
  it('writes three outlines with different approaches and chapter titles, each with numChapters chapters', () => {
    const outlines = writeOutlines(brief);
    expect(new Set(outlines.map((o) => o.approach)).size).toBe(3);
    const titles = outlines.map((o) => o.chapters.map((c) => c.title).join('|'));
    expect(new Set(titles).size).toBe(3);
    expect(outlines.every((o) => o.chapters.length === 5 && o.introduction)).toBe(true);
    expect(isCompleteResult({ task: 'outlines', brief }, { outlines })).toBe(true);
    expect(titles.join(' ')).toMatch(/Urban Beekeeping/);
  });

  it('leaves the introduction out when it is not wanted', () => {
    expect(writeOutlines({ ...brief, includeIntroduction: false }).every((o) => !o.introduction)).toBe(true);
  });

  it('is seeded by the request: the same brief writes the same text, another brief other text', () => {
    expect(writeOutlines(brief)).toEqual(writeOutlines(brief));
    expect(renderOutline(writeOutlines({ ...brief, title: 'Sourdough Bread' })[0])).not.toEqual(
      renderOutline(writeOutlines(brief)[0]),
    );
  });

  it('writes chapters of several paragraphs about the subject, labelled as a demo', () => {
    const [outline] = writeOutlines(brief);
    const chapter = chapterOf(outline, 1);
    expect(chapter.paragraphs.length).toBeGreaterThanOrEqual(5);
    expect(chapter.paragraphs[0]).toContain(DEMO_NOTE);
    expect(chapter.paragraphs.join(' ')).toMatch(/beekeeping|rooftop|bees/i);
    expect(chapter.paragraphs.slice(1).every((p) => p.split('. ').length >= 3)).toBe(true);
  });

  it('never writes the same sentence twice in a chapter, in any chapter of a book', () => {
    for (const outline of writeOutlines(brief))
      outline.chapters.forEach((chapter, i) => {
        const text = chapterOf(outline, i);
        const sentences = text.paragraphs.join(' ').match(/[^.!?]+[.!?]/g) ?? [];
        expect(sentences.length).toBeGreaterThan(15);
        const repeated = sentences.map((s) => s.trim()).filter((s, n, all) => all.indexOf(s) !== n);
        expect({ chapter: chapter.title, repeated }).toEqual({ chapter: chapter.title, repeated: [] });
      });
  });

  it('tells the story the description asks for: who comes along and where, and another description another story', () => {
    const tell = (storyDescription: string) =>
      writeKidsStory({ storyDescription, characterName: 'Mia', characterGender: 'girl', pages: 24 }).pages;
    const dragon = tell(
      'Mia finds a tiny dragon in the garden and they learn to share their berries with the birds.',
    );
    const text = dragon.join(' ');
    expect(text.match(/dragon/g)?.length).toBeGreaterThanOrEqual(5);
    expect(text.match(/the garden/g)?.length).toBeGreaterThanOrEqual(3);
    expect(text).toContain('share the berries with the birds');
    const seaside = tell('Mia meets a shy crab at the seaside and learns to swim');
    // Page 1 names the request in both; of the other 23 pages, most are told otherwise.
    const same = dragon.filter((page, i) => i > 0 && page === seaside[i]).length;
    expect(same).toBeLessThan(8);
    expect(seaside.join(' ')).toMatch(/crab.*seaside|seaside.*crab/);
  });

  it('writes a 24-page kids story that uses the character name and the story', () => {
    const story = writeKidsStory({ ...PIP_STORY, pages: 24 });
    expect(story.pages).toHaveLength(24);
    expect(story.pages.filter((p) => p.includes('Pip')).length).toBeGreaterThan(12);
    expect(story.pages[0]).toContain('learns to swim at the seaside');
    expect(story.title).toContain('Pip');
  });

  it('reads a rendered outline back into the same chapters for the book phase', () => {
    const [outline] = writeOutlines(brief);
    expect(parseOutline(renderOutline(outline))).toEqual(outline);
    expect(() => parseOutline('no chapters here')).toThrow('The chosen outline has no chapters');
  });

  const wordsOf = (paragraphs: string[]) => paragraphs.join(' ').split(/\s+/).length;
  const sentencesOf = (paragraphs: string[]) =>
    (paragraphs.join(' ').match(/[^.!?]+[.!?]/g) ?? []).map((s) => s.trim());

  it('writes longer chapters for longer books, and still never the same sentence twice in one', () => {
    for (const outline of writeOutlines({ ...brief, numChapters: 12 })) {
      const words = (length: keyof typeof CHAPTER_LENGTHS, i: number) => {
        const text = chapterOf(outline, i, { words: CHAPTER_LENGTHS[length].words });
        const sentences = sentencesOf(text.paragraphs);
        expect(sentences.filter((s, n) => sentences.indexOf(s) !== n)).toEqual([]);
        return wordsOf(text.paragraphs);
      };
      for (let i = 0; i < 12; i++) {
        const [short, standard, long] = [words('short', i), words('standard', i), words('long', i)];
        expect(short).toBeLessThan(standard);
        expect(long).toBeGreaterThan(standard * 2);
      }
    }
  });

  it('writes with the book brief and the chapter before it in mind', () => {
    const [outline] = writeOutlines(brief);
    const chapter = chapterOf(outline, 2, {
      bookBrief: {
        audience: 'Retired teachers',
        tone: 'Calm',
        keyTerms: 'propolis, smoker',
        avoid: 'Jargon',
      },
      memory: [{ number: 2, title: 'Your First Hive', summary: 'Boxes.', written: true }],
    });
    expect(chapter.paragraphs[0]).toContain('It is written for retired teachers.');
    expect(chapter.paragraphs[0]).toContain('It follows on from chapter 2.');
    expect(chapter.paragraphs.join(' ')).toMatch(/propolis|smoker/);
    expect(chapter.summary).toContain((outline.chapters[2] as { summary: string }).summary);
  });
});
