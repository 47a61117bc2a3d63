import { keyframes } from '@emotion/react';
import { theme } from '../theme/theme';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export interface SpinnerProps {
  size?: number;
  /** Announced to screen readers; pass null when a surrounding element already announces. */
  label?: string | null;
}

export function Spinner({ size = 24, label = 'Loading' }: SpinnerProps) {
  const ring = (
    <span
      aria-hidden
      css={{
        display: 'inline-block',
        width: size,
        height: size,
        borderRadius: '50%',
        border: `${Math.max(2, Math.round(size / 10))}px solid ${theme.colors.primarySoft}`,
        borderTopColor: theme.colors.primary,
        animation: `${spin} 0.8s linear infinite`,
      }}
    />
  );
  if (label === null) return ring;
  return (
    <span role="status" aria-label={label} css={{ display: 'inline-flex' }}>
      {ring}
    </span>
  );
}
