// Desktop (≥ 768 px) sidebar of docs/product/accounts-billing-admin.md (Screens and routes: Layout).
import { theme, type User } from '@studio/kit';
import type { AppRoute } from '../routes/route-table';
import { Brand } from './Brand';
import { CreditsCard } from './CreditsCard';
import { NavList } from './NavList';
import { navSections } from './nav-items';
import { SignOutButton } from './SignOutButton';

export { SIDEBAR_WIDTH_PX } from './dimensions';

import { SIDEBAR_WIDTH_PX } from './dimensions';

export function DesktopSidebar({ user, routes }: { user: User; routes: readonly AppRoute[] }) {
  return (
    <aside
      css={{
        position: 'fixed',
        inset: '0 auto 0 0',
        width: SIDEBAR_WIDTH_PX,
        display: 'flex',
        flexDirection: 'column',
        background: theme.colors.surface,
        borderRight: `1px solid ${theme.colors.border}`,
        [theme.media.mobile]: { display: 'none' },
      }}
    >
      <div css={{ padding: '18px 16px 14px' }}>
        <Brand />
      </div>
      <nav
        aria-label="Main navigation"
        css={{
          flex: 1,
          minHeight: 0,
          overflowY: 'auto',
          overscrollBehavior: 'contain',
          padding: '8px 10px 16px',
          // Scroll shadows: a fade at an edge with more links beyond it (the covers scroll with the
          // content and hide the fade once an end is reached), so a short window shows there is more.
          background: [
            `linear-gradient(${theme.colors.surface} 30%, transparent) top / 100% 32px no-repeat local`,
            `linear-gradient(transparent, ${theme.colors.surface} 70%) bottom / 100% 32px no-repeat local`,
            'radial-gradient(farthest-side at 50% 0, rgba(17, 17, 34, 0.18), transparent) top / 100% 12px no-repeat scroll',
            'radial-gradient(farthest-side at 50% 100%, rgba(17, 17, 34, 0.18), transparent) bottom / 100% 12px no-repeat scroll',
          ].join(', '),
        }}
        data-scroll-hint
      >
        <NavList sections={navSections(routes, { menu: 'desktop', isAdmin: user.isAdmin })} />
      </nav>
      <div css={{ padding: 12, display: 'grid', gap: 8, borderTop: `1px solid ${theme.colors.border}` }}>
        <CreditsCard user={user} />
        <SignOutButton />
      </div>
    </aside>
  );
}
