// The typed contract between the shell and the four remotes (instead of Module Federation dts).
// Each remote exposes './screens' (a map from screen name to component) and publishes its own
// route list (./route-list.ts) as routes.json beside its mf-manifest.json. The kit names no
// screen: shipping or renaming one without a nav entry touches only its remote.
import type { ComponentType } from 'react';

export const REMOTE_NAMES = ['account', 'studio', 'gallery', 'qr'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** The one module each remote exposes. */
export const SCREENS_EXPOSE = './screens';

/** What `loadRemote('<remote>/screens')` resolves to. Screens read route params with useParams(). */
export interface ScreensModule<S extends string = string> {
  screens: Record<S, ComponentType>;
}

/** The default place each remote's manifest is served from; /remotes.json may point elsewhere. */
export function defaultManifestUrl(remote: RemoteName): string {
  return `/remotes/${remote}/mf-manifest.json`;
}
