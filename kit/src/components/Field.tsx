// A label, a control and its hint or error, wired together for screen readers.
import * as LabelPrimitive from '@radix-ui/react-label';
import { type ComponentProps, cloneElement, type ReactElement, useId } from 'react';
import { theme } from '../theme/theme';

export function Label(props: ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root
      css={{ fontSize: theme.fontSizes.sm, fontWeight: 600, color: theme.colors.text, display: 'block' }}
      {...props}
    />
  );
}

export interface FieldProps {
  label: string;
  /** The single form control; it receives id, aria-describedby and aria-invalid. */
  children: ReactElement<{ id?: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }>;
  hint?: string;
  error?: string;
}

export function Field({ label, children, hint, error }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div css={{ display: 'grid', gap: 6 }}>
      <Label htmlFor={id}>{label}</Label>
      {cloneElement(children, {
        id,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
      })}
      {hint && (
        <p id={hintId} css={{ fontSize: theme.fontSizes.xs, color: theme.colors.textMuted }}>
          {hint}
        </p>
      )}
      {error && (
        <p
          id={errorId}
          role="alert"
          css={{ fontSize: theme.fontSizes.xs, color: theme.colors.danger, fontWeight: 500 }}
        >
          {error}
        </p>
      )}
    </div>
  );
}
