// Validate on submit, then on every change once the user has tried: the messages are the tool's
// own request schema (TOOL_SCHEMAS in @studio/events), the one its route parses with.
import { type FieldErrors, fieldErrors } from '@studio/events/requests';
import { useCallback, useState } from 'react';
import type { AnyObject, ObjectSchema } from 'yup';

export function useFormErrors<T extends AnyObject>(schema: ObjectSchema<T>) {
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [submitted, setSubmitted] = useState(false);

  /** True when valid; otherwise shows the messages and focuses the first invalid field. */
  const check = useCallback(
    (values: unknown, form: HTMLFormElement | null): boolean => {
      const next = fieldErrors(schema, values);
      setErrors(next);
      setSubmitted(true);
      const failed = Object.keys(next);
      if (failed.length === 0) return true;
      const first = [...(form?.elements ?? [])].find(
        (element): element is HTMLElement =>
          element instanceof HTMLElement && failed.includes(element.getAttribute('name') ?? ''),
      );
      first?.focus();
      return false;
    },
    [schema],
  );

  const recheck = useCallback(
    (values: unknown) => {
      if (submitted) setErrors(fieldErrors(schema, values));
    },
    [submitted, schema],
  );

  const reset = useCallback(() => {
    setErrors({});
    setSubmitted(false);
  }, []);

  return { errors, check, recheck, reset };
}
