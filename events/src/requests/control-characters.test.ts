import * as yup from 'yup';
import { TOOL_SCHEMAS } from '../tools';
import * as requests from './index';

/** Every request schema in the contracts package, by a name for the report. */
const SCHEMAS: Array<[string, yup.Schema]> = [
  ...Object.entries(requests as Record<string, unknown>).flatMap(
    ([name, value]): Array<[string, yup.Schema]> =>
      yup.isSchema(value) ? [[name, value as yup.Schema]] : [],
  ),
  ...Object.entries(TOOL_SCHEMAS).map(([kind, schema]): [string, yup.Schema] => [`tool ${kind}`, schema]),
];

/** Each text field of a schema, nested objects and list items included (`chapters[].text`). */
function textFields(schema: yup.Schema, path = ''): Array<[string, yup.Schema]> {
  if (schema instanceof yup.ObjectSchema)
    return Object.entries(schema.fields as Record<string, yup.Schema>).flatMap(([key, field]) =>
      textFields(field, path ? `${path}.${key}` : key),
    );
  if (schema instanceof yup.ArraySchema && schema.innerType)
    return textFields(schema.innerType as yup.Schema, `${path}[]`);
  return schema.type === 'string' ? [[path, schema]] : [];
}

/** The tests a value fails, by name (every test runs: abortEarly off). */
function failedTests(schema: yup.Schema, value: string): string[] {
  try {
    schema.validateSync(value, { abortEarly: false });
    return [];
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    return (error.inner.length > 0 ? error.inner : [error]).map((e) => e.type ?? '');
  }
}

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

const FIELDS = SCHEMAS.flatMap(([name, schema]) =>
  textFields(schema).map(([path, field]): [string, yup.Schema] => [`${name} ${path}`, field]),
);

describe('control characters in the text fields of every request', () => {
  it('finds the text fields of every request schema', () => {
    expect(FIELDS.length).toBeGreaterThan(60);
    for (const name of [...MULTI_LINE, ...ANY_CHARACTER])
      expect(FIELDS.map(([field]) => field)).toContain(name);
  });

  it.each(FIELDS.filter(([name]) => !ANY_CHARACTER.has(name)))(
    '%s refuses NUL, DEL and C1 controls',
    (_, field) => {
      for (const control of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085'])
        expect(refused(field, `ab${control}cd`)).toBe(true);
    },
  );

  it.each(FIELDS.filter(([name]) => !ANY_CHARACTER.has(name)))(
    '%s: line breaks and tabs as the field expects',
    (name, field) => {
      for (const space of ['\n', '\r\n', '\t'])
        expect(refused(field, `ab${space}cd`)).toBe(!MULTI_LINE.has(name));
    },
  );

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
