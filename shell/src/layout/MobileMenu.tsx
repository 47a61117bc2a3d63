// The slide-in left menu: the same links (help goes to /help-support), the user's name and email,
// Sign Out, and no Admin Tools link (docs/product/accounts-billing-admin.md (Screens and routes: Layout)).

import { CreditSummary, theme, type User } from '@studio/kit';
import { Sheet } from '@studio/kit/overlays';
import type { RefObject } from 'react';
import type { AppRoute } from '../routes/route-table';
import { NavList } from './NavList';
import { navSections } from './nav-items';
import { SignOutButton } from './SignOutButton';

export interface MobileMenuProps {
  user: User;
  routes: readonly AppRoute[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  menuButton: RefObject<HTMLButtonElement | null>;
}

/** Loaded lazily by AppLayout the first time the menu opens. */
export default function MobileMenu({ user, routes, open, onOpenChange, menuButton }: MobileMenuProps) {
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title="Menu" returnFocusTo={menuButton}>
      <div css={{ padding: '20px 56px 16px 20px', borderBottom: `1px solid ${theme.colors.border}` }}>
        <p css={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{user.name}</p>
        <p css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted, overflowWrap: 'anywhere' }}>
          {user.email}
        </p>
      </div>
      <div css={{ padding: '12px 20px', borderBottom: `1px solid ${theme.colors.border}` }}>
        <CreditSummary credits={user.credits} tier={user.subscriptionTier} />
      </div>
      <nav aria-label="Mobile navigation" css={{ flex: 1, padding: '12px 10px' }}>
        <NavList
          sections={navSections(routes, { menu: 'mobile', isAdmin: user.isAdmin })}
          onNavigate={close}
        />
      </nav>
      <div css={{ padding: 12, borderTop: `1px solid ${theme.colors.border}` }}>
        <SignOutButton />
      </div>
    </Sheet>
  );
}
