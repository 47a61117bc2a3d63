// Public routes sit outside the signed-in layout: they bring their own header and a main landmark.
import { SkipLink, theme } from '@studio/kit';
import type { ReactNode } from 'react';
import { PublicHeader } from './PublicHeader';

export function PublicPage({ children }: { children: ReactNode }) {
  return (
    <div css={{ minHeight: '100vh', background: theme.colors.background }}>
      <SkipLink />
      <PublicHeader />
      <main id="main-content" tabIndex={-1} css={{ outline: 'none' }}>
        {children}
      </main>
    </div>
  );
}
