import type { Server } from 'node:http';
import type Koa from 'koa';
import { createHttpApp } from '../platform/http/app';
import type { FeatureModule, Platform } from '../platform/module';
import { opsEndpoints, requestMetrics } from '../platform/ops/endpoints';
import { type ReadinessReport, readiness } from '../platform/ops/readiness';
import { RunnerRegistry } from '../platform/ops/runner-registry';

/** What a process offers its operator: runner registry, readiness report, /api/ready and /metrics. */
export interface Ops {
  runners: RunnerRegistry;
  report(): Promise<ReadinessReport>;
  /** For the public API: /api/ready details and /metrics need the metrics token. */
  endpoints: Koa.Middleware;
  /** For OPS_PORT, which is never published: /api/ready's full report for anyone who reaches it. */
  privateEndpoints: Koa.Middleware;
  requestMetrics: Koa.Middleware;
}

export function createOps(platform: Platform, modules: FeatureModule[]): Ops {
  const runners = new RunnerRegistry();
  const report = () =>
    readiness({
      platform,
      runners,
      projections: modules.flatMap((m) => m.projections ?? []).map((p) => p.name),
      reactors: modules.flatMap((m) => m.reactors ?? []).map((r) => r.name),
      queues: modules.flatMap((m) => m.queues ?? []),
      alerts: modules.flatMap((m) => m.alerts ?? []),
    });
  const endpoints = (readinessDetails: 'token' | 'anyone') =>
    opsEndpoints({
      ready: report,
      metrics: platform.metrics,
      readinessDetails,
      ...(platform.config.metricsToken ? { metricsToken: platform.config.metricsToken } : {}),
    });
  return {
    runners,
    report,
    endpoints: endpoints('token'),
    privateEndpoints: endpoints('anyone'),
    // Only the signed webhooks: the no-JavaScript QR form is exempt from the origin check too,
    // but it is a reader's signup, not a webhook.
    requestMetrics: requestMetrics(
      platform.metrics,
      modules.flatMap((m) => m.webhookPaths ?? []),
    ),
  };
}

/**
 * The projector, relay and worker processes serve no API; this small server on OPS_PORT gives
 * their health checks and Prometheus something to ask (/api/health, /api/ready, /metrics).
 */
export async function listenOps(platform: Platform, ops: Ops): Promise<Server> {
  const app = createHttpApp({
    logger: platform.logger,
    routes: [],
    outer: [ops.requestMetrics],
    before: [ops.privateEndpoints],
  });
  return new Promise((resolve, reject) => {
    const server = app.listen(platform.config.opsPort, platform.config.host, () => resolve(server));
    server.once('error', reject);
  });
}
