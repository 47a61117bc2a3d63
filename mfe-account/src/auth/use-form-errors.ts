// Validate on submit, then again on every change once the user has tried to submit. The rules and
// messages are the request's own schema (@studio/events/requests), the one its route parses with.
import { type FieldErrors, fieldErrors } from '@studio/events/requests';
import { useCallback, useState } from 'react';
import type { AnyObject, ObjectSchema } from 'yup';

export function useFormErrors<T extends AnyObject>(schema: ObjectSchema<T>) {
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [submitted, setSubmitted] = useState(false);

  /** On submit: true when valid; otherwise shows the messages and focuses the first invalid field. */
  const check = useCallback(
    (values: unknown, form: HTMLFormElement | null): boolean => {
      const next = fieldErrors(schema, values);
      setErrors(next);
      setSubmitted(true);
      const failed = Object.keys(next);
      if (failed.length === 0) return true;
      // The aria-invalid attribute lands on the next render: focus the first failed field in
      // the form's own order.
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

  return { errors, check, recheck };
}
