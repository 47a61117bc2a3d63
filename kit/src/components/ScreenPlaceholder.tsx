// A clearly marked stand-in for a screen not built yet, naming its section of the product rules (docs/product/).
import { Construction } from 'lucide-react';
import { useLocation, useParams } from 'react-router-dom';
import { theme } from '../theme/theme';
import { Badge } from './Badge';

export interface ScreenPlaceholderProps {
  title: string;
  /** e.g. "docs/product/accounts-billing-admin.md (Screens and routes: Dashboard)". */
  spec: string;
  remote: string;
  summary?: string;
}

export function ScreenPlaceholder({ title, spec, remote, summary }: ScreenPlaceholderProps) {
  const { pathname } = useLocation();
  const params = useParams();
  const paramText = Object.entries(params)
    .filter(([key, value]) => key !== '*' && value)
    .map(([key, value]) => `${key} = ${value}`)
    .join(', ');
  return (
    <section
      aria-labelledby="placeholder-title"
      data-testid="screen-placeholder"
      css={{ maxWidth: 760, margin: '0 auto', padding: 'clamp(16px, 4vw, 32px)', display: 'grid', gap: 16 }}
    >
      <div css={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
        <Badge tone="warning">Placeholder</Badge>
        <Badge tone="neutral">remote: {remote}</Badge>
      </div>
      <h1 id="placeholder-title" css={{ fontSize: theme.fontSizes.xxl, fontWeight: 800 }}>
        {title}
      </h1>
      <div
        css={{
          display: 'flex',
          gap: 16,
          padding: 20,
          border: `2px dashed ${theme.colors.border}`,
          borderRadius: theme.radii.lg,
          background: theme.colors.surface,
        }}
      >
        <Construction size={28} color={theme.colors.warning} aria-hidden css={{ flexShrink: 0 }} />
        <div css={{ display: 'grid', gap: 6, fontSize: theme.fontSizes.sm }}>
          <p>
            This screen is not built yet. It will implement <strong>{spec}</strong>.
          </p>
          {summary && <p css={{ color: theme.colors.textMuted }}>{summary}</p>}
          <p css={{ color: theme.colors.textMuted }}>
            Route <code css={{ fontFamily: theme.fonts.mono }}>{pathname}</code>
            {paramText && ` (${paramText})`}
          </p>
        </div>
      </div>
    </section>
  );
}
