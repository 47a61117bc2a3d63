import { PassThrough } from 'node:stream';
import {
  GENERATION_EVENTS_PATH,
  type GenerationKind,
  type GenerationProgressMessage,
  isGenerationLifeEvent,
  type RecordedEvent,
  statusAfter,
  type Tier,
} from '@studio/events';
import { currentSession, requireUser } from '../account/auth';
import type { SessionWatch } from '../account/session-watch';
import { DomainError } from '../platform/errors';
import type { RouteModule } from '../platform/http/app';
import type { Platform } from '../platform/module';
import { ProgressHub } from './progress-hub';

/** A keep-alive comment this often keeps proxies from closing an idle stream. */
export const PROGRESS_HEARTBEAT_MS = 15_000;

/**
 * The user's generation events only: the user is on the event's metadata or in its data. Each
 * carries the status it brought, in the shared vocabulary.
 */
export function progressMessage(event: RecordedEvent, userId: string): GenerationProgressMessage | undefined {
  if (!isGenerationLifeEvent(event)) return undefined;
  const data = event.data as Record<string, unknown>;
  if (event.metadata.userId !== userId && data.userId !== userId) return undefined;
  // Heartbeats say nothing to the user; a recorded part carries a whole chapter and no progress.
  if (event.type === 'GenerationHeartbeat' || event.type === 'GenerationPartRecorded') return undefined;
  const generationId = typeof data.generationId === 'string' ? data.generationId : undefined;
  if (!generationId) return undefined;
  const status = statusAfter(event);
  return {
    generationId,
    type: event.type,
    at: event.metadata.occurredAt,
    ...(status ? { status } : {}),
    ...(typeof data.progress === 'number' ? { progress: data.progress } : {}),
    ...(typeof data.step === 'string' ? { step: data.step } : {}),
    ...(typeof data.kind === 'string' ? { kind: data.kind as GenerationKind } : {}),
  };
}

/** Open streams in this process: a bound on file descriptors and memory whatever the accounts. */
export const STREAMS_PER_PROCESS = 2000;

/**
 * Open streams per account by plan (each tab that shows running work holds one), and the streams
 * all accounts of a plan may hold together in one process. Accounts are free and a Demo account
 * has no credits, so nothing to follow: Demo accounts together keep to a tenth of the process and
 * can never take the paying users' places; a paid account costs a subscription, so paid plans
 * share the whole process. The numbers and why: docs/backend.md ("Security decisions").
 */
export const STREAMS_BY_PLAN: Readonly<Record<Tier, { perAccount: number; perProcess?: number }>> = {
  Demo: { perAccount: 2, perProcess: STREAMS_PER_PROCESS / 10 },
  Basic: { perAccount: 3 },
  Standard: { perAccount: 5 },
  Premium: { perAccount: 8 },
};

/**
 * How far behind the log's head a stream may resume: a reconnect after the stream's lifetime or a
 * dropped connection is a few seconds behind; reading this many events costs a few milliseconds.
 * An older Last-Event-ID starts from now with a `resync` message, and the page refetches.
 */
export const RESUME_WINDOW = 2000;
/** After this the server ends a stream; the browser reconnects with Last-Event-ID. */
export const STREAM_LIFETIME_MS = 10 * 60_000;
/** The browser's pause before it reconnects (the `retry:` field). */
const RETRY_MS = 2000;
/**
 * What a stream may still hold unsent at a keep-alive (a browser that stopped reading, a stalled
 * network): past this it is ended with its resume point, so it does not grow without bound while
 * the others go on; the browser resumes from the log once it reads again. Checked at keep-alives,
 * not per event: a reading browser may lag a burst for a moment.
 */
export const STREAM_BUFFER_BYTES = 1024 * 1024;

export interface ProgressStreamLimits {
  byPlan: Readonly<Record<Tier, { perAccount: number; perProcess?: number }>>;
  perProcess: number;
  resumeWindow: number;
  lifetimeMs: number;
  heartbeatMs: number;
  bufferBytes: number;
}

export interface ProgressStreamDeps extends Pick<Platform, 'eventStore' | 'clock'> {
  /** The account's plan, which sets its caps. */
  planOf(userId: string): Promise<Tier>;
  /** Ends a stream when the session that opened it ends (sign-out, here or in another process). */
  sessions?: SessionWatch;
}

