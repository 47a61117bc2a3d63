import type { HTMLAttributes, ReactNode } from 'react';
import { theme } from '../theme/theme';

export type AlertTone = 'info' | 'success' | 'warning' | 'danger';

// Inline icon paths (Lucide's info / circle-check / triangle-alert / circle-x): Alert is in the kit
// core, which the shell loads first, so it carries no icon library.
const icons = {
  info: ['M12 16v-4', 'M12 8h.01'],
  success: ['m9 12 2 2 4-4'],
  warning: ['M12 9v4', 'M12 17h.01'],
  danger: ['m15 9-6 6', 'm9 9 6 6'],
} as const;
const TRIANGLE = 'm21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3';

function AlertIcon({ tone, color }: { tone: AlertTone; color: string }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke={color}
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      css={{ flexShrink: 0, marginTop: 1 }}
    >
      {tone === 'warning' ? <path d={TRIANGLE} /> : <circle cx="12" cy="12" r="10" />}
      {icons[tone].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

const tones = {
  info: { bg: theme.colors.infoSoft, fg: theme.colors.info },
  success: { bg: theme.colors.successSoft, fg: theme.colors.success },
  warning: { bg: theme.colors.warningSoft, fg: theme.colors.warning },
  danger: { bg: theme.colors.dangerSoft, fg: theme.colors.danger },
} as const;

export interface AlertProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  tone?: AlertTone;
  title?: ReactNode;
}

/** Danger alerts are announced at once (role=alert); the others politely (role=status). */
export function Alert({ tone = 'info', title, children, ...props }: AlertProps) {
  const { bg, fg } = tones[tone];
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
      <AlertIcon tone={tone} color={fg} />
      <div css={{ display: 'grid', gap: 4, fontSize: theme.fontSizes.sm }}>
        {title && <strong css={{ color: fg }}>{title}</strong>}
        {children}
      </div>
    </div>
  );
}
