import type { Book } from './book';
import { canGenerate, hasOutlines, outlineDialogContent, outlineOptions, showsGenerate } from './outlines';

const v2: Book = {
  id: 'b',
  title: 'T',
  type: 'non-fiction-v2',
  status: 'Outline finished',
  generationStatus: 'outlines-ready',
};

describe('outline dialog rules (docs/product/creation-tools-qr.md (Validation))', () => {
  it('lists the outline texts with their index, leaving out empty ones', () => {
    expect(outlineOptions({ outlineText1: 'one', outlineText2: '  ', outlineText3: 'three' })).toEqual([
      { index: 0, text: 'one' },
      { index: 2, text: 'three' },
    ]);
  });

  it('outlines exist only for Gen 2.0 books with at least one outline text', () => {
    expect(hasOutlines({ ...v2, outlineText2: 'two' })).toBe(true);
    expect(hasOutlines(v2)).toBe(false);
    expect(hasOutlines({ ...v2, type: 'non-fiction', outlineText1: 'one' })).toBe(false);
  });

  it('the dialog says one thing: the outlines, that they are still being created, or that there are none', () => {
    expect(outlineDialogContent({ ...v2, outlineText1: 'one' })).toBe('outlines');
    expect(outlineDialogContent({ ...v2, generationStatus: 'running' })).toBe('still-creating');
    expect(outlineDialogContent({ ...v2, generationStatus: 'completed' })).toBe('no-outlines');
    expect(outlineDialogContent({ ...v2, type: 'non-fiction', generationStatus: 'running' })).toBe(
      'no-outlines',
    );
  });

  it("Generate Book is shown only with outlines and status 'Outline finished'", () => {
    expect(showsGenerate({ ...v2, outlineText1: 'one' })).toBe(true);
    expect(showsGenerate({ ...v2, generationStatus: 'book-running', outlineText1: 'one' })).toBe(false);
    expect(showsGenerate(v2)).toBe(false);
  });

  it('Generate Book is enabled only with a selection and no request in flight', () => {
    expect(canGenerate(null, false)).toBe(false);
    expect(canGenerate(0, false)).toBe(true);
    expect(canGenerate(2, true)).toBe(false);
  });
});
