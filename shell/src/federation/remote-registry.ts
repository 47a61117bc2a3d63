// Runtime composition: /remotes.json maps each remote to its mf-manifest.json URL, so each deploys
// alone and can move origin without a rebuild. Only the names in REMOTE_NAMES are known at build time.
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, type RemoteName } from '@studio/kit';
import { takeEarly } from '../app/early-requests';
import { fetchRemoteEntry, type RemoteEntry } from './manifest';
import { currentAddress, moveToFreshAddress } from './retry-plugin';

export const REMOTES_MANIFEST_PATH = '/remotes.json';

const manifestUrls = new Map<RemoteName, string>();
const registered = new Map<RemoteName, Promise<RemoteEntry>>();
let listing: Promise<void> | null = null;

const isRemoteName = (name: string): name is RemoteName => (REMOTE_NAMES as readonly string[]).includes(name);

async function fetchListing(): Promise<void> {
  const res =
    (await takeEarly(REMOTES_MANIFEST_PATH)) ??
    (await fetch(REMOTES_MANIFEST_PATH, { cache: 'no-store', headers: { Accept: 'application/json' } }));
  if (!res.ok) throw new Error(`${REMOTES_MANIFEST_PATH} answered ${res.status}`);
  const map = (await res.json()) as Record<string, unknown>;
  for (const [name, url] of Object.entries(map)) {
    if (isRemoteName(name) && typeof url === 'string')
      manifestUrls.set(name, new URL(url, window.location.href).href);
  }
}

/** Fetches /remotes.json once; a failed fetch is forgotten so the next caller tries again. */
export function loadRemoteListing(): Promise<void> {
  if (!listing) {
    listing = fetchListing();
    listing.catch(() => {
      listing = null;
    });
  }
  return listing;
}

/** Where /remotes.json says the remote's mf-manifest.json is (its routes.json sits beside it). */
export async function manifestUrlOf(remote: RemoteName): Promise<string> {
  await loadRemoteListing();
  const manifestUrl = manifestUrls.get(remote);
  if (!manifestUrl) throw new Error(`"${remote}" is not listed in ${REMOTES_MANIFEST_PATH}`);
  return manifestUrl;
}

/** Reads the remote's manifest and registers its entry with the federation runtime (once). */
export function ensureRegistered(remote: RemoteName): Promise<RemoteEntry> {
  let pending = registered.get(remote);
  if (!pending) {
    pending = (async () => {
      const fetched = await fetchRemoteEntry(await manifestUrlOf(remote));
      const entry = { ...fetched, entry: currentAddress(fetched.entry, remote) };
      // force: a retry after a failure must drop whatever the runtime cached for this remote.
      registerRemotes([{ ...entry, name: remote }], { force: true });
      return entry;
    })();
    pending.catch(() => registered.delete(remote));
    registered.set(remote, pending);
  }
  return pending;
}

/**
 * Forget a remote that failed after registration (its script did not load, even after the
 * runtime's own retries): the next registration uses the next fresh address.
 */
export function forgetRegistration(remote: RemoteName): void {
  registered.delete(remote);
  moveToFreshAddress(remote);
}
