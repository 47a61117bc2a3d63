import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Logger } from '../logging';
import { COMPRESSION_THRESHOLD_BYTES } from './compression';
import { logRequest, requestIdFor } from './request-context';
import { REFERRER_POLICY, STRICT_TRANSPORT_SECURITY } from './security-headers';

/**
 * What a lean route answers: a 302 to `redirect` (with a cookie to set, if any), or `json` (text
 * already serialised) with a 200.
 */
export type LeanAnswer = { redirect: string; cookie?: string | undefined } | { json: string };

/**
 * What a lean route reads of a request: the names and meanings of Koa's context (a Koa context
 * is one), worked out here from the bare request, with the same trusted-proxy rules.
 */
export interface LeanRequest {
  readonly method: string;
  readonly path: string;
  /** The client's address (from X-Forwarded-For only behind trusted proxies). */
  readonly ip: string;
  readonly host: string;
  readonly secure: boolean;
  /** A request header, '' when absent (`Referer` and `Referrer` are one). */
  get(name: string): string;
}

/**
 * A public GET answered from memory (a QR scan's redirect, a landing page's data: the hottest
 * paths there are), ahead of the whole Koa stack: no context is made, no middleware runs. A
 * profile of the redirect under load put Koa's own per-request work at about as much CPU as the
 * redirect's. It answers only what it can without any I/O and without throwing; anything else
 * goes on to the full stack, which answers it like any other request (a code not in memory, an
 * unknown or deleted one: their pages and errors).
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
  answer(request: LeanRequest, rest: string): LeanAnswer | undefined;
}

/**
 * The headers such an answer needs, and only those. Every answer: `Cache-Control: no-store` (a
 * scan must reach the server to be counted; the owner may change the code at any time), the
 * request id, HSTS on HTTPS. A redirect: Referrer-Policy, which governs the request it leads to.
 * The CSP with its per-response nonce, X-Frame-Options and Permissions-Policy are left out of a
 * redirect on purpose: they govern a document the browser renders, and a browser never renders
 * the body of a redirect it follows (there is none). JSON: nosniff, and a fixed CSP that allows
 * nothing and no framing, should the text ever be opened as a page (no nonce: nothing in it may
 * run or be styled). Kept as flat name-value lists, which `writeHead` takes as they are: building
 * a header object per answer was the largest cost of the redirect's own code in a profile.
 */
const REDIRECT = ['Cache-Control', 'no-store', 'Referrer-Policy', REFERRER_POLICY, 'Content-Length', '0'];
const JSON_TEXT = [
  'Cache-Control',
  'no-store',
  'Content-Type',
  'application/json; charset=utf-8',
  'X-Content-Type-Options',
  'nosniff',
  'Content-Security-Policy',
  "default-src 'none'; frame-ancestors 'none'",
];

export interface LeanOptions {
  logger: Logger;
  /** Proxies in front whose X-Forwarded-* headers are believed (TRUST_PROXY); 0 = none. */
  trustProxy: number;
  /** PUBLIC_URL's hosts: a request for another host goes on to the full stack and its 421. */
  isKnownHost?: (host: string) => boolean;
  /** The request metrics, as the full stack's middleware records them (route pattern, status). */
  observeRequest?: (method: string, route: string, status: number, seconds: number) => void;
}

const firstOf = (value: string) => {
  const comma = value.indexOf(',');
  return (comma === -1 ? value : value.slice(0, comma)).trim();
};

/**
 * A Koa-compatible view of a bare request (Koa's `request.ip`, `host`, `secure` and `get`): a class,
 * so that each request makes one small object and its getters are shared.
 */
class BareRequest implements LeanRequest {
  readonly method: string;
  constructor(
    private readonly req: IncomingMessage,
    readonly path: string,
    private readonly trustProxy: number,
  ) {
    this.method = req.method ?? 'GET';
  }

  private header(name: string): string {
    const { headers } = this.req;
    const value =
      name === 'referer' || name === 'referrer' ? (headers.referrer ?? headers.referer) : headers[name];
    return typeof value === 'string' ? value : Array.isArray(value) ? value.join(', ') : '';
  }

  get ip(): string {
    const forwarded = this.trustProxy > 0 ? this.header('x-forwarded-for') : '';
    const hops = forwarded ? forwarded.split(/\s*,\s*/).slice(-this.trustProxy) : [];
    return hops[0] || this.req.socket.remoteAddress || '';
  }

  get host(): string {
    const host = (this.trustProxy > 0 && this.header('x-forwarded-host')) || this.header('host');
    return host ? firstOf(host) : '';
  }

  get secure(): boolean {
    if ((this.req.socket as TLSSocket).encrypted) return true;
    return this.trustProxy > 0 && firstOf(this.header('x-forwarded-proto')) === 'https';
  }

  get(name: string): string {
    return this.header(name.toLowerCase());
  }
}

/**
 * The server's request listener: a lean route's answer, else `next` (Koa's own listener). The
 * request id, the access log and the request metrics see these requests as they see the rest.
 */
type Listener = (req: IncomingMessage, res: ServerResponse) => Promise<void>;
const ANSWERED = Promise.resolve();

export function leanListener(routes: readonly LeanRoute[], options: LeanOptions, next: Listener): Listener {
  const { logger, trustProxy, isKnownHost, observeRequest } = options;
  const send = (
    req: IncomingMessage,
    res: ServerResponse,
    request: LeanRequest,
    route: string,
    started: number,
    status: number,
    headers: string[],
    body?: Buffer,
  ) => {
    const requestId = requestIdFor(request.get('X-Request-Id'));
    headers.push('X-Request-Id', requestId);
    if (request.secure) headers.push('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    res.writeHead(status, headers).end(req.method === 'HEAD' ? undefined : body);
    const ms = performance.now() - started;
    observeRequest?.(request.method, route, status, ms / 1000);
    logRequest(logger, { requestId, method: request.method, path: request.path, status, ms });
  };
  return (req, res) => {
    const { method, url = '/' } = req;
    const route =
      method === 'GET' || method === 'HEAD' ? routes.find((r) => url.startsWith(r.prefix)) : undefined;
    if (!route) return next(req, res);
    const started = performance.now();
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const request = new BareRequest(req, path, trustProxy);
    if (isKnownHost && !isKnownHost(request.host)) return next(req, res);
    let answer: LeanAnswer | undefined;
    try {
      answer = route.answer(request, path.slice(route.prefix.length));
    } catch (error) {
      // Outside Koa an exception would end the process: the full stack answers (and logs) it.
      logger.error({ err: error, path }, 'lean route failed; answered by the full stack');
      return next(req, res);
    }
    if (answer === undefined) return next(req, res);
    if ('redirect' in answer) {
      const headers = [...REDIRECT, 'Location', answer.redirect];
      if (answer.cookie) headers.push('Set-Cookie', answer.cookie);
      send(req, res, request, route.route, started, 302, headers);
    } else {
      const body = Buffer.from(answer.json);
      if (body.length >= COMPRESSION_THRESHOLD_BYTES) return next(req, res);
      send(
        req,
        res,
        request,
        route.route,
        started,
        200,
        [...JSON_TEXT, 'Content-Length', String(body.length)],
        body,
      );
    }
    return ANSWERED;
  };
}
