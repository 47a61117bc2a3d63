// The string field every request schema builds on.
import * as yup from 'yup';

/** Control characters (Unicode Cc: C0, DEL, C1), line breaks and tabs among them. */
const ANY_CONTROL = /\p{Cc}/u;
/** The same but tab, line feed and carriage return, which a multi-line text keeps. */
const CONTROL_BUT_LINES = /(?![\t\n\r])\p{Cc}/u;

interface TextOptions {
  /** Passwords count as typed: no trim, and any character (they are hashed, never shown). */
  trim?: boolean;
  /**
   * 'one' (the default): a field shown on one line (a title, a name, an address) refuses tabs and
   * line breaks too; 'many': a text typed in a text area (a prompt, a description, a chapter)
   * keeps them. Both refuse NUL and every other control character: they are invisible, break
   * the SVG and XML every text ends up in, and failed jobs on purpose.
   */
  lines?: 'one' | 'many';
}

/**
 * A trimmed string that only a string satisfies: yup would otherwise accept 5 as "5". A non-string
 * fails with `message` (or yup's own wording, which the server turns into "<field> is missing or
 * invalid"); a control character fails with "<field> must not contain control characters" (test
 * `controls`). Pass `{ trim: false }` for passwords, which count as typed.
 */
export function text(message?: string, { trim = true, lines = 'one' }: TextOptions = {}) {
  // yup's own trim() and lowercase() throw on an array; these transforms leave non-strings alone.
  const string = yup
    .string()
    .transform((value: unknown, original: unknown) => (typeof original === 'string' ? value : original))
    .transform((value: unknown) => (trim && typeof value === 'string' ? value.trim() : value))
    .typeError(message ?? (({ path }: { path: string }) => `${path} is missing or invalid`));
  if (!trim) return string;
  return string.test({
    name: 'controls',
    message: ({ path }: { path: string }) => `${path} must not contain control characters`,
    test: (value) =>
      typeof value !== 'string' || !(lines === 'one' ? ANY_CONTROL : CONTROL_BUT_LINES).test(value),
  });
}

const DECIMAL = /^\s*-?\d+(\.\d+)?\s*$/;

/**
 * A number, or the decimal text of one (a query string, a select's value). yup would otherwise read
 * [5] as 5 and "0x10" as 16; an array, a boolean, an object or other text fails with `message`.
 */
export function numeric(message: string) {
  return yup
    .number()
    .transform((value: unknown, original: unknown) =>
      typeof original === 'number' || (typeof original === 'string' && DECIMAL.test(original))
        ? value
        : Number.NaN,
    )
    .typeError(message);
}

/** Lower-cases a string and leaves anything else for the type check. */
export const lowerCase = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value);

/** An optional id: '' and absent are the same, and both become undefined. */
export const optionalId = (max = 255) =>
  text()
    .max(max)
    .transform((value: string | undefined) => value || undefined)
    .optional();
