import type { RemoteName } from '@studio/kit';

/**
 * How the friendly error names the part of the app that failed: one per remote of kit/remotes.json
 * (a remote without a label does not compile). Kept here, not in the manifest, so the shell's
 * bundles carry no folder or port.
 */
export const REMOTE_LABELS: Record<RemoteName, string> = {
  account: 'Account',
  studio: 'Creation tools',
  gallery: 'Library',
  qr: 'QR codes',
};
