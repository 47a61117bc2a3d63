import { bookFileName, slugOf } from './download-names';

describe('book download names', () => {
  it('are the title as lower-case ASCII words, cut at a word boundary', () => {
    expect(slugOf('The Quiet Power of Habits')).toBe('the-quiet-power-of-habits');
    expect(slugOf('Crème Brûlée: 50 Recipes!')).toBe('creme-brulee-50-recipes');
    expect(slugOf('word '.repeat(30)).length).toBeLessThanOrEqual(60);
    expect(slugOf('word '.repeat(30)).endsWith('word')).toBe(true);
    expect(slugOf('???')).toBe('book');
  });

  it('name each book file by its role and trim, and leave other files alone', () => {
    const book = { kind: 'non-fiction-v2', title: 'The Quiet Power of Habits' };
    const id = 'gen-7a0fa0f2-6238-4421-88af-a4ba8b3d5a86';
    expect(bookFileName(book, `${id}-pdf.pdf`)).toBe('the-quiet-power-of-habits-interior-6x9.pdf');
    expect(bookFileName(book, `${id}-cover-pdf.pdf`)).toBe('the-quiet-power-of-habits-cover.pdf');
    expect(bookFileName(book, `${id}-epub.epub`)).toBe('the-quiet-power-of-habits.epub');
    expect(bookFileName(book, `${id}-docx.docx`)).toBe('the-quiet-power-of-habits.docx');
    expect(bookFileName(book, `${id}-cover.jpg`)).toBe('the-quiet-power-of-habits-ebook-cover.jpg');
    expect(bookFileName({ kind: 'kids-book', title: 'Mia' }, `${id}-pdf.pdf`)).toBe(
      'mia-interior-8.5x8.5.pdf',
    );
    expect(bookFileName(book, `${id}-page-1-image.png`)).toBeUndefined();
    expect(bookFileName({ kind: 'image-v2', title: 'x' }, `${id}-pdf.pdf`)).toBeUndefined();
  });
});
