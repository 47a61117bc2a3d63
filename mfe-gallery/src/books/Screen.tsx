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
      <header
        css={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'flex-end',
          justifyContent: 'space-between',
          gap: 16,
        }}
      >
        <div css={{ display: 'grid', gap: 6, minWidth: 0 }}>
          <ScreenTitle>{title}</ScreenTitle>
          {subtitle && <p css={{ color: theme.colors.textMuted, overflowWrap: 'anywhere' }}>{subtitle}</p>}
        </div>
        {actions && <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>{actions}</div>}
      </header>
      {children}
    </ScreenFrame>
  );
}
