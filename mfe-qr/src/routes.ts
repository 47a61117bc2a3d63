// The QR remote's routes (spec 02 §2). No nav entry: spec 01 §2.2 lists none for QR codes.
// /qr-landing/{id} is served by the server as its own small page; this screen is reached only by
// navigating inside the app. The build publishes this list as routes.json; type imports only.
import type { RemoteRoute, ScreenOf } from '@studio/kit';

export const routes = [
  { path: '/qr-landing/:id', screen: 'QrLanding', access: 'public', title: 'QR Code' },
  { path: '/qr-codes', screen: 'QrCodes', access: 'signed-in', title: 'QR Codes' },
  { path: '/qr-codes/new', screen: 'QrCodeCreate', access: 'signed-in', title: 'New QR Code' },
  { path: '/qr-codes/:id', screen: 'QrCodeDetail', access: 'signed-in', title: 'QR Code Details' },
  { path: '/qr-codes/:id/edit', screen: 'QrCodeEdit', access: 'signed-in', title: 'Edit QR Code' },
] as const satisfies readonly RemoteRoute[];

export type QrScreen = ScreenOf<typeof routes>;
