// The string field every request schema builds on.
import * as yup from 'yup';

/**
 * A trimmed string that only a string satisfies: yup would otherwise accept 5 as "5". A non-string
 * fails with `message` (or yup's own wording, which the server turns into "<field> is missing or
 * invalid"). Pass `{ trim: false }` for passwords, which count as typed.
 */
export function text(message?: string, { trim = true }: { trim?: boolean } = {}) {
  // yup's own trim() and lowercase() throw on an array; these transforms leave non-strings alone.
  return yup
    .string()
    .transform((value: unknown, original: unknown) => (typeof original === 'string' ? value : original))
    .transform((value: unknown) => (trim && typeof value === 'string' ? value.trim() : value))
    .typeError(message ?? (({ path }: { path: string }) => `${path} is missing or invalid`));
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
