import * as yup from 'yup';
import { DomainError } from '../errors';

/** yup's own default messages, to tell them from the spec's texts a schema sets itself. */
const DEFAULT_TEMPLATES = Object.values(yup.defaultLocale).flatMap((group) =>
  Object.values(group as Record<string, unknown>).filter(
    (template): template is string | ((params: Record<string, unknown>) => string) =>
      typeof template === 'string' || typeof template === 'function',
  ),
);

function isYupWording(error: yup.ValidationError): boolean {
  return DEFAULT_TEMPLATES.some((template) => {
    try {
      return yup.ValidationError.formatError(template, error.params ?? {}) === error.message;
    } catch {
      return false;
    }
  });
}

/**
 * How deep and how big a request may be. The deepest request nests objects two levels
 * (`landingPage.title`) and the largest has a few dozen values; beyond these nothing is valid, and
 * yup walks (and prints) values recursively, so a 45 000-deep array would overflow its stack.
 */
const MAX_DEPTH = 8;
const MAX_VALUES = 1000;

const invalidRequest = () => new DomainError('VALIDATION', 'Invalid request');

/** `{}` from JSON, or a body parser's `Object.create(null)`: anything else is not a request object. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * A key a schema could mistake for one of its own: yup looks fields up by name on a plain object,
 * so `toString` or `constructor` finds `Object.prototype`'s member instead of a field.
 */
const inheritedName = (key: string) => key in Object.prototype || key === 'prototype';

/**
 * A copy of the request holding only data: own keys that no object inherits (dropped at every
 * depth, as unknown keys are), at most MAX_DEPTH levels and MAX_VALUES values, or a 400.
 */
function dataOnly(value: unknown): unknown {
  let values = 0;
  const copy = (node: unknown, depth: number): unknown => {
    values += 1;
    if (values > MAX_VALUES || depth > MAX_DEPTH) throw invalidRequest();
    if (Array.isArray(node)) return node.map((item) => copy(item, depth + 1));
    if (typeof node !== 'object' || node === null) return node;
    if (!isPlainObject(node)) throw invalidRequest();
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(node)) {
      if (!inheritedName(key)) out[key] = copy(node[key], depth + 1);
    }
    return out;
  };
  return copy(value, 0);
}

/**
 * Parses a request part with a yup schema (unknown keys dropped); the first problem becomes the 400
 * message, so the schema's own messages (the spec's texts) reach the user unchanged. yup's generic
 * wording ("userId must be at most 100 characters") becomes "<field> is missing or invalid", and a
 * body that is not an object becomes "Invalid request". Only data reaches yup (`dataOnly`): a body
 * too deep, too big or holding anything but JSON's plain objects is a 400 "Invalid request" too.
 */
export function parse<T>(schema: yup.Schema<T>, value: unknown): T {
  const data = dataOnly(value ?? {});
  try {
    return schema.validateSync(data, { abortEarly: true, stripUnknown: true });
  } catch (error) {
    // A last resort: whatever slipped past the bounds must still not become a 500.
    if (error instanceof RangeError) throw invalidRequest();
    if (!(error instanceof yup.ValidationError)) throw error;
    const field = error.path || undefined;
    const message = isYupWording(error)
      ? field
        ? `${field} is missing or invalid`
        : 'Invalid request'
      : error.message;
    throw new DomainError('VALIDATION', message, field ? { field } : undefined);
  }
}
