import type { IncomingMessage, ServerResponse } from 'node:http';
import Router from '@koa/router';
import Koa from 'koa';
import { koaBody } from 'koa-body';
import type { Logger } from '../logging';
import { compression } from './compression';
import { errorMiddleware, unreadableBody } from './errors';
import { knownHost, knownHostOnly } from './host-guard';
import { type LeanRoute, leanListener } from './lean-routes';
import { requestContext } from './request-context';
import { acceptedContentTypes, sameOriginOnly } from './request-guards';
import { type CspSources, securityHeaders } from './security-headers';

/** A bounded context contributes routes to the one API router. */
export type RouteModule = (router: Router) => void;

export interface HttpAppOptions {
  logger: Logger;
  routes: RouteModule[];
  /** Public, bodiless GET routes answered before the guards, body parsing, `before` and the router. */
  edgeRoutes?: RouteModule[];
  /** Public GETs answered from memory ahead of the Koa stack (a QR scan): see lean-routes.ts. */
  leanRoutes?: LeanRoute[];
  /** The request metrics of the lean routes' answers (the rest are `outer`'s to record). */
  observeRequest?: (method: string, route: string, status: number, seconds: number) => void;
  /** Run outside the error middleware, so they see the status actually sent (request metrics). */
  outer?: Koa.Middleware[];
  /** Run before the routes (sessions). */
  before?: Koa.Middleware[];
  /** Mounted after the API (static front-ends, SPA fallback). */
  after?: Koa.Middleware[];
  /** Body parsers for the few paths that differ from small JSON (uploads, raw webhook bodies). */
  bodyParsers?: Record<string, Koa.Middleware>;
  /** Request body types per path for the routes that take something other than JSON (uploads). */
  contentTypes?: Record<string, readonly string[]>;
  /** Origins besides the request's own that may send state-changing requests (PUBLIC_URL). */
  publicOrigins?: string[];
  /** The public addresses (PUBLIC_URL): when given, a request for any other Host is a 421 (probes aside). */
  publicUrls?: string[];
  /** Paths whose requests carry their own proof and skip the origin check (signed webhooks). */
  originCheckExempt?: string[];
  /** Other origins the pages may load scripts from, connect to or frame (CSP). */
  cspSources?: CspSources;
  /** Proxies in front whose X-Forwarded-* headers are believed (TRUST_PROXY); 0 or absent = none. */
  trustProxy?: number;
}

/** Small JSON bodies by default (nothing else is parsed): a huge body is a 413 before any handler runs. */
export const jsonBody = (limit = '100kb') =>
  koaBody({ jsonLimit: limit, multipart: false, urlencoded: false, text: false, jsonStrict: true });

export function createHttpApp(options: HttpAppOptions): Koa {
  const hops = options.trustProxy ?? 0;
  // maxIpsCount: only the addresses the trusted proxies appended count, so a client cannot
  // pick its own ctx.ip by sending X-Forwarded-For itself.
  const app = new Koa({ proxy: hops > 0, maxIpsCount: hops });
  app.on('error', (error: NodeJS.ErrnoException) => {
    // A client that goes away mid-download is not a server fault.
    const aborted =
      error.code === 'ECONNRESET' || error.code === 'EPIPE' || error.message === 'Premature close';
    options.logger[aborted ? 'debug' : 'error'](
      { err: error },
      aborted ? 'client went away' : 'response failed',
    );
  });
  // The access log wraps the error middleware, so it records the status actually sent.
  app.use(requestContext(options.logger));
  for (const middleware of options.outer ?? []) app.use(middleware);
  const lean = options.leanRoutes ?? [];
  if (lean.length > 0) {
    // The server's listener (app.listen, supertest) answers the lean routes before Koa's own.
    const koaListener = app.callback.bind(app);
    app.callback = () => {
      const listener = leanListener(
        lean,
        {
          logger: options.logger,
          trustProxy: hops,
          ...(options.publicUrls?.length ? { isKnownHost: knownHost(options.publicUrls) } : {}),
          ...(options.observeRequest ? { observeRequest: options.observeRequest } : {}),
        },
        koaListener(),
      );
      // Served over HTTP/1.1 only (app.listen): the request is always an IncomingMessage.
      return (req, res) => listener(req as IncomingMessage, res as ServerResponse);
    };
  }
  app.use(errorMiddleware(options.logger));
  app.use(securityHeaders(options.cspSources));
  app.use(compression());
  if (options.publicUrls?.length) app.use(knownHostOnly(options.publicUrls));
  app.use(async (ctx, next) => {
    if (ctx.path.startsWith('/api/')) ctx.set('Cache-Control', 'no-store');
    await next();
  });

  if (options.edgeRoutes?.length) {
    const edge = new Router();
    for (const mount of options.edgeRoutes) mount(edge);
    // A route that takes a body or changes state must not skip the guards.
    const unsafe = edge.stack.find((layer) => layer.methods.some((m) => m !== 'GET' && m !== 'HEAD'));
    if (unsafe) throw new Error(`Edge route ${String(unsafe.path)} must be GET only`);
    // Only a matching path and method is answered here (the modules mount GETs); anything else,
    // a POST to the same path included, goes on to the guarded stack.
    app.use(edge.routes());
  }

  app.use(
    sameOriginOnly({
      ...(options.publicOrigins ? { publicOrigins: options.publicOrigins } : {}),
      ...(options.originCheckExempt ? { exempt: options.originCheckExempt } : {}),
    }),
  );
  app.use(acceptedContentTypes(options.contentTypes));

  const defaultBody = jsonBody();
  const bodyParsers = options.bodyParsers ?? {};
  app.use(async (ctx, next) => {
    try {
      await (bodyParsers[ctx.path] ?? defaultBody)(ctx, async () => {});
    } catch (error) {
      throw unreadableBody(error);
    }
    await next();
  });

  for (const middleware of options.before ?? []) app.use(middleware);

  const router = new Router();
  router.get('/api/health', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  for (const mount of options.routes) mount(router);
  app.use(router.routes());
  app.use(router.allowedMethods());
  for (const middleware of options.after ?? []) app.use(middleware);
  return app;
}
