import { bookPage, bookPages, clampPage, isEmptyPage, KIDS_BOOK_PAGES, pageImageFileName } from './kids-book';

describe('kids book pages (docs/product/creation-tools-qr.md (Screens and routes))', () => {
  it('clamps the page between 1 and 24', () => {
    expect(clampPage(0)).toBe(1);
    expect(clampPage(-5)).toBe(1);
    expect(clampPage(25)).toBe(24);
    expect(clampPage(12)).toBe(12);
    expect(clampPage(Number.NaN)).toBe(1);
    expect(clampPage(3.7)).toBe(3);
  });

  it('reads PageN text and PNGN image, null where missing or blank', () => {
    const record = { Page1: 'Once upon a time', PNG1: '/p1.png', Page2: ' ', PNG3: '/p3.png' };
    expect(bookPage(record, 1)).toEqual({ number: 1, text: 'Once upon a time', image: '/p1.png' });
    expect(bookPage(record, 2)).toEqual({ number: 2, text: null, image: null });
    expect(bookPage(record, 3)).toEqual({ number: 3, text: null, image: '/p3.png' });
    expect(bookPage(record, 99).number).toBe(24);
  });

  it('has 24 pages; a page with neither text nor image is empty (dimmed)', () => {
    const pages = bookPages({ Page5: 'text only', PNG6: '/six.png' });
    expect(pages).toHaveLength(KIDS_BOOK_PAGES);
    expect(pages.filter((p) => !isEmptyPage(p)).map((p) => p.number)).toEqual([5, 6]);
  });

  it('names the downloaded picture after the title and page', () => {
    expect(pageImageFileName("Mia's Dragon Day!", 7)).toBe('mia-s-dragon-day-page-7.png');
    expect(pageImageFileName(undefined, 1)).toBe('kids-book-page-1.png');
  });
});
