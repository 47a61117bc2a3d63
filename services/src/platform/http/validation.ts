import type { z } from 'zod';
import { DomainError } from '../errors';

/**
 * Parses a request part with a zod schema; the first problem becomes the 400 message, so the
 * schema's own messages (the spec's texts) reach the user unchanged.
 */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.');
  // zod's own wording ("Invalid input: expected string, received undefined") becomes a plain
  // sentence naming the field; messages a schema sets itself pass through unchanged.
  const generic = !issue || issue.message.startsWith('Invalid input');
  const message = generic ? (field ? `${field} is missing or invalid` : 'Invalid request') : issue.message;
  throw new DomainError('VALIDATION', message, field ? { field } : undefined);
}
