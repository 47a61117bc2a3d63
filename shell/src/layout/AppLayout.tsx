// Layout of signed-in screens: sidebar on desktop, top bar + slide-in menu below 768 px.
// Both are in the DOM and CSS picks one, so resizing never remounts the page.
import { SkipLink, theme, useAuth } from '@studio/kit';
import { lazy, Suspense, useRef, useState } from 'react';
import { Outlet } from 'react-router-dom';
import type { AppRoute } from '../routes/route-table';
import { DesktopSidebar, SIDEBAR_WIDTH_PX } from './DesktopSidebar';
import { MobileTopBar, TOP_BAR_HEIGHT_PX } from './MobileTopBar';

// The slide-in menu (and Radix Dialog with it) loads on first use, or when the button is pointed at.
const loadMobileMenu = () => import('./MobileMenu');
const MobileMenu = lazy(loadMobileMenu);

/** Loaded lazily by AppRoutes. */
export default function AppLayout({ routes }: { routes: readonly AppRoute[] }) {
  const { user } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const openMenu = () => {
    setMenuUsed(true);
    setMenuOpen(true);
  };
  if (!user) return null; // RequireAuth renders this only for a signed-in user
  return (
    <div css={{ minHeight: '100vh' }}>
      <SkipLink />
      <DesktopSidebar user={user} routes={routes} />
      <MobileTopBar
        user={user}
        onOpenMenu={openMenu}
        onPrepareMenu={loadMobileMenu}
        menuButton={menuButton}
      />
      {menuUsed && (
        <Suspense fallback={null}>
          <MobileMenu
            user={user}
            routes={routes}
            open={menuOpen}
            onOpenChange={setMenuOpen}
            menuButton={menuButton}
          />
        </Suspense>
      )}
      <main
        id="main-content"
        tabIndex={-1}
        css={{
          outline: 'none',
          minHeight: '100vh',
          marginLeft: SIDEBAR_WIDTH_PX,
          [theme.media.mobile]: { marginLeft: 0, paddingTop: TOP_BAR_HEIGHT_PX },
        }}
      >
        <Outlet />
      </main>
    </div>
  );
}
