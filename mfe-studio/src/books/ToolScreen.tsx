// The frame of a book tool: Back to Dashboard, one h1 with an optional badge, an intro, the content.
import { Badge, theme } from '@studio/kit';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { COMMON } from './texts';

export interface ToolScreenProps {
  title: string;
  badge?: string;
  intro?: ReactNode;
  children: ReactNode;
}

export function ToolScreen({ title, badge, intro, children }: ToolScreenProps) {
  return (
    <div
      css={{
        maxWidth: 1100,
        margin: '0 auto',
        padding: 'clamp(16px, 4vw, 32px)',
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr)',
        gap: 24,
        minWidth: 0,
      }}
    >
      <div>
        <Link
          to="/dashboard"
          css={{ display: 'inline-flex', alignItems: 'center', gap: 6, fontSize: theme.fontSizes.sm }}
        >
          <ArrowLeft aria-hidden size={16} />
          {COMMON.backToDashboard}
        </Link>
      </div>
      <header css={{ display: 'grid', gap: 6 }}>
        <div css={{ display: 'flex', alignItems: 'center', gap: 10, flexWrap: 'wrap' }}>
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
          {badge && <Badge tone="primary">{badge}</Badge>}
        </div>
        {intro && <p css={{ color: theme.colors.textMuted }}>{intro}</p>}
      </header>
      {children}
    </div>
  );
}

/** Two columns on wide screens (form, side cards), one below 1024 px. */
export function TwoColumns({ main, side }: { main: ReactNode; side: ReactNode }) {
  return (
    <div
      css={{
        display: 'grid',
        gap: 20,
        gridTemplateColumns: 'minmax(0, 1fr)',
        alignItems: 'start',
        '@media (min-width: 1024px)': { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)' },
      }}
    >
      <div css={{ display: 'grid', gap: 20, minWidth: 0 }}>{main}</div>
      <div css={{ display: 'grid', gap: 20, minWidth: 0 }}>{side}</div>
    </div>
  );
}

/** Holds a form's submit button; long labels ("… (100 credits)") wrap instead of widening a phone screen. */
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
        },
      }}
    >
      {children}
    </div>
  );
}
