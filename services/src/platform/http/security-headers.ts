import { randomFillSync } from 'node:crypto';

/**
 * 16 random bytes per response, drawn from a pool refilled 256 nonces at a time: one system call
 * per 4 KB instead of one per request (the scan redirect's hottest line). Each nonce is still used
 * once and never reused.
 */
const NONCE_BYTES = 16;
const pool = Buffer.alloc(NONCE_BYTES * 256);
let offset = pool.length;

function nextNonce(): string {
  if (offset === pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const nonce = pool.toString('base64', offset, offset + NONCE_BYTES);
  offset += NONCE_BYTES;
  return nonce;
}

import type Koa from 'koa';

/** Origins outside this server that pages may use, per CSP directive (remotes moved elsewhere, Stripe). */
export interface CspSources {
  script?: string[];
  connect?: string[];
  frame?: string[];
  img?: string[];
}

/**
 * The Content-Security-Policy of one response. Scripts come from this origin (and the listed
 * ones) only; no inline script at all. Styles: Emotion writes <style> tags at run time, so they
 * carry a per-response nonce (the shell's Emotion cache reads it from a meta tag the server
 * writes into index.html) instead of the weak 'unsafe-inline'.
 */
export function contentSecurityPolicy(nonce: string, sources: CspSources = {}): string {
  const list = (...items: Array<string | undefined>) => items.filter(Boolean).join(' ');
  const extra = (names: string[] | undefined) => (names ?? []).join(' ');
  return [
    "default-src 'self'",
    `script-src ${list("'self'", extra(sources.script))}`,
    `style-src 'self' 'nonce-${nonce}'`,
    `img-src ${list("'self'", 'data:', 'blob:', extra(sources.img))}`,
    "font-src 'self' data:",
    `connect-src ${list("'self'", extra(sources.connect))}`,
    `frame-src ${sources.frame?.length ? extra(sources.frame) : "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** What a followed link or redirect tells the next site: the origin only, and nothing to plain HTTP. */
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
/** HTTPS only from now on, for a year (sent on secure requests only). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/** Browser features the product never uses. */
const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), usb=(), accelerometer=(), gyroscope=(), magnetometer=()';

/**
 * Headers on every response. The nonce is in ctx.state.cspNonce for the few server pages
 * (index.html, the simulated checkout). HSTS only on a secure request: over plain HTTP the
 * browser ignores it, and a local `npm start` must not pin localhost to HTTPS.
 */
export function securityHeaders(sources: CspSources = {}): Koa.Middleware {
  // The policy is the same text for every response but the nonce: built once, split around it.
  const MARK = '\u0000nonce\u0000';
  const [before = '', after = ''] = contentSecurityPolicy(MARK, sources).split(MARK);
  return async (ctx, next) => {
    const nonce = nextNonce();
    ctx.state.cspNonce = nonce;
    ctx.set('Content-Security-Policy', before + nonce + after);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', REFERRER_POLICY);
    ctx.set('Permissions-Policy', PERMISSIONS_POLICY);
    if (ctx.secure) ctx.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    await next();
  };
}
