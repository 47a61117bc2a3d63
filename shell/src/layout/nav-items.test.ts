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

/** Spec 01 §2.2, as the sidebar lists it, plus QR Codes (the product's headline feature must be findable). */
const SPEC_SECTIONS = (helpPath: string) => [
  [
    'Main',
    [
      'Dashboard /dashboard',
      'Non-Fiction Gen 2.0 /non-fiction-gen2',
      'KDP Listing Generator /kdp-listing-generator',
      'Coloring Book Generator /coloring-book-generator',
      'Coloring Page Generator /coloring-book-page-generator',
      'Image Generator v2 /image-generator-v2',
      'AI Image Editor /image-editor',
      'Kids Book Generator /kids-book-generator',
    ],
  ],
  [
    'My Content',
    ['My Books /my-books', 'My KDP Listings /my-listings', 'My Images /my-images', 'QR Codes /qr-codes'],
  ],
  ['Account', ['Profile /profile', 'Settings /settings', `Help & Support ${helpPath}`]],
  ['Legacy Models', ['Non-fiction Book Writer /non-fiction-book [Legacy]']],
];

describe('nav sections built from the remotes’ route lists', () => {
  it('give the desktop sidebar of spec 01 §2.2, help to the public page', () => {
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
