// Retrying a remote is the federation runtime's business: this runtime plugin (registered with the
// build's `runtimePlugins`, kit/build/federated-app.mjs) retries a remote whose remoteEntry.js did
// not load, from a fresh address, before the shell ever shows the Retry card. The card's own Retry
// (RemoteScreen) uses the next fresh address from the same count.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Automatic tries after a failed entry, and the wait before the first (doubled for each next). */
const AUTOMATIC_RETRIES = 2;
const FIRST_RETRY_DELAY_MS = 300;

/** Fresh addresses used per remote since the page loaded (automatic and Retry-button retries). */
const freshAddresses = new Map<string, number>();

/**
 * A retry loads the remote from a fresh address: `/remotes/{name}/~retry-{n}/` serves the same
 * files (services/src/platform/http/frontends.ts). The page's own preloads of that remote failed
 * when it was down, and the browser hands a failed preload back to the script that asks for the
 * same URL; the entry's chunks follow its address, so none of them meets a failed preload again.
 * Only for remotes served under this origin's /remotes/ (the server preloads no others).
 */
export function retryAddress(entry: string, remote: string, retry: number): string {
  const url = new URL(entry);
  const prefix = `/remotes/${remote}/`;
  if (url.origin !== window.location.origin || !url.pathname.startsWith(prefix)) return entry;
  const file = url.pathname.slice(prefix.length).replace(/^~retry-\d+\//, '');
  url.pathname = retry === 0 ? `${prefix}${file}` : `${prefix}~retry-${retry}/${file}`;
  return url.href;
}

/** The address to load the remote from now: its last fresh address, or the entry as published. */
export function currentAddress(entry: string, remote: string): string {
  return retryAddress(entry, remote, freshAddresses.get(remote) ?? 0);
}

/** From now on the remote loads from its next fresh address. */
export function moveToFreshAddress(remote: string): void {
  freshAddresses.set(remote, (freshAddresses.get(remote) ?? 0) + 1);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * `loadEntryError` runs when the runtime could not load a remote's entry script (not when the
 * script ran and failed: a broken build does not get better by asking again). Each try loads the
 * entry from the next fresh address after a growing wait; the first that loads is what the
 * runtime goes on with, and if none does the runtime reports the original failure.
 */
export function freshAddressRetry({
  retries = AUTOMATIC_RETRIES,
  firstDelayMs = FIRST_RETRY_DELAY_MS,
  wait = sleep,
}: {
  retries?: number;
  firstDelayMs?: number;
  wait?: (ms: number) => Promise<void>;
} = {}): ModuleFederationRuntimePlugin {
  type LoadEntryError = NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>;
  /** What the hook hands back: the loaded entry's exports, or nothing (the runtime then throws). */
  type Recovered = Awaited<Awaited<ReturnType<LoadEntryError>>>;

  const fromFreshAddresses: LoadEntryError = ({ getRemoteEntry, origin, remoteInfo }) => {
    const retry = async (): Promise<Recovered> => {
      for (let attempt = 0; attempt < retries; attempt += 1) {
        await wait(firstDelayMs * 2 ** attempt);
        moveToFreshAddress(remoteInfo.name);
        const entry = currentAddress(remoteInfo.entry, remoteInfo.name);
        try {
          const exports = await getRemoteEntry({ origin, remoteInfo: { ...remoteInfo, entry } });
          if (exports) return exports;
        } catch {
          // The next try, or the runtime's own error once they are used up.
        }
      }
      return undefined;
    };
    // The hook's type wraps the entry in a second promise; the runtime awaits whatever it gets.
    return new Promise((resolve) => resolve(retry()));
  };
  return { name: 'studio-fresh-address-retry', loadEntryError: fromFreshAddresses };
}

/** The form the build's `runtimePlugins` option loads: a default export that makes the plugin. */
export default function remoteRetryPlugin(): ModuleFederationRuntimePlugin {
  return freshAddressRetry();
}
