import type { HTMLAttributes } from 'react';
import { theme } from '../theme/theme';

export type BadgeTone = 'neutral' | 'primary' | 'success' | 'warning' | 'danger' | 'info';

const tones: Record<BadgeTone, [string, string]> = {
  neutral: [theme.colors.surfaceMuted, theme.colors.textMuted],
  primary: [theme.colors.primarySoft, theme.colors.primary],
  success: [theme.colors.successSoft, theme.colors.success],
  warning: [theme.colors.warningSoft, theme.colors.warning],
  danger: [theme.colors.dangerSoft, theme.colors.danger],
  info: [theme.colors.infoSoft, theme.colors.info],
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
}

export function Badge({ tone = 'neutral', ...props }: BadgeProps) {
  const [background, color] = tones[tone];
  return (
    <span
      css={{
        display: 'inline-flex',
        alignItems: 'center',
        padding: '2px 8px',
        borderRadius: theme.radii.pill,
        fontSize: 11,
        fontWeight: 700,
        letterSpacing: 0.2,
        lineHeight: '16px',
        whiteSpace: 'nowrap',
        background,
        color,
      }}
      {...props}
    />
  );
}
