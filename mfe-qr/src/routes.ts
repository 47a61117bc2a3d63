// The QR remote's routes and its nav entry (the product's headline feature has to be findable,
// though the account menu of the original client listed none).
// /qr-landing/{id} is served by the server as its own small page; this screen is reached only by
// navigating inside the app. The build publishes this list as routes.json; type imports only.
import type { RemoteRoute, ScreenOf } from '@studio/kit';

export const routes = [
  { path: '/qr-landing/:id', screen: 'QrLanding', access: 'public', title: 'QR Code' },
  {
    path: '/qr-codes',
    screen: 'QrCodes',
    access: 'signed-in',
    title: 'QR Codes',
    nav: { section: 'My Content', label: 'QR Codes', icon: 'QrCode', order: 40 },
  },
  { path: '/qr-codes/new', screen: 'QrCodeCreate', access: 'signed-in', title: 'New QR Code' },
  { path: '/qr-codes/bulk', screen: 'QrCodesBulk', access: 'signed-in', title: 'Create QR Codes from a CSV' },
  { path: '/qr-codes/:id', screen: 'QrCodeDetail', access: 'signed-in', title: 'QR Code Details' },
  { path: '/qr-codes/:id/edit', screen: 'QrCodeEdit', access: 'signed-in', title: 'Edit QR Code' },
] as const satisfies readonly RemoteRoute[];

export type QrScreen = ScreenOf<typeof routes>;
