// The typed contract between the shell and the four remotes (instead of Module Federation dts).
// Each remote exposes './screens': a map from screen name to component. The shell's route table
// (shell/src/routes/route-table.ts) names a remote and a screen for every path.
import type { ComponentType } from 'react';

export const REMOTE_NAMES = ['account', 'studio', 'gallery', 'qr'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** The one module each remote exposes. */
export const SCREENS_EXPOSE = './screens';

export const REMOTE_SCREENS = {
  account: [
    'Landing',
    'Auth',
    'Pricing',
    'Checkout',
    'SubscriptionSuccess',
    'Help',
    'HelpSupportPage',
    'Payment',
    'Subscribe',
    'Dashboard',
    'Profile',
    'Settings',
    'HelpSupport',
    'RefundPolicy',
    'AdminTools',
  ],
  studio: [
    'NonFictionBook',
    'NonFictionGen2',
    'KdpListingGenerator',
    'ColoringBookGenerator',
    'ColoringBookPageGenerator',
    'ImageGeneratorV2',
    'ImageEditor',
    'KidsBookGenerator',
  ],
  gallery: ['MyBooks', 'MyListings', 'MyImages', 'KidsBookViewer'],
  qr: ['QrCodes', 'QrCodeDetail', 'QrLanding'],
} as const satisfies Record<RemoteName, readonly string[]>;

export type ScreenName<R extends RemoteName> = (typeof REMOTE_SCREENS)[R][number];

/** What `loadRemote('<remote>/screens')` resolves to. Screens read route params with useParams(). */
export interface ScreensModule<R extends RemoteName> {
  screens: Record<ScreenName<R>, ComponentType>;
}

export type RemoteContract = { [R in RemoteName]: { [SCREENS_EXPOSE]: ScreensModule<R> } };

/** The default place each remote's manifest is served from; /remotes.json may point elsewhere. */
export function defaultManifestUrl(remote: RemoteName): string {
  return `/remotes/${remote}/mf-manifest.json`;
}
