// The gallery remote's routes (docs/product/creation-tools-qr.md (Screens and routes)) and their nav entries (docs/product/accounts-billing-admin.md (Screens and routes: Layout)). The build
// publishes this list as routes.json; type imports only.
import type { RemoteRoute, ScreenOf } from '@studio/kit';

export const routes = [
  {
    path: '/my-books',
    screen: 'MyBooks',
    access: 'signed-in',
    nav: { section: 'My Content', label: 'My Books', icon: 'Library', order: 10 },
  },
  {
    path: '/my-listings',
    screen: 'MyListings',
    access: 'signed-in',
    nav: { section: 'My Content', label: 'My KDP Listings', icon: 'FileText', order: 20 },
  },
  {
    path: '/my-images',
    screen: 'MyImages',
    access: 'signed-in',
    nav: { section: 'My Content', label: 'My Images', icon: 'Images', order: 30 },
  },
  { path: '/kids-book/:bookId', screen: 'KidsBookViewer', access: 'signed-in', title: 'Kids Book' },
  { path: '/my-books/:bookId/edit', screen: 'BookEdit', access: 'signed-in', title: 'Edit Book' },
  {
    path: '/my-books/:bookId/versions',
    screen: 'PartVersions',
    access: 'signed-in',
    title: 'Chapter versions',
  },
] as const satisfies readonly RemoteRoute[];

export type GalleryScreen = ScreenOf<typeof routes>;
