import { type AnyObjectSchema, ValidationError } from 'yup';
import { TOOL_SCHEMAS } from '../tools';
import {
  createQrCodeRequest,
  fieldErrors,
  generateBookRequest,
  QR_MESSAGES,
  qrColorsProblem,
  updateQrCodeRequest,
} from './index';

/** A request's validated value, or the message of its first problem (a crash is thrown as it is). */
function check(schema: AnyObjectSchema, value: unknown): { value: unknown } | { message: string } {
  try {
    return { value: schema.validateSync(value, { abortEarly: true, stripUnknown: true }) };
  } catch (error) {
    if (error instanceof ValidationError) return { message: error.message };
    throw error;
  }
}

const WRONG_TYPES: unknown[] = [[], ['a'], {}, { $gt: '' }];

describe('tool text fields given something else than text', () => {
  it.each([
    ['non-fiction', 'Title', 'Book title must be at least 3 characters.'],
    ['non-fiction', 'Description', 'Book description must be at least 10 characters.'],
    ['non-fiction-v2', 'title', 'Title must be at least 3 characters long'],
    ['non-fiction-v2', 'description', 'Description must be at least 20 characters long'],
    ['kdp-listing', 'bookTitle', 'Book title must be at least 3 characters long'],
    ['kdp-listing', 'bookPrompt', 'Book prompt must be at least 20 characters long'],
    ['coloring-book', 'prompt', 'Please provide a prompt for your coloring book.'],
    ['coloring-page', 'prompt', 'Please provide a prompt for your coloring page.'],
    ['image-v2', 'prompt', 'Prompt Required: Please enter a prompt for your image.'],
    [
      'image-edit',
      'prompt',
      'Description Required: Please describe the edits you want to make to your image.',
    ],
    ['kids-book', 'storyDescription', 'Story description must be at least 20 characters long'],
    ['kids-book', 'characterName', 'Character name must be at least 2 characters long'],
  ] as const)('%s: an array or object in %s gets the message "%s"', (kind, field, message) => {
    for (const value of WRONG_TYPES) {
      const errors = fieldErrors(TOOL_SCHEMAS[kind] as AnyObjectSchema, { [field]: value });
      expect(errors[field]).toBe(message);
    }
  });

  it('refuses a kids-book character name sent as a JSON number', () => {
    expect(
      check(TOOL_SCHEMAS['kids-book'], {
        storyDescription: 'A brave girl sails the sea',
        characterName: 12345,
        characterGender: 'girl',
      }),
    ).toEqual({ message: 'Character name must be at least 2 characters long' });
  });
});

describe('numbers are JSON numbers (or, where the spec sends text, digits)', () => {
  const coloring = (bookLength: unknown) =>
    check(TOOL_SCHEMAS['coloring-book'], { prompt: 'owls', bookLength });

  it('takes a coloring book length only as a number', () => {
    expect(coloring(20)).toEqual({ value: { prompt: 'owls', bookLength: 20 } });
    expect(check(TOOL_SCHEMAS['coloring-book'], { prompt: 'owls' })).toEqual({
      value: { prompt: 'owls', bookLength: 30 },
    });
    for (const bookLength of ['10', [10], true, { $gt: 0 }])
      expect(coloring(bookLength)).toEqual({ message: 'Choose 10, 20, 30 or 40 pages' });
  });

  it('takes the number of chapters as digits (the spec sends text) or a number, nothing else', () => {
    const gen2 = (numChapters: unknown) =>
      check(TOOL_SCHEMAS['non-fiction-v2'], {
        title: 'Bees',
        description: 'All about bees and their hives',
        numChapters,
      });
    expect(gen2('7')).toEqual({ value: expect.objectContaining({ numChapters: 7 }) });
    expect(gen2(7)).toEqual({ value: expect.objectContaining({ numChapters: 7 }) });
    for (const numChapters of [[5], true, '0x5', { $gt: 1 }])
      expect(gen2(numChapters)).toEqual({ message: 'Please select the number of chapters' });
  });

  it('takes the paper type as white or cream (absent: white), nothing else', () => {
    const withPaper = (paperType: unknown) =>
      check(TOOL_SCHEMAS['coloring-book'], { prompt: 'Foxes', bookLength: 10, paperType });
    expect(withPaper('cream')).toEqual({ value: expect.objectContaining({ paperType: 'cream' }) });
    expect(check(TOOL_SCHEMAS['non-fiction'], { Title: 'Bees', Description: 'All about bees' })).toEqual({
      value: expect.not.objectContaining({ paperType: expect.anything() }),
    });
    for (const paperType of ['glossy', 'premium-color', ['white'], 1])
      expect(withPaper(paperType)).toEqual({ message: 'Paper type must be white or cream' });
  });

  it('takes the outline index and id only as a number and a string', () => {
    expect(check(generateBookRequest, { outlineId: 'b1', outlineIndex: 2 })).toEqual({
      value: { outlineId: 'b1', outlineIndex: 2 },
    });
    for (const outlineIndex of [[1], true])
      expect(check(generateBookRequest, { outlineId: 'b1', outlineIndex })).toEqual({
        message: 'outlineIndex must be 0, 1 or 2',
      });
    for (const outlineId of [[], { $ne: null }])
      expect(check(generateBookRequest, { outlineId, outlineIndex: 0 })).toEqual({
        message: 'outlineId is required',
      });
  });
});

describe('QR requests', () => {
  const code = { title: 'Menu', linkType: 'direct', url: 'https://example.com/' };

  it('takes trackingEnabled on create only as a JSON boolean, true when absent', () => {
    expect(check(createQrCodeRequest, code)).toEqual({
      value: expect.objectContaining({ trackingEnabled: true }),
    });
    expect(check(createQrCodeRequest, { ...code, trackingEnabled: false })).toEqual({
      value: expect.objectContaining({ trackingEnabled: false }),
    });
    for (const trackingEnabled of ['false', 0, [], {}])
      expect(check(createQrCodeRequest, { ...code, trackingEnabled })).toEqual({
        message: expect.stringContaining('trackingEnabled'),
      });
  });

  it.each<[Record<string, unknown>]>([
    [{}],
    [{ $gt: '' }],
    [{ dark: '#000000' }],
    [{ dark: [], light: '#ffffff' }],
  ])('answers colours %j with the colour message on create and update', (colors) => {
    expect(check(createQrCodeRequest, { ...code, colors })).toEqual({ message: QR_MESSAGES.color });
    expect(check(updateQrCodeRequest, { colors })).toEqual({ message: QR_MESSAGES.color });
    expect(qrColorsProblem(colors)).toBe(QR_MESSAGES.color);
  });
});
