// The app's route table, merged at start from the route lists the remotes publish
// (kit/src/federation/route-list.ts). The shell owns no screen; it owns layout, guard, 404 and
// the redirects (./redirects.ts).
import { REMOTE_NAMES, type RemoteName, type RemoteRoute, type RouteAccess } from '@studio/kit';

export type AppRoute = RemoteRoute & { remote: RemoteName };

export interface RouteTable {
  routes: readonly AppRoute[];
  /** Remotes whose routes could not be read at all: their paths are unknown. */
  unknown: readonly RemoteName[];
}

const ACCESS: readonly RouteAccess[] = ['public', 'any', 'signed-in', 'admin'];

function isRoute(value: unknown): value is RemoteRoute {
  const route = value as Partial<RemoteRoute> | null;
  return (
    typeof route?.path === 'string' &&
    route.path.startsWith('/') &&
    typeof route.screen === 'string' &&
    ACCESS.includes(route.access as RouteAccess)
  );
}

/** The routes of one routes.json; entries the shell cannot use are left out, not fatal. */
export function routesOf(remote: RemoteName, json: unknown): AppRoute[] {
  const routes = (json as { routes?: unknown } | null)?.routes;
  if (!Array.isArray(routes)) throw new Error(`The route list of "${remote}" has no routes`);
  return routes.filter(isRoute).map((route) => ({ ...route, remote }));
}

/**
 * Merges the remotes' lists in REMOTE_NAMES order. A path claimed twice goes to the first remote
 * (and is reported), so one remote cannot hijack another's page.
 */
export function mergeRouteLists(lists: Partial<Record<RemoteName, readonly AppRoute[]>>): RouteTable {
  const byPath = new Map<string, AppRoute>();
  const unknown: RemoteName[] = [];
  for (const remote of REMOTE_NAMES) {
    const routes = lists[remote];
    if (!routes) {
      unknown.push(remote);
      continue;
    }
    for (const route of routes) {
      const owner = byPath.get(route.path);
      if (owner)
        console.warn(
          `${route.path} is claimed by "${owner.remote}" and "${remote}"; "${owner.remote}" keeps it`,
        );
      else byPath.set(route.path, route);
    }
  }
  return { routes: [...byPath.values()], unknown };
}
