// Where signing in or registering leads: back to the page the user was going to, or on to the plan
// they chose, never off the site.
import { AUTH_PATH } from './use-sign-out';

/** The query parameter of /auth that says where to go once signed in. */
export const NEXT_PARAM = 'next';
/** The query parameter of /auth that opens the Register tab. */
export const TAB_PARAM = 'tab';
const HOME = '/dashboard';

/**
 * A path of this site to continue to, or undefined: only `/…` (not `//host`, not `/\\host`, which
 * browsers read as another site), nothing with control characters, and never /auth itself.
 */
export function safeNextPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 500) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined;
  const path = value.split(/[?#]/, 1)[0];
  return path === AUTH_PATH ? undefined : value;
}

/** /auth that returns to `next` afterwards, on the Register tab when asked. */
export function signInPath(next?: string, tab?: 'register'): string {
  const params = new URLSearchParams();
  if (tab) params.set(TAB_PARAM, tab);
  const target = safeNextPath(next);
  if (target) params.set(NEXT_PARAM, target);
  const query = params.toString();
  return query ? `${AUTH_PATH}?${query}` : AUTH_PATH;
}

/**
 * Where /auth sends a user once signed in: its `next` parameter, else the page a signed-in route
 * redirected from (router state), else the dashboard.
 */
export function afterSignIn(
  search: string,
  from?: { pathname: string; search?: string; hash?: string },
): string {
  const asked = safeNextPath(new URLSearchParams(search).get(NEXT_PARAM));
  if (asked) return asked;
  const redirected = from
    ? safeNextPath(`${from.pathname}${from.search ?? ''}${from.hash ?? ''}`)
    : undefined;
  return redirected ?? HOME;
}
