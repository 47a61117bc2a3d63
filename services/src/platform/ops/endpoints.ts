import { timingSafeEqual } from 'node:crypto';
import type Koa from 'koa';
import type { Metrics } from './metrics';
import type { ReadinessReport } from './readiness';

/**
 * Records every request's latency by route pattern (never the raw path: ids would explode the
 * label set) and status, and the outcome of the signed webhooks. Mounted outside the error
 * middleware, so it sees the status actually sent.
 */
export function requestMetrics(metrics: Metrics, webhookPaths: readonly string[] = []): Koa.Middleware {
  const webhooks = new Set(webhookPaths);
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const matched = (ctx as { _matchedRoute?: unknown })._matchedRoute;
      const route =
        typeof matched === 'string'
          ? matched
          : ctx.path === '/metrics' || ctx.path === '/api/ready'
            ? ctx.path
            : ctx.path.startsWith('/api/')
              ? 'unmatched'
              : 'static';
      metrics.observeRequest(ctx.method, route, ctx.status, (performance.now() - started) / 1000);
      if (webhooks.has(ctx.path)) metrics.observeWebhook(ctx.path, ctx.status);
    }
  };
}

export interface OpsEndpointOptions {
  ready: () => Promise<ReadinessReport>;
  metrics: Metrics;
  /** /metrics asks for `Authorization: Bearer <token>`; without a token it is not served (404). */
  metricsToken?: string;
  /**
   * Who sees /api/ready's full report: `token` (the public API: with the metrics token only;
   * anyone else gets the status alone) or `anyone` (the ops port, which is never published).
   */
  readinessDetails: 'token' | 'anyone';
}

/**
 * GET /api/ready (200 ready / 503 not) and GET /metrics (Prometheus text). The full report names
 * engines, projections, lag and parked events: an attacker's view of an outage, so the public API
 * gives it only to the metrics token. Mounted before the session reader, so a read store that is
 * down still gets a report.
 */
export function opsEndpoints(options: OpsEndpointOptions): Koa.Middleware {
  const authorised = (ctx: Koa.Context) =>
    options.metricsToken !== undefined && bearerMatches(ctx.get('Authorization'), options.metricsToken);
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path === '/api/ready') {
      const report = await options.ready();
      ctx.status = report.status === 'ready' ? 200 : 503;
      ctx.set('Cache-Control', 'no-store');
      ctx.body =
        options.readinessDetails === 'anyone' || authorised(ctx) ? report : { status: report.status };
      return;
    }
    if (ctx.path === '/metrics') {
      if (!options.metricsToken) {
        ctx.status = 404;
        ctx.body = { message: 'Metrics are off: set METRICS_TOKEN to serve them', error: 'NOT_FOUND' };
        return;
      }
      if (!authorised(ctx)) {
        ctx.status = 401;
        ctx.set('WWW-Authenticate', 'Bearer realm="metrics"');
        ctx.body = { message: 'Metrics need the METRICS_TOKEN bearer token', error: 'UNAUTHENTICATED' };
        return;
      }
      options.metrics.observeReadiness(await options.ready());
      ctx.type = options.metrics.registry.contentType;
      ctx.body = await options.metrics.registry.metrics();
      return;
    }
    return next();
  };
}

function bearerMatches(header: string, token: string): boolean {
  const given = Buffer.from(/^Bearer\s+(.+)$/i.exec(header)?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
