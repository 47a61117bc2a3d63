// Mobile (< 768 px) fixed top bar of docs/product/accounts-billing-admin.md (Screens and routes: Layout): product name, Early Access tag, compact credits, menu.
import { Button, theme, type User } from '@studio/kit';
import { Gem, Menu } from 'lucide-react';
import type { RefObject } from 'react';
import { Link } from 'react-router-dom';
import { Brand } from './Brand';

export { TOP_BAR_HEIGHT_PX } from './dimensions';

import { TOP_BAR_HEIGHT_PX } from './dimensions';

export interface MobileTopBarProps {
  user: User;
  onOpenMenu: () => void;
  /** Starts loading the menu's code before the tap lands. */
  onPrepareMenu: () => void;
  menuButton: RefObject<HTMLButtonElement | null>;
}

export function MobileTopBar({ user, onOpenMenu, onPrepareMenu, menuButton }: MobileTopBarProps) {
  return (
    <header
      css={{
        position: 'fixed',
        inset: '0 0 auto 0',
        height: TOP_BAR_HEIGHT_PX,
        zIndex: theme.zIndex.topBar,
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        padding: '0 8px 0 12px',
        background: theme.colors.surface,
        borderBottom: `1px solid ${theme.colors.border}`,
        [theme.media.desktop]: { display: 'none' },
      }}
    >
      <div css={{ flex: 1, minWidth: 0, overflow: 'hidden' }}>
        <Brand />
      </div>
      <Link
        to="/pricing"
        aria-label={`${user.credits} ${user.credits === 1 ? 'credit' : 'credits'}. View plans and pricing`}
        css={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 4,
          padding: '4px 10px',
          borderRadius: theme.radii.pill,
          background: theme.colors.primarySoft,
          color: theme.colors.primary,
          fontSize: theme.fontSizes.sm,
          fontWeight: 700,
          textDecoration: 'none',
          '&:focus-visible': theme.focusRing,
        }}
      >
        {/* A gem, not coins: at 16 px Lucide's coins read as a chain link. */}
        <Gem size={16} aria-hidden />
        {user.credits}
      </Link>
      <Button
        ref={menuButton}
        variant="ghost"
        size="icon"
        aria-label="Open menu"
        aria-haspopup="dialog"
        onClick={onOpenMenu}
        onPointerEnter={onPrepareMenu}
        onTouchStart={onPrepareMenu}
        onFocus={onPrepareMenu}
      >
        <Menu aria-hidden css={{ width: '22px !important', height: '22px !important' }} />
      </Button>
    </header>
  );
}
