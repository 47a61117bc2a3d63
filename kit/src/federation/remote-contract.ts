// The typed contract between the shell and the four remotes (instead of Module Federation dts).
// Each remote exposes './screens' (a map from screen name to component) and publishes its own
// route list (./route-list.ts) as routes.json beside its mf-manifest.json. The kit names no
// screen: shipping or renaming one without a nav entry touches only its remote.
import type { ComponentType } from 'react';
import type REMOTES from '../../remotes.json';

/** The remotes, named in kit/remotes.json with their workspace folder and dev-server port. */
export type RemoteName = keyof typeof REMOTES;

/**
 * The manifest's names, in its order (the route lists' precedence: a path claimed twice stays
 * with the first remote). Written out rather than read from the manifest so that the shell's first
 * load carries the names only; remote-contract.test.ts fails when the two disagree.
 */
export const REMOTE_NAMES = ['account', 'studio', 'gallery', 'qr'] as const satisfies readonly RemoteName[];

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
