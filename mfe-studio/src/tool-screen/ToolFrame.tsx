// The frame of every tool screen: Back to Dashboard, one h1 with an optional badge, an intro, the
// content; the two columns (form, side cards) and the side card list they share.
import { BackLink, Badge, Card, ScreenFrame, ScreenTitle, theme } from '@studio/kit';
import type { ReactNode } from 'react';

export interface ToolFrameProps {
  title: string;
  badge?: string;
  intro?: ReactNode;
  children: ReactNode;
}

export function ToolFrame({ title, badge, intro, children }: ToolFrameProps) {
  return (
    <ScreenFrame maxWidth={1100}>
      <div>
        <BackLink to="/dashboard">Back to Dashboard</BackLink>
      </div>
      <header css={{ display: 'grid', gap: 6 }}>
        <div css={{ display: 'flex', alignItems: 'center', gap: 10, flexWrap: 'wrap' }}>
          <ScreenTitle>{title}</ScreenTitle>
          {badge && <Badge tone="primary">{badge}</Badge>}
        </div>
        {intro && <p css={{ color: theme.colors.textMuted }}>{intro}</p>}
      </header>
      {children}
    </ScreenFrame>
  );
}

/** Two columns on wide screens (form, side cards), one below 1024 px. */
export function TwoColumns({ main, side }: { main: ReactNode; side: ReactNode }) {
  return (
    <div css={{ ...theme.columns(1024, 'minmax(0, 2fr) minmax(0, 1fr)', 20), alignItems: 'start' }}>
      <div css={{ display: 'grid', gap: 20, minWidth: 0 }}>{main}</div>
      <div css={{ display: 'grid', gap: 20, minWidth: 0 }}>{side}</div>
    </div>
  );
}

/**
 * Holds a form's submit button. On phones it takes the card's width, so "Generate Kids Book (100
 * credits)" reads on one line; a label longer still wraps rather than widen the screen.
 */
export function SubmitRow({ children }: { children: ReactNode }) {
  return (
    <div
      css={{
        '& > button': {
          whiteSpace: 'normal',
          height: 'auto',
          minHeight: 48,
          lineHeight: 1.3,
          paddingBlock: 10,
          textAlign: 'center',
          '@media (max-width: 639px)': { width: '100%', paddingInline: 12, fontSize: theme.fontSizes.sm },
        },
      }}
    >
      {children}
    </div>
  );
}

/** A side card of plain points ("Tips", "How It Works"), headed like every other card. */
export function SideList({
  title,
  items,
  testId,
}: {
  title: string;
  items: readonly string[];
  testId?: string;
}) {
  return (
    <Card title={title} headingLevel={2} data-testid={testId}>
      <ul
        css={{ display: 'grid', gap: 8, paddingLeft: 20, listStyle: 'disc', color: theme.colors.textMuted }}
      >
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </Card>
  );
}
