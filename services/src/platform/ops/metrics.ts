import type { AiUsage, Event } from '@studio/events';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { EventStore } from '../eventstore/port';
import type { ReadinessReport } from './readiness';

/**
 * The Prometheus metrics of one process (its own registry: several embedded servers in one test
 * process do not mix). Counters come from what this process does; gauges (lag, queues) are read
 * at scrape time from the same report as /api/ready.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requestDuration = new Histogram({
    name: 'studio_http_request_duration_seconds',
    help: 'HTTP request latency by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly eventsAppended = new Counter({
    name: 'studio_events_appended_total',
    help: 'Events appended by this process, by type (rate() gives appends per second)',
    labelNames: ['type'] as const,
    registers: [this.registry],
  });
  private readonly jobDuration = new Histogram({
    name: 'studio_job_duration_seconds',
    help: 'Generation jobs from start to completion or failure, by tool and outcome',
    labelNames: ['tool', 'outcome'] as const,
    buckets: [1, 5, 15, 30, 60, 120, 300, 600, 1200],
    registers: [this.registry],
  });
  private readonly jobs = new Counter({
    name: 'studio_jobs_total',
    help: 'Generation jobs finished, by tool and outcome (completed, failed)',
    labelNames: ['tool', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly jobFailures = new Counter({
    name: 'studio_job_failures_total',
    help: 'Failed generation jobs, by tool and why (REFUSED, PROVIDER_ACCOUNT, PROVIDER_ERROR, TIMEOUT, INTERNAL)',
    labelNames: ['tool', 'code'] as const,
    registers: [this.registry],
  });
  private readonly aiCalls = new Counter({
    name: 'studio_ai_calls_total',
    help: 'AI provider calls recorded with their jobs, by model and call (text, image, edit, moderation)',
    labelNames: ['model', 'call'] as const,
    registers: [this.registry],
  });
  private readonly aiTokens = new Counter({
    name: 'studio_ai_tokens_total',
    help: 'AI provider tokens billed, by model, call and direction (input, output)',
    labelNames: ['model', 'call', 'direction'] as const,
    registers: [this.registry],
  });
  private readonly aiImages = new Counter({
    name: 'studio_ai_images_total',
    help: 'Pictures the AI provider made, by model and call',
    labelNames: ['model', 'call'] as const,
    registers: [this.registry],
  });
  private readonly aiCost = new Counter({
    name: 'studio_ai_cost_usd_total',
    help: 'What the AI provider calls cost by the price table (AI_PRICES), in US dollars, by model and call',
    labelNames: ['model', 'call'] as const,
    registers: [this.registry],
  });
  private readonly refunds = new Counter({
    name: 'studio_refunds_total',
    help: 'Credit refunds, by reason',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });
  private readonly refundedCredits = new Counter({
    name: 'studio_refunded_credits_total',
    help: 'Credits given back by refunds',
    registers: [this.registry],
  });
  private readonly webhooks = new Counter({
    name: 'studio_webhook_requests_total',
    help: 'Payment webhooks received, by outcome (accepted, rejected, failed)',
    labelNames: ['path', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly projectionLag = new Gauge({
    name: 'studio_projection_lag_events',
    help: 'Events in the log after the projection checkpoint (capped at 1000)',
    labelNames: ['projection'] as const,
    registers: [this.registry],
  });
  private readonly reactorLag = new Gauge({
    name: 'studio_reactor_lag_events',
    help: 'Events in the log after the reactor checkpoint (reactor="relay" is the relay lag)',
    labelNames: ['reactor'] as const,
    registers: [this.registry],
  });
  private readonly queueDepth = new Gauge({
    name: 'studio_job_queue_depth',
    help: 'Jobs waiting for a worker',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });
  private readonly oldestQueued = new Gauge({
    name: 'studio_job_queue_oldest_age_seconds',
    help: 'Age of the oldest job waiting for a worker (0 when none waits)',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });
  private readonly engineUp = new Gauge({
    name: 'studio_engine_up',
    help: 'Whether the engine answered the last readiness probe (1) or not (0)',
    labelNames: ['engine'] as const,
    registers: [this.registry],
  });
  private readonly alertOk = new Gauge({
    name: 'studio_alert_ok',
    help: 'What the modules watch beyond the engines (1 ok, 0 not ok), by alert: ai-provider-account',
    labelNames: ['alert'] as const,
    registers: [this.registry],
  });
  private readonly parked = new Gauge({
    name: 'studio_parked_events',
    help: 'Events a reactor or a projection gave up on, waiting for a replay',
    registers: [this.registry],
  });
  /** When this process saw each job start, for the duration of the jobs it also finishes. */
  private readonly startedAt = new Map<string, number>();

  constructor(options: { processMetrics?: boolean } = {}) {
    if (options.processMetrics !== false) collectDefaultMetrics({ register: this.registry });
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requestDuration.observe({ method, route, status: String(status) }, seconds);
  }

  observeWebhook(path: string, status: number): void {
    const outcome = status < 400 ? 'accepted' : status < 500 ? 'rejected' : 'failed';
    this.webhooks.inc({ path, outcome });
  }

  /**
   * Counts what a successful append wrote: every event, the ones that end a job or refund, and
   * the AI provider calls recorded with a job (the worker appends them as its parts and outcome).
   */
  observeAppended(events: readonly Event[]): void {
    for (const event of events) {
      this.eventsAppended.inc({ type: event.type });
      const data = event.data as Record<string, unknown>;
      if (Array.isArray(data.usage)) this.observeAiUsage(data.usage as AiUsage[]);
      const at = Date.parse(event.metadata.occurredAt);
      switch (event.type) {
        case 'GenerationStarted':
          if (this.startedAt.size > 10_000) this.startedAt.clear();
          this.startedAt.set(String(data.generationId), at);
          break;
        case 'GenerationCompleted':
        case 'GenerationFailed': {
          const outcome = event.type === 'GenerationCompleted' ? 'completed' : 'failed';
          const tool = String(data.kind);
          this.jobs.inc({ tool, outcome });
          if (event.type === 'GenerationFailed') this.jobFailures.inc({ tool, code: String(data.code) });
          const started = this.startedAt.get(String(data.generationId));
          if (started !== undefined && Number.isFinite(at)) {
            this.jobDuration.observe({ tool, outcome }, Math.max(0, (at - started) / 1000));
            this.startedAt.delete(String(data.generationId));
          }
          break;
        }
        case 'CreditsRefunded':
          this.refunds.inc({ reason: String(data.reason) });
          this.refundedCredits.inc(Number(data.amount) || 0);
          break;
      }
    }
  }

  private observeAiUsage(usage: readonly AiUsage[]): void {
    for (const call of usage) {
      const labels = { model: call.model, call: call.call };
      this.aiCalls.inc(labels);
      this.aiTokens.inc({ ...labels, direction: 'input' }, call.inputTokens);
      this.aiTokens.inc({ ...labels, direction: 'output' }, call.outputTokens);
      this.aiImages.inc(labels, call.images);
      this.aiCost.inc(labels, call.costUsd);
    }
  }

  /** Gauges from the readiness report, set just before a scrape. */
  observeReadiness(report: ReadinessReport): void {
    for (const [engine, check] of Object.entries(report.engines))
      this.engineUp.set({ engine }, check.up ? 1 : 0);
    for (const p of report.projections)
      if (p.lag !== null) this.projectionLag.set({ projection: p.name }, p.lag);
    for (const r of report.reactors) if (r.lag !== null) this.reactorLag.set({ reactor: r.name }, r.lag);
    for (const q of report.queues) {
      this.queueDepth.set({ queue: q.name }, q.depth);
      this.oldestQueued.set({ queue: q.name }, q.oldestAgeSeconds ?? 0);
    }
    if (report.parkedEvents !== null) this.parked.set(report.parkedEvents);
    for (const alert of report.alerts)
      if (alert.ok !== null) this.alertOk.set({ alert: alert.name }, alert.ok ? 1 : 0);
  }
}

/** The event store, counting what each successful append wrote. */
export function meteredEventStore(inner: EventStore, metrics: Metrics): EventStore {
  return {
    ...inner,
    append: async (streamName, events, options) => {
      const result = await inner.append(streamName, events, options);
      metrics.observeAppended(events);
      return result;
    },
    readStream: (...args) => inner.readStream(...args),
    readAll: (...args) => inner.readAll(...args),
    subscribeToAll: (...args) => inner.subscribeToAll(...args),
    headPosition: () => inner.headPosition(),
    close: () => inner.close(),
  };
}
