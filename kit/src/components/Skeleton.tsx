import { keyframes } from '@emotion/react';
import type { HTMLAttributes } from 'react';
import { theme } from '../theme/theme';

const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.45 } });

export interface SkeletonProps extends HTMLAttributes<HTMLDivElement> {
  width?: number | string;
  height?: number | string;
  radius?: string;
}

/** A loading placeholder; hidden from screen readers (announce loading elsewhere). */
export function Skeleton({ width = '100%', height = 16, radius = theme.radii.sm, ...props }: SkeletonProps) {
  return (
    <div
      aria-hidden
      css={{
        width,
        height,
        borderRadius: radius,
        background: theme.colors.border,
        animation: `${pulse} 1.6s ease-in-out infinite`,
      }}
      {...props}
    />
  );
}
