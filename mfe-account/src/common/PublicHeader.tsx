// Top bar of the public pages other than the landing page (pricing, checkout, help, success).
import { Badge, EARLY_ACCESS_LABEL, theme, useAuth } from '@studio/kit';
import { HomeLink } from './HomeLink';
import { LinkButton } from './LinkButton';

export function PublicHeader() {
  const { user } = useAuth();
  return (
    <header
      css={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 8,
        // One row at 375 px: the badge gives way on narrow screens rather than pushing the links down.
        flexWrap: 'nowrap',
        padding: '12px clamp(12px, 4vw, 32px)',
        background: theme.colors.surface,
        borderBottom: `1px solid ${theme.colors.border}`,
      }}
    >
      <div css={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 }}>
        {/* On a narrow phone the name would run under the links (more so signed in: Dashboard is
            longer than Log In); the logo alone links home there, still named for screen readers. */}
        <HomeLink compact />
        <Badge tone="primary" css={{ '@media (max-width: 479.98px)': { display: 'none' } }}>
          {EARLY_ACCESS_LABEL}
        </Badge>
      </div>
      <nav
        aria-label="Site"
        css={{
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          flexShrink: 0,
          // Narrow phones: tighter links so the name and the three links share one row.
          '@media (max-width: 479.98px)': { '& > a': { paddingInline: 8 } },
        }}
      >
        <LinkButton to="/pricing" variant="ghost" size="sm">
          Pricing
        </LinkButton>
        <LinkButton to="/help-support-page" variant="ghost" size="sm">
          Help
        </LinkButton>
        {user ? (
          <LinkButton to="/dashboard" size="sm">
            Dashboard
          </LinkButton>
        ) : (
          <LinkButton to="/auth" size="sm">
            Log In
          </LinkButton>
        )}
      </nav>
    </header>
  );
}
