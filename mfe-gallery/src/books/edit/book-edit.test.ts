import { type BookEdition, changesOf, draftOf, isBuilding } from './book-edit';

const edition: BookEdition = {
  id: 'b1',
  type: 'non-fiction',
  status: 'Done',
  generationStatus: 'completed',
  editable: true,
  title: 'Window Boxes',
  subtitle: '',
  author: 'Tess',
  chapters: [
    { title: 'Introduction', text: 'Why herbs.' },
    { title: 'Sun', label: 'Chapter 1', text: 'Six hours.\n\nWater at dawn.' },
  ],
};

describe('the Edit view sends only what changed', () => {
  it('nothing when the draft is the edition', () => {
    expect(changesOf(edition, draftOf(edition))).toBeNull();
  });

  it('the changed metadata (trimmed) and the changed chapters by position', () => {
    const draft = draftOf(edition);
    draft.title = '  Herbs on the Sill ';
    const sun = draft.chapters[1] as { title: string; text: string };
    sun.text = 'Eight hours.';
    expect(changesOf(edition, draft)).toEqual({
      title: 'Herbs on the Sill',
      chapters: [{ index: 1, title: 'Sun', text: 'Eight hours.' }],
    });
  });

  it("a kids book's changed pages, and an emptied subtitle", () => {
    const kids: BookEdition = {
      ...edition,
      type: 'kids-book',
      chapters: [],
      subtitle: 'Old',
      pages: ['a', 'b'],
    };
    const draft = draftOf(kids);
    draft.pages[1] = 'B!';
    draft.subtitle = '';
    expect(changesOf(kids, draft)).toEqual({ subtitle: '', pages: [{ index: 1, text: 'B!' }] });
  });

  it('the back cover blurb, trimmed, only when it changed', () => {
    const draft = draftOf({ ...edition, blurb: 'Grow herbs.' });
    expect(changesOf({ ...edition, blurb: 'Grow herbs.' }, draft)).toBeNull();
    draft.blurb = ' Grow herbs on any sill. ';
    expect(changesOf({ ...edition, blurb: 'Grow herbs.' }, draft)).toEqual({
      blurb: 'Grow herbs on any sill.',
    });
  });

  it('knows a book still in progress', () => {
    expect(isBuilding({ type: 'kids-book', generationStatus: 'rebuilding' })).toBe(true);
    expect(isBuilding({ type: 'kids-book', generationStatus: 'completed' })).toBe(false);
  });
});
