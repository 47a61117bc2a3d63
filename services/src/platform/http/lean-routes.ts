import type Koa from 'koa';
import { COMPRESSION_THRESHOLD_BYTES } from './compression';
import { REFERRER_POLICY, STRICT_TRANSPORT_SECURITY } from './security-headers';

/** What a lean route answers: a 302 to `redirect`, or `json` (text already serialised) with a 200. */
export type LeanAnswer = { redirect: string } | { json: string };

/**
 * A public GET answered from memory (a QR scan's redirect, a landing page's data: the hottest
 * paths there are), ahead of the error handling, security headers, compression, request guards,
 * body parsing and routers. It answers only what it can without any I/O and without throwing;
 * anything else goes on to the full stack, which answers it like any other request (a code not in
 * memory, an unknown or deleted one: their pages and errors).
 */
export interface LeanRoute {
  /** The paths it may answer start with this (`/r/`). */
  prefix: string;
  /** Its name in the request metrics, as the router would name it (`/r/:id`). */
  route: string;
  /**
   * The answer to a GET or HEAD of `prefix + rest`, once what the visit needs is done (a scan
   * queued); undefined leaves the request to the full stack. A redirect is always sent; JSON of
   * COMPRESSION_THRESHOLD_BYTES or more is left to the full stack, which compresses it, so a JSON
   * answer must do nothing else.
   */
  answer(ctx: Koa.Context, rest: string): LeanAnswer | undefined;
}

/**
 * The headers such an answer needs, and only those. Every answer: `Cache-Control: no-store` (a
 * scan must reach the server to be counted; the owner may change the code at any time), HSTS on
 * HTTPS. A redirect: Referrer-Policy, which governs the request it leads to. The CSP with its
 * per-response nonce, X-Frame-Options and Permissions-Policy are left out of a redirect on purpose:
 * they govern a document the browser renders, and a browser never renders the body of a redirect
 * it follows (there is none). JSON: nosniff, and a fixed CSP that allows nothing and no framing,
 * should the text ever be opened as a page (no nonce: nothing in it may run or be styled).
 */
const COMMON = { 'Cache-Control': 'no-store' };
const REDIRECT = { ...COMMON, 'Referrer-Policy': REFERRER_POLICY, 'Content-Length': '0' };
const JSON_TEXT = {
  ...COMMON,
  'Content-Type': 'application/json; charset=utf-8',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
};
const SECURE = { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY };

/** Written here rather than by Koa, which would give a bodiless 302 a text body and its type. */
function send(
  ctx: Koa.Context,
  route: string,
  status: number,
  headers: Record<string, string>,
  body?: Buffer,
) {
  (ctx as { _matchedRoute?: string })._matchedRoute = route;
  ctx.respond = false;
  const secure = ctx.secure ? SECURE : undefined;
  ctx.res.writeHead(status, { ...headers, ...secure }).end(ctx.method === 'HEAD' ? undefined : body);
}

/**
 * Mounted after the request id (and its access log) and the request metrics, which still see these
 * requests (the route's name is set as the router would set it). `isKnownHost` (PUBLIC_URL) is
 * checked first: a request for another host goes on to the full stack and its 421.
 */
export function leanRoutes(
  routes: readonly LeanRoute[],
  isKnownHost?: (host: string) => boolean,
): Koa.Middleware {
  return (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const path = ctx.path;
    const route = routes.find((r) => path.startsWith(r.prefix));
    if (!route || (isKnownHost && !isKnownHost(ctx.host))) return next();
    const answer = route.answer(ctx, path.slice(route.prefix.length));
    if (answer === undefined) return next();
    if ('redirect' in answer) send(ctx, route.route, 302, { ...REDIRECT, Location: answer.redirect });
    else {
      const body = Buffer.from(answer.json);
      if (body.length >= COMPRESSION_THRESHOLD_BYTES) return next();
      send(ctx, route.route, 200, { ...JSON_TEXT, 'Content-Length': String(body.length) }, body);
    }
    return Promise.resolve();
  };
}
