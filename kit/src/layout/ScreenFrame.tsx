// The frame every micro-frontend's screens share: a readable width, mobile padding, one column that
// never grows past the page (a wide child wraps instead of widening it), and the screen's h1.
import type { ReactNode } from 'react';
import { theme } from '../theme/theme';

export function ScreenFrame({ maxWidth, children }: { maxWidth: number; children: ReactNode }) {
  return (
    <div
      css={{
        maxWidth,
        margin: '0 auto',
        padding: 'clamp(16px, 4vw, 32px)',
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr)',
        gap: 24,
        minWidth: 0,
      }}
    >
      {children}
    </div>
  );
}

/** The screen's one h1: a long title wraps anywhere rather than widen a phone's screen. */
export function ScreenTitle({ children }: { children: ReactNode }) {
  return (
    <h1 css={{ fontSize: theme.fontSizes.xxl, fontWeight: 800, lineHeight: 1.2, overflowWrap: 'anywhere' }}>
      {children}
    </h1>
  );
}
