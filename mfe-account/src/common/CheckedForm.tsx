// An account form: checked by its request's rules on submit and sent only when valid and not
// already on its way, so a double click or Enter held down never sends twice.
import { Button, type ButtonSize } from '@studio/kit';
import type { FormEvent, ReactNode } from 'react';
import type { AccountForm } from './use-account-form';

export interface CheckedFormProps<V extends Record<keyof V, string>> {
  form: Pick<AccountForm<V>, 'form' | 'valid'>;
  label: string;
  busy: boolean;
  onValid: () => void;
  /** Before the check, on every submit (a server's message that the new try replaces). */
  onAttempt?: () => void;
  gap?: number;
  maxWidth?: number;
  children: ReactNode;
}

export function CheckedForm<V extends Record<keyof V, string>>({
  form,
  label,
  busy,
  onValid,
  onAttempt,
  gap = 16,
  maxWidth,
  children,
}: CheckedFormProps<V>) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAttempt?.();
    if (busy || !form.valid()) return;
    onValid();
  };
  return (
    <form
      ref={form.form}
      noValidate
      onSubmit={submit}
      aria-label={label}
      css={{ display: 'grid', gap, maxWidth }}
    >
      {children}
    </form>
  );
}

export interface SubmitButtonProps {
  busy: boolean;
  label: string;
  busyLabel: string;
  size?: ButtonSize;
  /** Held off for a reason of its own besides sending (a card form not ready yet). */
  disabled?: boolean;
}

/** The form's submit button: held while sending, saying so. */
export function SubmitButton({ busy, label, busyLabel, size, disabled = false }: SubmitButtonProps) {
  return (
    <Button type="submit" size={size} disabled={busy || disabled}>
      {busy ? busyLabel : label}
    </Button>
  );
}
