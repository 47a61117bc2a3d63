// The frame of every account screen: one h1, an optional intro, a readable width, mobile padding.
import { theme } from '@studio/kit';
import type { ReactNode } from 'react';

export interface PageProps {
  title: ReactNode;
  intro?: ReactNode;
  /** Shown beside the title (e.g. a plan badge). */
  aside?: ReactNode;
  maxWidth?: number;
  children: ReactNode;
}

export function Page({ title, intro, aside, maxWidth = 1100, children }: PageProps) {
  return (
    <div
      css={{
        maxWidth,
        margin: '0 auto',
        padding: 'clamp(16px, 4vw, 32px)',
        display: 'grid',
        // One column that never grows past the page: a wide child wraps instead of widening the page.
        gridTemplateColumns: 'minmax(0, 1fr)',
        gap: 24,
        minWidth: 0,
      }}
    >
      <header css={{ display: 'grid', gap: 6 }}>
        <div css={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
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
          {aside}
        </div>
        {intro && <p css={{ color: theme.colors.textMuted }}>{intro}</p>}
      </header>
      {children}
    </div>
  );
}
