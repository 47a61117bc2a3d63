// The QR remote's routes (spec 02 §2). No nav entry: spec 01 §2.2 lists none for QR codes.
// The build publishes this list as routes.json; type imports only.
import type { RemoteRoute, ScreenOf } from '@studio/kit';

export const routes = [
  { path: '/qr-landing/:id', screen: 'QrLanding', access: 'public' },
  { path: '/qr-codes', screen: 'QrCodes', access: 'signed-in' },
  { path: '/qr-codes/:id', screen: 'QrCodeDetail', access: 'signed-in' },
] as const satisfies readonly RemoteRoute[];

export type QrScreen = ScreenOf<typeof routes>;
