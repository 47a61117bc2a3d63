import { picturePartOf, pictureRegenerationPrice } from './picture-parts';
import { COLORING_BOOK_COSTS } from './tool-catalog';

describe('picture parts', () => {
  it('names a kids page picture or a coloring design, 1-based; nothing else', () => {
    expect(picturePartOf('page-3-picture')).toEqual({ kind: 'page-picture', n: 3 });
    expect(picturePartOf('design-40')).toEqual({ kind: 'design', n: 40 });
    for (const other of [
      'page-0-picture',
      'page-3',
      'design-0',
      'design-01',
      'chapter-1',
      'cover',
      'design-1 ',
      '',
    ])
      expect(picturePartOf(other)).toBeUndefined();
  });

  it("costs the book's price shared among its pictures, rounded up", () => {
    expect(pictureRegenerationPrice('kids-book')).toBe(5);
    for (const [length, price] of Object.entries(COLORING_BOOK_COSTS))
      expect(pictureRegenerationPrice('coloring-book', Number(length))).toBe(
        Math.ceil(price / Number(length)),
      );
  });
});
