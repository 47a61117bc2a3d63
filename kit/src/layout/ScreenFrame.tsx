// The frame every micro-frontend's screens share: a readable width, mobile padding, one column that
// never grows past the page (a wide child wraps instead of widening it), the screen's h1 and the
// link back to where the screen was opened from.
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
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

/** "← Back to …": the link above a screen's title to the screen it was opened from. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      css={{ display: 'inline-flex', alignItems: 'center', gap: 6, fontSize: theme.fontSizes.sm }}
    >
      <ArrowLeft aria-hidden size={16} />
      {children}
    </Link>
  );
}
