import type Koa from 'koa';
import type { BlobStore } from './blobs/port';
import type { Bus } from './bus/port';
import type { Clock } from './clock';
import type { CommandHandler } from './command-handler';
import type { Config } from './config';
import type { EventStore } from './eventstore/port';
import type { RouteModule } from './http/app';
import type { LeanRoute } from './http/lean-routes';
import type { CspSources } from './http/security-headers';
import type { Logger } from './logging';
import type { Moderator } from './moderation';
import type { Metrics } from './ops/metrics';
import type { AlertProbe, QueueProbe } from './ops/readiness';
import type { ReadStore } from './readstore/port';
import type { BlobReferences } from './runners/blob-sweeper';
import type { Projection } from './runners/projector';
import type { Reactor } from './runners/reactor';

/**
 * The engines a process works with, built once by a composition root (`main/`) from the
 * configuration. Feature modules take the slice they need (`Pick<Platform, …>`), never the whole.
 */
export interface Platform {
  config: Config;
  logger: Logger;
  clock: Clock;
  eventStore: EventStore;
  readStore: ReadStore;
  bus: Bus;
  blobs: BlobStore;
  commands: CommandHandler;
  /** This process's Prometheus metrics (the event store is already metered). */
  metrics: Metrics;
  /** Checks what users send before credits are spent or anything is published. */
  moderator: Moderator;
}

/** Something a running process can stop. */
export interface Stoppable {
  stop(): Promise<void> | void;
}

/** A part of the worker role (a bus consumer, a supervisor) that runs until stopped. */
export interface Runnable {
  name: string;
  start(): Promise<Stoppable>;
}

/**
 * One bounded context as the composition roots see it. Each role of the backend takes its part:
 * the API mounts middleware, body parsers and routes; the projector runs projections; the relay
 * runs reactors; the worker runs the workers (bus consumers, supervisors). The embedded process runs all of them.
 */
export interface FeatureModule {
  name: string;
  /** Run before every route, in module order (the session reader). */
  middleware?: Koa.Middleware[];
  /** Body parsers for paths that differ from small JSON (uploads, raw webhook bodies). */
  bodyParsers?: Record<string, Koa.Middleware>;
  /** Request body types per path for routes that take something other than JSON (uploads). */
  contentTypes?: Record<string, readonly string[]>;
  /** Origins the pages need beyond their own, for this module's features (Stripe.js). */
  cspSources?: CspSources;
  /** Paths whose requests carry their own proof and skip the same-origin check (signed webhooks). */
  originCheckExempt?: string[];
  /** Paths of signed webhooks, counted by outcome in the metrics (a payment webhook, not a form). */
  webhookPaths?: string[];
  routes?: RouteModule[];
  /**
   * Public GET routes on a hot path (a QR scan's redirect): answered right after the security
   * headers and compression, before the request guards, body parsing, the session reader and the
   * main router, none of which a bodiless, anonymous GET needs. A path not matched here goes on.
   */
  edgeRoutes?: RouteModule[];
  /**
   * Public GETs answered from memory ahead of everything but the request id and metrics (a QR
   * scan's redirect, a landing page's data), leaving to the routes what needs any I/O.
   */
  leanRoutes?: LeanRoute[];
  projections?: Projection[];
  reactors?: Reactor[];
  /** Bus consumers and background jobs of the worker role. */
  workers?: Runnable[];
  /**
   * The blobs this module names, and which of them nothing references any more: the worker role's
   * sweep (`runners/blob-sweeper.ts`) deletes those, past a grace period.
   */
  blobReferences?: BlobReferences;
  /** Job queues the operator watches (/api/ready, /metrics): depth and oldest waiting job. */
  queues?: QueueProbe[];
  /** What else the operator must hear of (/api/ready's `alerts`, /metrics' `studio_alert_ok`). */
  alerts?: AlertProbe[];
  /**
   * Graceful stop of a process serving this module's routes: called once the server no longer
   * accepts requests and before the stores close, to write what the routes buffered (QR scans).
   */
  stop?: () => Promise<void>;
  /** Writes what the routes buffered so far (QR scans) and resolves once it is in the log. */
  flush?: () => Promise<void>;
}
