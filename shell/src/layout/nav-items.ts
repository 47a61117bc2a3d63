// Sidebar and mobile menu links (docs/product/accounts-billing-admin.md (Screens and routes: Layout)): the entries come from the remotes' route lists,
// the sections, their order and headings are the shell's.
import type { NavBadge, NavIconName, NavSectionName } from '@studio/kit';
import type { AppRoute } from '../routes/route-table';

export interface NavItem {
  to: string;
  label: string;
  icon: NavIconName;
  badge?: NavBadge;
}

export interface NavSection {
  /** null: the section is drawn without a heading (Admin Tools sits alone under the others). */
  title: string | null;
  items: readonly NavItem[];
}

/** The sections of docs/product/accounts-billing-admin.md (Screens and routes: Layout), in order. */
export const NAV_SECTIONS: readonly { name: NavSectionName; title: string | null }[] = [
  { name: 'Main', title: 'Main' },
  { name: 'My Content', title: 'My Content' },
  { name: 'Account', title: 'Account' },
  { name: 'Legacy Models', title: 'Legacy Models' },
  { name: 'Admin', title: null },
];

export interface NavViewer {
  menu: 'desktop' | 'mobile';
  isAdmin: boolean;
}

/** The nav sections for one menu and one user; empty sections are left out. */
export function navSections(routes: readonly AppRoute[], viewer: NavViewer): NavSection[] {
  const visible = routes.filter(
    (route) =>
      route.nav &&
      (!route.nav.menu || route.nav.menu === viewer.menu) &&
      (route.access !== 'admin' || viewer.isAdmin),
  );
  return NAV_SECTIONS.map(({ name, title }) => ({
    title,
    items: visible
      .filter((route) => route.nav?.section === name)
      .sort((a, b) => (a.nav?.order ?? 0) - (b.nav?.order ?? 0))
      .map(({ path, nav }) => ({ to: path, label: nav!.label, icon: nav!.icon, badge: nav!.badge })),
  })).filter((section) => section.items.length > 0);
}
