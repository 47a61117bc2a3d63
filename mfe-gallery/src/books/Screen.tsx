// The frame of the book screens: one h1, a subtitle, actions beside the title, no sideways overflow.
import { theme } from '@studio/kit';
import type { ReactNode } from 'react';

export interface ScreenProps {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}

export function Screen({ title, subtitle, actions, children }: ScreenProps) {
  return (
    <div
      css={{
        maxWidth: 1280,
        margin: '0 auto',
        padding: 'clamp(16px, 4vw, 32px)',
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr)',
        gap: 24,
        minWidth: 0,
      }}
    >
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
          <h1
            css={{
              fontSize: theme.fontSizes.xxl,
              fontWeight: 800,
              lineHeight: 1.2,
              overflowWrap: 'anywhere',
            }}
          >
            {title}
          </h1>
          {subtitle && <p css={{ color: theme.colors.textMuted, overflowWrap: 'anywhere' }}>{subtitle}</p>}
        </div>
        {actions && <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>{actions}</div>}
      </header>
      {children}
    </div>
  );
}
