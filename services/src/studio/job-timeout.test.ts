import { jobTimeoutMs } from './job-timeout';

const TEN_MINUTES = 600_000;
/** A Gen 2.0 request for a book of `numChapters` chapters and an introduction. */
const gen2Book = (numChapters: number) =>
  ({
    kind: 'non-fiction-v2',
    input: { title: 'Bees', description: 'On roofs', numChapters, includeIntroduction: true },
  }) as const;

describe('a job’s timeout scales with its size', () => {
  it('gives a job of up to 12 calls the configured timeout', () => {
    expect(jobTimeoutMs(TEN_MINUTES, { kind: 'image-v2', input: { prompt: 'a fox' } }, 'main')).toBe(
      TEN_MINUTES,
    );
    expect(
      jobTimeoutMs(
        TEN_MINUTES,
        { kind: 'non-fiction', input: { title: 'Bees', description: 'On roofs' } },
        'main',
      ),
    ).toBe(TEN_MINUTES);
  });

  it('gives a bigger job its calls ÷ 12 of it: a 40-design coloring book is not held to a 12-call budget', () => {
    const coloring = { kind: 'coloring-book', input: { prompt: 'owls', bookLength: 40 } } as const;
    expect(jobTimeoutMs(TEN_MINUTES, coloring, 'main')).toBe(2_000_000);
    const kids = {
      kind: 'kids-book',
      input: { storyDescription: 'Pip swims', characterName: 'Pip', characterGender: 'boy' },
    } as const;
    expect(jobTimeoutMs(TEN_MINUTES, kids, 'main')).toBe(1_300_000);
  });

  it('counts a Gen 2.0 book by its phase: one call for the outlines, a call a chapter for the book', () => {
    const gen2 = gen2Book(20);
    expect(jobTimeoutMs(TEN_MINUTES, gen2, 'main')).toBe(TEN_MINUTES);
    expect(jobTimeoutMs(TEN_MINUTES, gen2, 'book')).toBe(1_050_000);
  });

  it('counts a long book’s chapters by their words: a long chapter is two and a half standard calls', () => {
    const gen2 = gen2Book(12);
    expect(jobTimeoutMs(TEN_MINUTES, gen2, 'book')).toBe(650_000);
    expect(jobTimeoutMs(TEN_MINUTES, { ...gen2, input: { ...gen2.input, length: 'long' } }, 'book')).toBe(
      1_625_000,
    );
    expect(jobTimeoutMs(TEN_MINUTES, { ...gen2, input: { ...gen2.input, length: 'short' } }, 'book')).toBe(
      TEN_MINUTES,
    );
    const v1 = {
      kind: 'non-fiction',
      input: { title: 'Bees', description: 'On roofs', length: 'long' },
    } as const;
    expect(jobTimeoutMs(TEN_MINUTES, v1, 'main')).toBe(Math.round((TEN_MINUTES * 18.5) / 12));
  });
});
