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
 * Parses a request part with a yup schema (unknown keys dropped); the first problem becomes the 400
 * message, so the schema's own messages (the spec's texts) reach the user unchanged. yup's generic
 * wording ("userId must be at most 100 characters") becomes "<field> is missing or invalid".
 */
export function parse<T>(schema: yup.Schema<T>, value: unknown): T {
  try {
    return schema.validateSync(value ?? {}, { abortEarly: true, stripUnknown: true });
  } catch (error) {
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
