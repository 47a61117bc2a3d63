import type { Ref, TextareaHTMLAttributes } from 'react';
import { fieldStyles } from './field-styles';

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
}

/** A multi-line input; pair it with <Field label>. */
export function Textarea({ rows = 4, ...props }: TextareaProps) {
  return <textarea rows={rows} css={{ ...fieldStyles, resize: 'vertical' }} {...props} />;
}
