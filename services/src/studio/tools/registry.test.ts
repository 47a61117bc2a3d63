import { GENERATION_KINDS, type GenerationKind } from '@studio/events';
import { TOOL_LIST, TOOLS } from './registry';

/**
 * docs/product/creation-tools-qr.md (API) (the tool calls) and Limits and costs, transcribed by hand from the spec: the registry is
 * the only place routes and costs are written, so this fails if any spec tool is missing or
 * different. A tool added beyond the spec needs no edit here.
 */
const SPEC_ROUTES: Partial<Record<GenerationKind, string>> = {
  'non-fiction': 'POST /api/submit-non-fiction-form',
  'non-fiction-v2': 'POST /api/non-fiction-gen2/submit',
  'kdp-listing': 'POST /api/kdp-listings/create',
  'coloring-book': 'POST /api/generate-coloring-book',
  'coloring-page': 'POST /api/generate-coloring-book-page',
  'image-v2': 'POST /api/generate-image-v2',
  'image-edit': 'POST /api/edit-image',
  'kids-book': 'POST /api/generate-kids-book',
};

describe('the tool registry', () => {
  it('has one entry per generation kind, each under its own kind', () => {
    expect(Object.keys(TOOLS).sort()).toEqual([...GENERATION_KINDS].sort());
    for (const kind of GENERATION_KINDS) expect(TOOLS[kind].kind).toBe(kind);
  });

  it('declares the tool routes, and no route twice', () => {
    const routes = Object.fromEntries(TOOL_LIST.map((t) => [t.kind, `${t.route.method} ${t.route.path}`]));
    expect(routes).toMatchObject(SPEC_ROUTES);
    expect(new Set(Object.values(routes)).size).toBe(TOOL_LIST.length);
    expect(TOOLS['kids-book'].route.body).toBe('multipart');
  });

  it('charges the costs of docs/product/creation-tools-qr.md (Limits and costs), the coloring book by its length', () => {
    const costs = {
      'non-fiction': TOOLS['non-fiction'].cost({ Title: 'Bees', Description: 'All about bees' }),
      'non-fiction-v2': TOOLS['non-fiction-v2'].cost({
        title: 'Bees',
        description: 'All about bees and their hives',
        numChapters: 5,
        includeIntroduction: 'yes',
      }),
      'kdp-listing': TOOLS['kdp-listing'].cost({ bookTitle: 'Bees', bookPrompt: 'A book all about bees' }),
      'coloring-page': TOOLS['coloring-page'].cost({ prompt: 'a fox' }),
      'image-v2': TOOLS['image-v2'].cost({ prompt: 'a fox' }),
      'image-edit': TOOLS['image-edit'].cost({ prompt: 'make it blue', originalImageUrl: 'data:,' }),
      'kids-book': TOOLS['kids-book'].cost({
        storyDescription: 'A brave girl sails the sea',
        characterName: 'Mia',
        characterGender: 'girl',
      }),
    };
    expect(costs).toEqual({
      'non-fiction': 20,
      'non-fiction-v2': 20,
      'kdp-listing': 10,
      'coloring-page': 4,
      'image-v2': 6,
      'image-edit': 6,
      'kids-book': 100,
    });
    const book = (bookLength: 10 | 20 | 30 | 40) =>
      TOOLS['coloring-book'].cost({ prompt: 'owls', bookLength });
    expect([book(10), book(20), book(30), book(40)]).toEqual([20, 40, 60, 80]);
  });

  it('keeps the coloring book for Standard and Premium (docs/product/creation-tools-qr.md (Roles)) and every other tool open', () => {
    expect(TOOLS['coloring-book'].tiers).toEqual(['Standard', 'Premium']);
    for (const tool of TOOL_LIST) if (tool.kind !== 'coloring-book') expect(tool.tiers).toBeUndefined();
  });

  it('validates with the docs/product/creation-tools-qr.md (Validation) messages word for word', () => {
    const firstError = (kind: GenerationKind, body: object) => {
      try {
        TOOLS[kind].schema.validateSync(body);
        return undefined;
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(firstError('coloring-page', { prompt: '   ' })).toBe(
      'Please provide a prompt for your coloring page.',
    );
    expect(firstError('coloring-book', { prompt: '' })).toBe(
      'Please provide a prompt for your coloring book.',
    );
    expect(firstError('image-v2', {})).toBe('Prompt Required: Please enter a prompt for your image.');
    expect(firstError('non-fiction', { Title: 'ab', Description: 'long enough text' })).toBe(
      'Book title must be at least 3 characters.',
    );
    expect(firstError('non-fiction-v2', { title: 'Bees', description: 'too short' })).toBe(
      'Description must be at least 20 characters long',
    );
    expect(
      firstError('non-fiction-v2', {
        title: 'Bees',
        description: 'All about bees and hives',
        numChapters: 13,
      }),
    ).toBe('Please select the number of chapters');
    expect(
      firstError('kids-book', {
        storyDescription: 'x'.repeat(501),
        characterName: 'Mia',
        characterGender: 'girl',
      }),
    ).toBe('Story description must not exceed 500 characters');
    expect(
      firstError('kids-book', {
        storyDescription: 'x'.repeat(30),
        characterName: 'Mia',
        characterGender: 'cat',
      }),
    ).toBe('Please select if the character is a boy or girl');
    expect(firstError('image-edit', { prompt: 'make it blue' })).toBe(
      'Image Required: Please select an image to edit.',
    );
  });

  it('places each tool in the galleries of docs/product/creation-tools-qr.md (Screens and routes)', () => {
    const books = TOOL_LIST.filter((t) => t.gallery.some((g) => g.list === 'books')).map((t) => t.kind);
    expect(books.sort()).toEqual(['coloring-book', 'kids-book', 'non-fiction', 'non-fiction-v2']);
    expect(TOOLS['kdp-listing'].gallery).toEqual([{ list: 'listings' }]);
    expect(TOOLS['image-edit'].gallery).toEqual([{ list: 'images', source: 'image-editor' }]);
  });
});
