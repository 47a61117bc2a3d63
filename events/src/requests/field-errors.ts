// For forms: every field's first message at once (the server stops at the first problem).
import { type AnyObject, type ObjectSchema, ValidationError } from 'yup';

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

export function fieldErrors<T extends AnyObject>(schema: ObjectSchema<T>, values: unknown): FieldErrors<T> {
  try {
    schema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: FieldErrors<T> = {};
    for (const issue of error.inner.length > 0 ? error.inner : [error]) {
      const field = issue.path as keyof T | undefined;
      if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
    }
    return errors;
  }
}
