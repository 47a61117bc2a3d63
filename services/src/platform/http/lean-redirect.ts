import type Koa from 'koa';
import { REFERRER_POLICY, STRICT_TRANSPORT_SECURITY } from './security-headers';

/**
 * A public redirect answered from memory (a QR scan: the hottest path there is), ahead of the
 * error handling, security headers, compression, request guards, body parsing and routers. It
 * answers only when it can without any I/O; otherwise the request goes on to the full stack,
 * which answers it like any other (a code not in memory, an unknown or deleted one: their pages).
 */
export interface LeanRedirect {
  /** The paths it may answer start with this (`/r/`). */
  prefix: string;
  /** Its name in the request metrics, as the router would name it (`/r/:id`). */
  route: string;
  /**
   * Where a GET or HEAD of `prefix + rest` goes (an absolute, serialised URL or a path of this
   * site), having done what the visit needs (a scan queued); undefined leaves it to the full stack.
   */
  locate(ctx: Koa.Context, rest: string): string | undefined;
}

/**
 * The headers a bodiless 302 needs, and only those. Referrer-Policy applies to the request the
 * redirect leads to, and HSTS to any HTTPS answer. The Content-Security-Policy (with its nonce),
 * X-Frame-Options, Permissions-Policy and nosniff are left out on purpose: they govern a document
 * the browser renders or a body it might sniff, and a browser never renders the body of a redirect
 * it follows (there is none here). `Cache-Control: no-store`: every scan must reach the server to
 * be counted, and the owner may change the target at any time.
 */
function redirectHeaders(location: string, secure: boolean): Record<string, string> {
  return {
    Location: location,
    'Cache-Control': 'no-store',
    'Referrer-Policy': REFERRER_POLICY,
    ...(secure ? { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY } : {}),
    'Content-Length': '0',
  };
}

/**
 * Mounted after the request id and the request metrics, which still see these requests (the
 * route's name is set as the router would set it). `isKnownHost` (PUBLIC_URL) is checked first:
 * a request for another host goes on to the full stack and its 421.
 */
export function leanRedirects(
  redirects: readonly LeanRedirect[],
  isKnownHost?: (host: string) => boolean,
): Koa.Middleware {
  return (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const path = ctx.path;
    const redirect = redirects.find((r) => path.startsWith(r.prefix));
    if (!redirect || (isKnownHost && !isKnownHost(ctx.host))) return next();
    const location = redirect.locate(ctx, path.slice(redirect.prefix.length));
    if (location === undefined) return next();
    (ctx as { _matchedRoute?: string })._matchedRoute = redirect.route;
    // Written here rather than by Koa: Koa gives a bodiless 302 a text body and its type.
    ctx.respond = false;
    ctx.res.writeHead(302, redirectHeaders(location, ctx.secure)).end();
    return Promise.resolve();
  };
}
