// Reads every remote's routes.json (beside its mf-manifest.json, so REMOTE_URLS moves it too) in
// parallel at start. A remote whose file cannot be read falls back to the snapshot the shell was
// built with (routes-fallback.json): its nav entries stay and its pages show the Retry card.
// Only if both fail are its paths unknown (see AppRoutes for what the user sees then).
import { REMOTE_NAMES, type RemoteName, ROUTE_LIST_FILE } from '@studio/kit';
import { takeEarly } from '../app/early-requests';
import { type AppRoute, mergeRouteLists, type RouteTable, routesOf } from '../routes/route-table';
import { manifestUrlOf } from './remote-registry';

export const FALLBACK_ROUTES_PATH = '/routes-fallback.json';

async function fetchJson(url: string): Promise<unknown> {
  const res =
    (await takeEarly(url)) ??
    (await fetch(url, { cache: 'no-cache', headers: { Accept: 'application/json' } }));
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.json();
}

async function ownRoutes(remote: RemoteName): Promise<AppRoute[]> {
  const url = new URL(ROUTE_LIST_FILE, await manifestUrlOf(remote)).href;
  return routesOf(remote, await fetchJson(url));
}

let fallback: Promise<Record<string, unknown>> | null = null;

async function fallbackRoutes(remote: RemoteName, cause: unknown): Promise<AppRoute[] | undefined> {
  console.warn(`The routes of "${remote}" could not be read; using the shell's snapshot`, cause);
  fallback ??= fetchJson(FALLBACK_ROUTES_PATH) as Promise<Record<string, unknown>>;
  try {
    return routesOf(remote, (await fallback)[remote]);
  } catch {
    return undefined;
  }
}

async function readRouteTable(): Promise<RouteTable> {
  const lists = await Promise.all(
    REMOTE_NAMES.map(async (remote) => {
      const routes = await ownRoutes(remote).catch((cause) => fallbackRoutes(remote, cause));
      return [remote, routes] as const;
    }),
  );
  return mergeRouteLists(Object.fromEntries(lists));
}

let table: Promise<RouteTable> | null = null;

/** Started once by bootstrap; never rejects (a missing list shows up in `unknown`). */
export function loadRouteTable(): Promise<RouteTable> {
  table ??= readRouteTable();
  return table;
}

/** Retry after some lists were unknown: read them all again. */
export function reloadRouteTable(): Promise<RouteTable> {
  table = null;
  fallback = null;
  return loadRouteTable();
}
