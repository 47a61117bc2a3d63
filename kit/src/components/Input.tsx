import type { InputHTMLAttributes, Ref } from 'react';
import { fieldStyles } from './field-styles';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

/** A text input; pair it with <Field label> (or aria-label) so it is always labelled. */
export function Input(props: InputProps) {
  return <input css={fieldStyles} {...props} />;
}
