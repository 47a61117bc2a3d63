import { routes as accountRoutes } from '../../../mfe-account/src/routes';
import { routes as galleryRoutes } from '../../../mfe-gallery/src/routes';
import { routes as qrRoutes } from '../../../mfe-qr/src/routes';
import { routes as studioRoutes } from '../../../mfe-studio/src/routes';
import { type AppRoute, mergeRouteLists } from '../routes/route-table';
import { NAV_ICONS } from './nav-icons';
import { type NavSection, navSections } from './nav-items';

const tag = (remote: AppRoute['remote'], routes: readonly Omit<AppRoute, 'remote'>[]) =>
  routes.map((r) => ({ ...r, remote }));

// Merged in an order different from the sidebar's, so the order below comes from the nav entries.
const { routes } = mergeRouteLists({
  qr: tag('qr', qrRoutes),
  gallery: tag('gallery', galleryRoutes),
  studio: tag('studio', studioRoutes),
  account: tag('account', accountRoutes),
});

const outline = (sections: readonly NavSection[]) =>
  sections.map((s) => [s.title, s.items.map((i) => `${i.label} ${i.to}${i.badge ? ` [${i.badge}]` : ''}`)]);

/**
 * The tools of a section as the studio's registry lists them (its own test pins the spec's eight),
 * so adding a tool edits no test here.
 */
const tools = (section: string) =>
  studioRoutes
    .filter((r) => r.nav?.section === section)
    .map((r) => `${r.nav?.label} ${r.path}${r.nav?.badge ? ` [${r.nav.badge}]` : ''}`);

/** docs/product/accounts-billing-admin.md (Screens and routes: Layout), as the sidebar lists it, plus QR Codes (the product's headline feature must be findable). */
const SPEC_SECTIONS = (helpPath: string) => [
  ['Main', ['Dashboard /dashboard', ...tools('Main')]],
  [
    'My Content',
    ['My Books /my-books', 'My KDP Listings /my-listings', 'My Images /my-images', 'QR Codes /qr-codes'],
  ],
  ['Account', ['Profile /profile', 'Settings /settings', `Help & Support ${helpPath}`]],
  ['Legacy Models', tools('Legacy Models')],
];

describe('nav sections built from the remotes’ route lists', () => {
  it('give the desktop sidebar of docs/product/accounts-billing-admin.md (Screens and routes: Layout), help to the public page', () => {
    expect(outline(navSections(routes, { menu: 'desktop', isAdmin: false }))).toEqual(
      SPEC_SECTIONS('/help-support-page'),
    );
  });

  it('add Admin Tools with its Dev badge, last and untitled, for an admin on desktop', () => {
    expect(outline(navSections(routes, { menu: 'desktop', isAdmin: true }))).toEqual([
      ...SPEC_SECTIONS('/help-support-page'),
      [null, ['Admin Tools /admin-tools [Dev]']],
    ]);
  });

  it('give the mobile menu the in-app help page and never Admin Tools, even for an admin', () => {
    expect(outline(navSections(routes, { menu: 'mobile', isAdmin: true }))).toEqual(
      SPEC_SECTIONS('/help-support'),
    );
  });

  it('name only icons the layout can draw', () => {
    for (const route of routes) if (route.nav) expect(NAV_ICONS[route.nav.icon]).toBeDefined();
  });
});
