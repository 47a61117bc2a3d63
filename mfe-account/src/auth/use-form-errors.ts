// Validate on submit, then again on every change once the user has tried to submit.
import { useCallback, useState } from 'react';
import { type Errors, hasErrors } from './validation';

export function useFormErrors<T extends object>(validate: (values: T) => Errors<T>) {
  const [errors, setErrors] = useState<Errors<T>>({});
  const [submitted, setSubmitted] = useState(false);

  /** On submit: true when valid; otherwise shows the messages and focuses the first invalid field. */
  const check = useCallback(
    (values: T, form: HTMLFormElement | null): boolean => {
      const next = validate(values);
      setErrors(next);
      setSubmitted(true);
      if (!hasErrors(next)) return true;
      form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      // The attribute lands on the next render; focus the first named field that failed instead.
      const first = Object.keys(next)[0];
      if (first) form?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return false;
    },
    [validate],
  );

  const recheck = useCallback(
    (values: T) => {
      if (submitted) setErrors(validate(values));
    },
    [submitted, validate],
  );

  return { errors, check, recheck };
}
