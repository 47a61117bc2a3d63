import type * as yup from 'yup';
import { TOOL_SCHEMAS } from '../tools';
import * as requests from './index';
import { failedTests, REQUEST_TEXT_FIELDS } from './text-fields';

/**
 * Refused for its characters: a control character, or not one of the field's fixed words (yup
 * checks `oneOf` first and stops there; the 400 names the field all the same).
 */
const refused = (field: yup.Schema, value: string) =>
  failedTests(field, value).some((test) => test === 'controls' || test === 'oneOf');

/** Typed in a text area: these keep line breaks and tabs. */
const MULTI_LINE = new Set([
  'tool non-fiction Description',
  'tool non-fiction-v2 description',
  'tool kdp-listing bookPrompt',
  'tool coloring-book prompt',
  'tool coloring-page prompt',
  'tool image-v2 prompt',
  'tool image-edit prompt',
  'tool kids-book storyDescription',
  'editBookRequest chapters[].text',
  'editBookRequest pages[].text',
  'createQrCodeRequest description',
  'createQrCodeRequest landingPage.description',
  'createQrCodeRequest landingPage.thankYouMessage',
  'updateQrCodeRequest description',
  'updateQrCodeRequest landingPage.description',
  'updateQrCodeRequest landingPage.thankYouMessage',
  'landingPageSettingsSchema description',
  'landingPageSettingsSchema thankYouMessage',
  // A summary's line breaks become spaces: an outline keeps one summary per line.
  'editOutlineRequest introduction',
  'editOutlineRequest chapters[].summary',
]);
/** Passwords count as typed, any character: they are hashed and never shown. */
const ANY_CHARACTER = new Set([
  'registerRequest password',
  'loginRequest password',
  'changePasswordRequest currentPassword',
  'changePasswordRequest newPassword',
  'resetPasswordRequest password',
]);

/**
 * A whole file: its cells are checked once it is parsed, as the single request's fields are, and
 * the 400 names the row (services/src/qr/bulk.ts).
 */
const FILES = new Set(['bulkQrCodesRequest csv']);

const FIELDS = REQUEST_TEXT_FIELDS;
const CHECKED = FIELDS.filter(([name]) => !ANY_CHARACTER.has(name) && !FILES.has(name));

describe('control characters in the text fields of every request', () => {
  it('finds the text fields of every request schema', () => {
    expect(FIELDS.length).toBeGreaterThan(60);
    for (const name of [...MULTI_LINE, ...ANY_CHARACTER, ...FILES])
      expect(FIELDS.map(([field]) => field)).toContain(name);
  });

  it.each(CHECKED)('%s refuses NUL, DEL and C1 controls', (_, field) => {
    for (const control of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085'])
      expect(refused(field, `ab${control}cd`)).toBe(true);
  });

  it.each(CHECKED)('%s: line breaks and tabs as the field expects', (name, field) => {
    for (const space of ['\n', '\r\n', '\t'])
      expect(refused(field, `ab${space}cd`)).toBe(!MULTI_LINE.has(name));
  });

  it('names the field in the message a route answers', () => {
    expect(() =>
      TOOL_SCHEMAS['image-edit'].validateSync({ prompt: 'make it sepia \u0000', originalImageUrl: 'data:,' }),
    ).toThrow('prompt must not contain control characters');
    expect(() =>
      requests.editBookRequest.validateSync({ chapters: [{ index: 0, title: 'T\nT', text: 'x' }] }),
    ).toThrow('chapters[0].title must not contain control characters');
  });

  it('lets passwords hold any character, as typed', () => {
    expect(
      requests.loginRequest.validateSync({ email: 'a@example.com', password: 'tab\tand\u0000nul' }).password,
    ).toBe('tab\tand\u0000nul');
  });
});
