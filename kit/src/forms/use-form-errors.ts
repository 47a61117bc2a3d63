// Validate on submit, then again on every change once the user has tried to submit, with the
// request's own rules and messages (@studio/events/requests, the schema its route parses with).
import type { FieldErrors } from '@studio/events/requests';
import { useCallback, useState } from 'react';

/**
 * Each field's first message, `{}` when valid: `(values) => fieldErrors(schema, values)`.
 * A function rather than the schema: the caller's bundle holds the yup the schema was made with,
 * and reading its errors with another copy of yup (the shell's, which provides this shared entry)
 * would not recognise them.
 */
export type FormValidator<T> = (values: unknown) => FieldErrors<T>;

export function useFormErrors<T>(validate: FormValidator<T>) {
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [submitted, setSubmitted] = useState(false);

  /** On submit: true when valid; otherwise shows the messages and focuses the first invalid field. */
  const check = useCallback(
    (values: unknown, form: HTMLFormElement | null): boolean => {
      const next = validate(values);
      setErrors(next);
      setSubmitted(true);
      const failed = Object.keys(next);
      if (failed.length === 0) return true;
      // aria-invalid lands on the next render: focus the first failed field in the form's own order.
      const first = [...(form?.elements ?? [])].find(
        (element): element is HTMLElement =>
          element instanceof HTMLElement && failed.includes(element.getAttribute('name') ?? ''),
      );
      first?.focus();
      return false;
    },
    [validate],
  );

  const recheck = useCallback(
    (values: unknown) => {
      if (submitted) setErrors(validate(values));
    },
    [submitted, validate],
  );

  /** After a successful send: a fresh form shows no messages until it is submitted again. */
  const reset = useCallback(() => {
    setErrors({});
    setSubmitted(false);
  }, []);

  return { errors, check, recheck, reset };
}
