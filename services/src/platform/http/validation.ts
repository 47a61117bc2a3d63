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
  const message =
    issue?.code === 'invalid_type' && issue.input === undefined && field
      ? `${field} is required`
      : (issue?.message ?? 'Invalid request');
  throw new DomainError('VALIDATION', message, field ? { field } : undefined);
}
