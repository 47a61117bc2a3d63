import * as yup from 'yup';
import type { z } from 'zod';
import { DomainError } from '../errors';

/**
 * Parses a request part with its schema; the first problem becomes the 400 message, so the
 * schema's own messages (the spec's texts) reach the user unchanged. Unknown fields are dropped.
 */
export function parse<T>(schema: yup.Schema<T>, value: unknown): T;
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S>;
export function parse(schema: yup.Schema | z.ZodType, value: unknown): unknown {
  if (!(schema instanceof yup.Schema)) return parseZod(schema, value);
  try {
    return schema.validateSync(value ?? {}, { abortEarly: true, stripUnknown: true });
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    const field = error.path || undefined;
    // yup's own wording ("x must be a `string` type, but …") becomes a plain sentence naming the
    // field; messages a schema sets itself pass through unchanged.
    const own = typeof error.message === 'string' && !/ must be a `|is a required field$/.test(error.message);
    const message = own ? error.message : field ? `${field} is missing or invalid` : 'Invalid request';
    throw new DomainError('VALIDATION', message, field ? { field } : undefined);
  }
}

function parseZod<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.');
  const generic = !issue || issue.message.startsWith('Invalid input');
  const message = generic ? (field ? `${field} is missing or invalid` : 'Invalid request') : issue.message;
  throw new DomainError('VALIDATION', message, field ? { field } : undefined);
}
