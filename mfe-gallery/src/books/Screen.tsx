// The frame of the book screens: one h1, a subtitle, actions beside the title, no sideways overflow.
import { ScreenFrame, ScreenTitle, theme } from '@studio/kit';
import type { ReactNode } from 'react';

export interface ScreenProps {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}

export function Screen({ title, subtitle, actions, children }: ScreenProps) {
  return (
    <ScreenFrame maxWidth={1280}>
      <ScreenHeader heading={<ScreenTitle>{title}</ScreenTitle>} subtitle={subtitle} actions={actions} />
      {children}
    </ScreenFrame>
  );
}

export interface ScreenHeaderProps {
  heading: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  /** Where the actions stand beside a title and subtitle taller than they are. */
  alignActions?: 'flex-end' | 'center';
}

/** A gallery screen's header: its h1 and subtitle, and its actions beside them (below on a phone). */
export function ScreenHeader({ heading, subtitle, actions, alignActions = 'flex-end' }: ScreenHeaderProps) {
  return (
    <header
      css={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: alignActions,
        justifyContent: 'space-between',
        gap: 16,
      }}
    >
      <div css={{ display: 'grid', gap: 6, minWidth: 0 }}>
        {heading}
        {subtitle && <p css={{ color: theme.colors.textMuted, overflowWrap: 'anywhere' }}>{subtitle}</p>}
      </div>
      {actions && <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>{actions}</div>}
    </header>
  );
}
