import type { RemoteName } from '@studio/kit';

/** How the friendly error names the part of the app that failed. */
export const REMOTE_LABELS: Record<RemoteName, string> = {
  account: 'Account',
  studio: 'Creation tools',
  gallery: 'Library',
  qr: 'QR codes',
};
