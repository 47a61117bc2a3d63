// The requests the app needs before it can draw a screen — who is signed in, where the remotes
// live and their route lists — started by index.ts while the app's own chunks are still
// on their way. The server's page preloads the same URLs (preloadHints in
// services/src/platform/http/frontends.ts), so these fetches pick up responses already under way:
// same mode and credentials as the hints, and no `cache` option (the server's headers decide), or
// the browser would not match them. No shared module is imported here: this runs before the
// federation's shared scope exists.
export const REMOTES_LISTING_URL = '/remotes.json';
export const SESSION_URL = '/api/session';
const ROUTE_LIST_FILE = 'routes.json';

const early = new Map<string, Promise<Response>>();

/** Kept for whoever takes it; a failure is theirs to report, not an unhandled rejection meanwhile. */
function keep(url: string, response: Promise<Response>): void {
  response.catch(() => {});
  early.set(url, response);
}

const json = { headers: { Accept: 'application/json' } } as const;

export function startEarlyRequests(): void {
  keep(SESSION_URL, fetch(SESSION_URL, { ...json, credentials: 'include' }));
  const listing = fetch(REMOTES_LISTING_URL, json);
  keep(
    REMOTES_LISTING_URL,
    listing.then((res) => res.clone()),
  );
  // Each remote's routes.json sits beside its manifest.
  void listing
    .then((res) => (res.ok ? (res.json() as Promise<Record<string, unknown>>) : {}))
    .then((map) => {
      for (const manifest of Object.values(map)) {
        if (typeof manifest !== 'string') continue;
        const url = new URL(ROUTE_LIST_FILE, new URL(manifest, window.location.href)).href;
        keep(url, fetch(url, json));
      }
    })
    .catch(() => {}); // the app asks again itself and shows what failed
}

/**
 * The early response for `url`, handed out once (a later call, e.g. Retry, fetches afresh);
 * undefined if none was started. A failed early request rejects like fetch would.
 */
export function takeEarly(url: string): Promise<Response> | undefined {
  const response = early.get(url);
  early.delete(url);
  return response;
}