/**
 * Live progress (server-sent events): `GET /api/generations/events` streams the signed-in user's
 * generation events as they are appended, each with its log position as the event id, so a
 * reconnecting browser sends Last-Event-ID and misses nothing (from a recent position; an old one
 * gets `event: resync` and the page refetches). Never compressed or buffered. All streams of the
 * process share one subscription (ProgressHub). A stream ends after its lifetime (or when its
 * session expires sooner) with its resume point as a last `id:` line (no event), so even a stream
 * that never carried an event resumes where it stopped; it ends at once when its session is
 * signed out. A stream beyond the account's cap is refused rather than the oldest closed: a
 * closed EventSource reconnects by itself, and tabs would evict each other in a loop; the refused
 * one falls back to refetching (kit/src/generations/live-books.ts).
 */
export function progressRoutes(
  deps: ProgressStreamDeps,
  limits: Partial<ProgressStreamLimits> = {},
): RouteModule {
  const { eventStore, clock, planOf, sessions } = deps;
  const { byPlan, perProcess, resumeWindow, lifetimeMs, heartbeatMs, bufferBytes } = {
    byPlan: STREAMS_BY_PLAN,
    perProcess: STREAMS_PER_PROCESS,
    resumeWindow: RESUME_WINDOW,
    lifetimeMs: STREAM_LIFETIME_MS,
    heartbeatMs: PROGRESS_HEARTBEAT_MS,
    bufferBytes: STREAM_BUFFER_BYTES,
    ...limits,
  };
  const hub = new ProgressHub(eventStore, heartbeatMs, resumeWindow);
  /** Open streams per plan in this process. */
  const byPlanOpen = new Map<Tier, number>();
  const busy = () => new DomainError('UNAVAILABLE', 'Live progress is busy: try again in a minute');
  return (router) => {
    router.get(GENERATION_EVENTS_PATH, async (ctx) => {
      const userId = requireUser(ctx);
      const session = currentSession(ctx);
      const plan = await planOf(userId);
      const caps = byPlan[plan];
      // Checked and joined in one turn of the event loop (no await below until the hub holds it).
      if (hub.count(userId) >= caps.perAccount)
        throw new DomainError(
          'RATE_LIMITED',
          'Too many open progress streams: close another tab and try again',
        );
      if (hub.count() >= perProcess) throw busy();
      if (caps.perProcess !== undefined && (byPlanOpen.get(plan) ?? 0) >= caps.perProcess) throw busy();
      const lastId = Number(ctx.get('Last-Event-ID') || ctx.query.lastEventId);
      const after = Number.isSafeInteger(lastId) && lastId >= 0 ? lastId : undefined;
      const stream = new PassThrough();
      ctx.req.socket.setTimeout(0);
      ctx.req.socket.setNoDelay(true);
      ctx.set({
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      (ctx as { compress?: boolean }).compress = false;
      ctx.status = 200;
      ctx.body = stream;
      stream.write(`: connected\nretry: ${RETRY_MS}\n\n`);
      const client = hub.join(userId, after, {
        send: (event) => {
          const message = progressMessage(event, userId);
          if (message)
            stream.write(`id: ${event.position}\nevent: progress\ndata: ${JSON.stringify(message)}\n\n`);
        },
        // Everything up to the resume point is in the buffer already: ending there loses nothing.
        keepAlive: () =>
          stream.writableLength > bufferBytes ? close(client.position()) : stream.write(': keep-alive\n\n'),
        // The resume point before any event: a reconnect without one would start from "now".
        ready: (position) => stream.write(`id: ${position}\n\n`),
        resync: () => stream.write('event: resync\ndata: {}\n\n'),
        end: () => close(client.position()),
      });
      byPlanOpen.set(plan, (byPlanOpen.get(plan) ?? 0) + 1);
      let closed = false;
      const close = (resumeAt?: number) => {
        if (closed) return;
        closed = true;
        clearTimeout(lifetime);
        unwatch();
        client.leave();
        byPlanOpen.set(plan, (byPlanOpen.get(plan) ?? 1) - 1);
        if (resumeAt !== undefined) stream.write(`id: ${resumeAt}\n\n`);
        stream.end();
      };
      // Signed out: the stream ends (its reconnect is refused); expired: it ends when the session does.
      const unwatch = session && sessions ? sessions.watch(session.id, () => close()) : () => {};
      const untilExpiry = session ? session.expiresAt.getTime() - clock.now().getTime() : lifetimeMs;
      const lifetime = setTimeout(() => close(client.position()), Math.min(lifetimeMs, untilExpiry));
      ctx.res.on('close', () => close());
      stream.on('error', () => close());
    });
  };
}
