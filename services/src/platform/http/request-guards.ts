// Guards for state-changing requests (POST, PUT, PATCH, DELETE), run before the body is read.
// Together they stop cross-site request forgery: a page on another site can post a form or a
// text/plain body with the victim's cookie (SameSite=Lax does not cover same-site origins),
// but it cannot send JSON without a CORS preflight, and the browser always says where it came from.
import type Koa from 'koa';
import { DomainError } from '../errors';

/**
 * The origin this request was addressed to: protocol and Host (the forwarded ones only behind a
 * trusted proxy). Not Koa 3's `ctx.origin`, which is the client's Origin header.
 */
export const ownOrigin = (ctx: Koa.Context): string => `${ctx.protocol}://${ctx.host}`;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const JSON_ONLY: readonly string[] = ['application/json'];

const hasBody = (ctx: Koa.Context) => (ctx.request.length ?? 0) > 0 || ctx.get('Transfer-Encoding') !== '';

/**
 * A request body must be of a type its route takes: JSON unless `byPath` says otherwise (files as
 * multipart where the spec uploads them). A POST without a body (sign out) needs no type.
 */
export function acceptedContentTypes(byPath: Record<string, readonly string[]> = {}): Koa.Middleware {
  return async (ctx, next) => {
    if (!SAFE_METHODS.has(ctx.method) && hasBody(ctx)) {
      const accepted = byPath[ctx.path] ?? JSON_ONLY;
      if (!ctx.is(...accepted)) {
        throw new DomainError('UNSUPPORTED_MEDIA_TYPE', `This route accepts ${accepted.join(' or ')}`);
      }
    }
    await next();
  };
}

/**
 * Refuses a state-changing request a browser reports as coming from another origin: an Origin
 * header that is neither the request's own origin (Host and protocol; the forwarded ones only
 * behind a trusted proxy) nor one of `publicOrigins`, or a Sec-Fetch-Site other than
 * same-origin. Clients that are not browsers send neither header and pass; `exempt` paths
 * (the signed payment webhook) are not checked.
 */
export function sameOriginOnly(
  options: { publicOrigins?: string[]; exempt?: string[] } = {},
): Koa.Middleware {
  const allowed = new Set((options.publicOrigins ?? []).map((url) => new URL(url).origin));
  const exempt = new Set(options.exempt ?? []);
  return async (ctx, next) => {
    if (!SAFE_METHODS.has(ctx.method) && !exempt.has(ctx.path)) {
      const origin = ctx.get('Origin');
      const site = ctx.get('Sec-Fetch-Site');
      const foreign = origin
        ? origin !== ownOrigin(ctx) && !allowed.has(origin)
        : site !== '' && site !== 'same-origin' && site !== 'none';
      if (foreign) throw new DomainError('FORBIDDEN', 'Requests from other sites are not allowed');
    }
    await next();
  };
}
