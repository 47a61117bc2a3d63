import type { AnyObject, StringSchema } from 'yup';
import { hasOnlyVisibleCharacters } from './account';
import { printable } from './printable';

const visible = (v: string | undefined) => !v || hasOnlyVisibleCharacters(v);

/**
 * A one-line text that ends up printed (a title, an author, a line on a cover): no control or
 * invisible characters ("`name` must not contain…"), none the book fonts cannot print ("`field` contains…").
 */
export function printedText<S extends StringSchema<string | undefined, AnyObject, undefined, ''>>(
  schema: S,
  name: string,
  field = name,
): S {
  return schema
    .test('visible', `${name} must not contain control or invisible characters`, visible)
    .test(printable(field));
}
