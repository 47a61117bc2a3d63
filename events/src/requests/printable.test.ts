import { TOOL_SCHEMAS } from '../tools';
import { editBookRequest, fieldErrors, readerQrRequest, updateProfileRequest } from './index';
import { isPrintable, unprintable, unprintableMessage } from './printable';
import { failedTests, REQUEST_TEXT_FIELDS } from './text-fields';

/** Every field whose words end up in a printed book (or its title or story is made from). */
const PRINTED = new Set([
  'updateProfileRequest penName',
  'editBookRequest title',
  'editBookRequest subtitle',
  'editBookRequest author',
  'editBookRequest blurb',
  'editBookRequest chapters[].title',
  'editBookRequest chapters[].text',
  'editBookRequest pages[].text',
  'readerQrRequest heading',
  'readerQrRequest words',
  'editOutlineRequest introduction',
  'editOutlineRequest chapters[].title',
  'editOutlineRequest chapters[].summary',
  'tool non-fiction Title',
  'tool non-fiction Description',
  'tool non-fiction-v2 title',
  'tool non-fiction-v2 description',
  'tool coloring-book prompt',
  'tool kids-book storyDescription',
  'tool kids-book characterName',
]);

const codePoints = (text: string) => [...text].map((c) => c.codePointAt(0) as number);

describe('what the book fonts can print', () => {
  it('covers Latin, Greek, Cyrillic and Hebrew with their punctuation', () => {
    const text =
      'Ça déjà vu, Œuvre ß Ł ğ Tiếng Việt “quoted” — it’s 5 € £ ¥ … ½ Ωμέγα Привет שלום ⟦x⟧ →\t\n\r';
    expect(codePoints(text).filter((c) => !isPrintable(c))).toEqual([]);
  });

  it('refuses emoji, CJK, Arabic, Devanagari and the symbols the fonts lack', () => {
    for (const c of ['😀', '李', 'あ', '한', 'ع', 'क', 'ก', '★', '✓', '♥', '\u{e803}', '\u2028'])
      expect(codePoints(c).some((p) => !isPrintable(p))).toBe(true);
  });

  it('names each character once, a whole emoji as one, the first five at most', () => {
    expect(unprintable('Hello 👍🏽 and 👍🏽, 👨‍👩‍👧 李')).toEqual(['👍🏽', '👨‍👩‍👧', '李']);
    expect(unprintable('a ✓ b ★ c')).toEqual(['✓', '★']);
    expect(unprintable('李白杜甫王维孟浩然')).toHaveLength(5);
    expect(unprintable('Plain words, déjà vu.')).toEqual([]);
  });

  it('says which field and which characters', () => {
    expect(unprintableMessage('The title', ['😀'])).toBe(
      'The title contains characters our book fonts cannot print (😀). Remove them or use another wording.',
    );
  });
});

describe('the fields that go into a printed file', () => {
  it.each(REQUEST_TEXT_FIELDS)('%s', (name, field) => {
    // A value every other rule of any field takes, so only the characters can fail.
    const refused = (value: string) => failedTests(field, value).includes('printable');
    expect(refused('Sunny 😀 days in the garden')).toBe(PRINTED.has(name));
    expect(refused('Sunny days in the garden, déjà vu')).toBe(false);
  });

  it('every printed field is among the request fields', () => {
    const names = REQUEST_TEXT_FIELDS.map(([name]) => name);
    for (const name of PRINTED) expect(names).toContain(name);
  });

  it('the form shows the message under the field', () => {
    expect(fieldErrors(editBookRequest, { title: 'My 😀 book', author: '李白' })).toEqual({
      title:
        'The title contains characters our book fonts cannot print (😀). Remove them or use another wording.',
      author:
        'The author contains characters our book fonts cannot print (李 白). Remove them or use another wording.',
    });
    expect(
      fieldErrors(TOOL_SCHEMAS['kids-book'], {
        storyDescription: 'A walk in the woods with a friendly fox ✨',
        characterName: 'Mia',
        characterGender: 'girl',
      }),
    ).toEqual({
      storyDescription:
        'The story description contains characters our book fonts cannot print (✨). Remove them or use another wording.',
    });
    expect(fieldErrors(readerQrRequest, { offer: 'newsletter', heading: 'Join us ★' })).toEqual({
      heading:
        'The line above the code contains characters our book fonts cannot print (★). Remove them or use another wording.',
    });
    expect(fieldErrors(updateProfileRequest, { name: 'Ada Lovelace', penName: 'A. L. 🖋' })).toEqual({
      penName:
        'The pen name contains characters our book fonts cannot print (🖋). Remove them or use another wording.',
    });
  });
});
