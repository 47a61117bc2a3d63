// A landing section reachable by its anchor; the scroll margin keeps its title below the fixed header.
import { theme } from '@studio/kit';
import type { ReactNode } from 'react';
import { LANDING_HEADER_HEIGHT_PX } from './LandingHeader';

export interface SectionProps {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
  tinted?: boolean;
}

export function Section({ id, title, intro, children, tinted = false }: SectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      css={{
        scrollMarginTop: LANDING_HEADER_HEIGHT_PX + 8,
        padding: 'clamp(40px, 8vw, 80px) clamp(16px, 4vw, 32px)',
        background: tinted ? theme.colors.surface : 'transparent',
      }}
    >
      <div css={{ maxWidth: 1100, margin: '0 auto', display: 'grid', gap: 28, minWidth: 0 }}>
        <div css={{ display: 'grid', gap: 8, textAlign: 'center' }}>
          <h2 id={`${id}-title`} css={{ fontSize: 'clamp(24px, 4vw, 34px)', fontWeight: 800 }}>
            {title}
          </h2>
          {intro && <p css={{ color: theme.colors.textMuted, maxWidth: 680, margin: '0 auto' }}>{intro}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}

/** Feature tiles in a responsive grid. */
export function FeatureGrid({ items }: { items: readonly { title: string; text: string }[] }) {
  return (
    <ul css={theme.tileGrid(240, 16)}>
      {items.map((item) => (
        <li
          key={item.title}
          css={{
            padding: 20,
            borderRadius: theme.radii.lg,
            border: `1px solid ${theme.colors.border}`,
            background: theme.colors.surface,
            display: 'grid',
            gap: 6,
            alignContent: 'start',
          }}
        >
          <h3 css={{ fontSize: theme.fontSizes.lg, fontWeight: 700 }}>{item.title}</h3>
          <p css={{ color: theme.colors.textMuted, fontSize: theme.fontSizes.sm }}>{item.text}</p>
        </li>
      ))}
    </ul>
  );
}
