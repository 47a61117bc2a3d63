// One text box of an account form: labelled, bound to its value, showing its rule's message.
import { Field, Input, type InputProps } from '@studio/kit/widgets';
import type { AccountForm } from './use-account-form';

export interface TextFieldProps<V extends Record<keyof V, string>>
  extends Omit<InputProps, 'name' | 'value' | 'onChange' | 'form'> {
  form: Pick<AccountForm<V>, 'values' | 'errors' | 'set'>;
  name: keyof V & string;
  label: string;
  hint?: string;
  /** A message from elsewhere (the server's answer) shown when the rules find none. */
  error?: string;
}

export function TextField<V extends Record<keyof V, string>>({
  form,
  name,
  label,
  hint,
  error,
  ...input
}: TextFieldProps<V>) {
  return (
    <Field label={label} hint={hint} error={form.errors[name] ?? error}>
      <Input
        name={name}
        value={form.values[name]}
        onChange={(e) => form.set(name)(e.target.value)}
        {...input}
      />
    </Field>
  );
}
