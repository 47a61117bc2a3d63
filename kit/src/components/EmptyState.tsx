// The one design of "nothing here yet" in every list (books, images, listings, QR codes): a dashed
// panel with an icon, a heading, one line of help and the way to make the first one.
import type { ReactNode } from 'react';
import { theme } from '../theme/theme';

export interface EmptyStateProps {
  /** A decorative icon (drawn muted, 40 px). */
  icon?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  /** Links or buttons that create the first item; none when a filter hides what exists. */
  actions?: ReactNode;
}

export function EmptyState({ icon, title, children, actions }: EmptyStateProps) {
  return (
    <div
      data-empty-state
      css={{
        display: 'grid',
        justifyItems: 'center',
        gap: 12,
        padding: '48px 16px',
        textAlign: 'center',
        border: `1px dashed ${theme.colors.border}`,
        borderRadius: theme.radii.lg,
        background: theme.colors.surface,
        '& > svg': { width: 40, height: 40, color: theme.colors.textMuted },
      }}
    >
      {icon}
      <h2 css={{ fontSize: theme.fontSizes.lg, fontWeight: 700, margin: 0 }}>{title}</h2>
      {children && <p css={{ color: theme.colors.textMuted, margin: 0, maxWidth: '40ch' }}>{children}</p>}
      {actions && (
        <div css={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 8 }}>{actions}</div>
      )}
    </div>
  );
}
