// An account form's text values, checked with its request's own rules (useFormErrors): after a
// failed submit every change is checked again, and the first invalid field of the form gets focus.
import { type FormValidator, useFormErrors } from '@studio/kit/widgets';
import { useRef, useState } from 'react';

export function useAccountForm<V extends Record<keyof V, string>>(initial: V, validate: FormValidator<V>) {
  const [values, setValues] = useState<V>(initial);
  const form = useRef<HTMLFormElement>(null);
  const { errors, check, recheck, reset } = useFormErrors<V>(validate);
  const set = (key: keyof V) => (value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    recheck(next);
  };
  /** On submit: true when valid; otherwise shows the messages. */
  const valid = () => check(values, form.current);
  /** After a successful send: the initial values, and no messages until the next submit. */
  const clear = () => {
    setValues(initial);
    reset();
  };
  return { values, errors, set, form, valid, clear };
}

export type AccountForm<V extends Record<keyof V, string>> = ReturnType<typeof useAccountForm<V>>;
