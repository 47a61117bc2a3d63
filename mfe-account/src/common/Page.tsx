// The frame of every account screen: one h1, an optional intro, a readable width, mobile padding.
import { ScreenFrame, ScreenTitle, theme } from '@studio/kit';
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
    <ScreenFrame maxWidth={maxWidth}>
      <header css={{ display: 'grid', gap: 6 }}>
        <div css={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
          <ScreenTitle>{title}</ScreenTitle>
          {aside}
        </div>
        {intro && <p css={{ color: theme.colors.textMuted }}>{intro}</p>}
      </header>
      {children}
    </ScreenFrame>
  );
}
