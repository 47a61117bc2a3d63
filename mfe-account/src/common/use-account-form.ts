// An account form's text values, checked with its request's own rules (useFormErrors): after a
// failed submit every change is checked again, and the first invalid field of the form gets focus.
import { type FormValidator, useFormErrors } from '@studio/kit/widgets';
import { useRef, useState } from 'react';

export function useAccountForm<V extends Record<keyof V, string>>(initial: V, validate: FormValidator<V>) {
  const [values, setValues] = useState<V>(initial);
  // The values as last set: two fields changed before the next render (an autofill, the carry-over
  // of what was typed on a prerendered page) must not undo each other.
  const latest = useRef(values);
  latest.current = values;
  const form = useRef<HTMLFormElement>(null);
  const { errors, check, recheck, reset } = useFormErrors<V>(validate);
  const set = (key: keyof V) => (value: string) => {
    const next = { ...latest.current, [key]: value };
    latest.current = next;
    setValues(next);
    recheck(next);
  };
  /** On submit: true when valid; otherwise shows the messages. */
  const valid = () => check(values, form.current);
  /** After a successful send: the initial values, and no messages until the next submit. */
  const clear = () => {
    latest.current = initial;
    setValues(initial);
    reset();
  };
  return { values, errors, set, form, valid, clear };
}

export type AccountForm<V extends Record<keyof V, string>> = ReturnType<typeof useAccountForm<V>>;
