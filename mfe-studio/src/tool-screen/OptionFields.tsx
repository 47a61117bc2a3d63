// The controls a tool's options are made of, bound to the tool form by field name: the value, the
// setter and the message come from the form, so a tool writes only what differs (label, hint).
import { theme } from '@studio/kit';
import { Field, Input, RadioGroup, type RadioGroupProps, Textarea } from '@studio/kit/widgets';
import type { ReactNode } from 'react';
import { StyleField } from '../styles/StyleField';
import type { FormValues, OptionsProps } from './ToolScreen';

type TextName<V> = { [F in keyof V]: V[F] extends string ? F : never }[keyof V] & string;

/** A text option: a one-line input, or a text area when `rows` is given. */
export function TextOption<V extends FormValues>({
  form,
  name,
  label,
  rows,
  placeholder,
  hint,
}: {
  form: OptionsProps<V>;
  name: TextName<V>;
  label: string;
  rows?: number;
  placeholder?: string;
  hint?: string;
}) {
  const control = {
    name,
    value: form.values[name] as string,
    placeholder,
    onChange: (e: { target: { value: string } }) => form.set(name, e.target.value as V[typeof name]),
  };
  return (
    <Field label={label} error={form.errors[name]} hint={hint}>
      {rows ? <Textarea rows={rows} {...control} /> : <Input {...control} />}
    </Field>
  );
}

/** A radio group headed by a visible label (a group has no single control a <label> could name). */
export function RadioOption({
  id,
  label,
  error,
  children,
  ...group
}: Omit<RadioGroupProps, 'id' | 'aria-labelledby'> & {
  /** The heading's id, which names the group. */
  id: string;
  label: string;
  error?: string;
  /** Said below the group, e.g. a live estimate. */
  children?: ReactNode;
}) {
  return (
    <div css={{ display: 'grid', gap: 6 }}>
      <span id={id} css={{ fontSize: theme.fontSizes.sm, fontWeight: 600 }}>
        {label}
      </span>
      <RadioGroup aria-labelledby={id} {...group} />
      {error && (
        <p role="alert" css={{ fontSize: theme.fontSizes.xs, color: theme.colors.danger }}>
          {error}
        </p>
      )}
      {children}
    </div>
  );
}

/** The art style, bound to the tool form's `style` field like the options above. */
export function StyleOption<V extends FormValues & { style: string }>({
  form,
  note,
}: {
  form: OptionsProps<V>;
  /** Where the style goes when not on everything the tool makes. */
  note?: string;
}) {
  return (
    <StyleField
      value={form.values.style}
      onChange={(style) => form.set('style', style as V['style'])}
      error={form.errors.style}
      note={note}
    />
  );
}
