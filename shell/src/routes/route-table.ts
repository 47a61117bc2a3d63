// The full route table of spec 01 §2.1 and spec 02 §2; each path is owned by exactly one remote.
import type { RemoteName, ScreenName } from '@studio/kit';

export type Access = 'public' | 'signed-in';

type ScreenRef = { [R in RemoteName]: { remote: R; screen: ScreenName<R> } }[RemoteName];

export type AppRoute = ScreenRef & { path: string; access: Access };

const account = (path: string, screen: ScreenName<'account'>, access: Access): AppRoute => ({
  path,
  remote: 'account',
  screen,
  access,
});
const studio = (path: string, screen: ScreenName<'studio'>): AppRoute => ({
  path,
  remote: 'studio',
  screen,
  access: 'signed-in',
});
const gallery = (path: string, screen: ScreenName<'gallery'>): AppRoute => ({
  path,
  remote: 'gallery',
  screen,
  access: 'signed-in',
});
const qr = (path: string, screen: ScreenName<'qr'>, access: Access): AppRoute => ({
  path,
  remote: 'qr',
  screen,
  access,
});

export const ROUTES: readonly AppRoute[] = [
  // Public (spec 01 §2.1). The checkout plan defaults to basic, so the segment is optional.
  account('/', 'Landing', 'public'),
  account('/auth', 'Auth', 'public'),
  account('/pricing', 'Pricing', 'public'),
  account('/checkout/:planId?', 'Checkout', 'public'),
  account('/subscription-success', 'SubscriptionSuccess', 'public'),
  account('/help', 'Help', 'public'),
  account('/help-support-page', 'HelpSupportPage', 'public'),
  qr('/qr-landing/:id', 'QrLanding', 'public'),

  // Signed in: account area.
  account('/payment', 'Payment', 'signed-in'),
  account('/subscribe', 'Subscribe', 'signed-in'),
  account('/dashboard', 'Dashboard', 'signed-in'),
  account('/profile', 'Profile', 'signed-in'),
  account('/settings', 'Settings', 'signed-in'),
  account('/help-support', 'HelpSupport', 'signed-in'),
  account('/refund-policy', 'RefundPolicy', 'signed-in'),
  // The page itself shows 'Access Denied' to non-admins; the server enforces it.
  account('/admin-tools', 'AdminTools', 'signed-in'),

  // Signed in: the eight creation tools (spec 02 §2).
  studio('/non-fiction-book', 'NonFictionBook'),
  studio('/non-fiction-gen2', 'NonFictionGen2'),
  studio('/kdp-listing-generator', 'KdpListingGenerator'),
  studio('/coloring-book-generator', 'ColoringBookGenerator'),
  studio('/coloring-book-page-generator', 'ColoringBookPageGenerator'),
  studio('/image-generator-v2', 'ImageGeneratorV2'),
  studio('/image-editor', 'ImageEditor'),
  studio('/kids-book-generator', 'KidsBookGenerator'),

  // Signed in: galleries.
  gallery('/my-books', 'MyBooks'),
  gallery('/my-listings', 'MyListings'),
  gallery('/my-images', 'MyImages'),
  gallery('/kids-book/:bookId', 'KidsBookViewer'),

  // Signed in: QR codes.
  qr('/qr-codes', 'QrCodes', 'signed-in'),
  qr('/qr-codes/:id', 'QrCodeDetail', 'signed-in'),
];

/** Links seen in the spec that no screen owns: they go to the current tool (spec 01 §2.1). */
export const REDIRECTS: readonly { from: string; to: string }[] = [
  { from: '/create-book', to: '/non-fiction-gen2' },
  { from: '/image-generator', to: '/image-generator-v2' },
];
