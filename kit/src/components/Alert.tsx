import { AlertTriangle, CheckCircle2, Info, XCircle } from 'lucide-react';
import type { HTMLAttributes, ReactNode } from 'react';
import { theme } from '../theme/theme';

export type AlertTone = 'info' | 'success' | 'warning' | 'danger';

const tones = {
  info: { bg: theme.colors.infoSoft, fg: theme.colors.info, Icon: Info },
  success: { bg: theme.colors.successSoft, fg: theme.colors.success, Icon: CheckCircle2 },
  warning: { bg: theme.colors.warningSoft, fg: theme.colors.warning, Icon: AlertTriangle },
  danger: { bg: theme.colors.dangerSoft, fg: theme.colors.danger, Icon: XCircle },
} as const;

export interface AlertProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  tone?: AlertTone;
  title?: ReactNode;
}

/** Danger alerts are announced at once (role=alert); the others politely (role=status). */
export function Alert({ tone = 'info', title, children, ...props }: AlertProps) {
  const { bg, fg, Icon } = tones[tone];
  return (
    <div
      role={tone === 'danger' ? 'alert' : 'status'}
      css={{
        display: 'flex',
        gap: 12,
        padding: '12px 16px',
        borderRadius: theme.radii.md,
        background: bg,
        color: theme.colors.text,
        borderLeft: `4px solid ${fg}`,
      }}
      {...props}
    >
      <Icon size={20} color={fg} aria-hidden css={{ flexShrink: 0, marginTop: 1 }} />
      <div css={{ display: 'grid', gap: 4, fontSize: theme.fontSizes.sm }}>
        {title && <strong css={{ color: fg }}>{title}</strong>}
        {children}
      </div>
    </div>
  );
}
