import { PassThrough } from 'node:stream';
import {
  GENERATION_EVENTS_PATH,
  type GenerationKind,
  type GenerationProgressMessage,
  isGenerationLifeEvent,
  type RecordedEvent,
  statusAfter,
} from '@studio/events';
import { requireUser } from '../account/auth';
import { DomainError } from '../platform/errors';
import type { RouteModule } from '../platform/http/app';
import type { Platform } from '../platform/module';
import { ProgressHub } from './progress-hub';

const HEARTBEAT_MS = 15_000;

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

/** Open streams one user may hold (tabs of one browser share one; a few browsers or devices). */
export const STREAMS_PER_USER = 5;
/** Open streams in this process: a bound on file descriptors and memory whatever the accounts. */
export const STREAMS_PER_PROCESS = 2000;
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
  perUser: number;
  perProcess: number;
  lifetimeMs: number;
  heartbeatMs: number;
  bufferBytes: number;
}

/**
 * Live progress (server-sent events): `GET /api/generations/events` streams the signed-in user's
 * generation events as they are appended, each with its log position as the event id, so a
 * reconnecting browser sends Last-Event-ID and misses nothing. Never compressed or buffered.
 * All streams of the process share one subscription (ProgressHub). A stream ends after its
 * lifetime with its resume point as a last `id:` line (no event), so even a stream that never
 * carried an event resumes where it stopped. A user's sixth stream is refused rather than the
 * oldest closed: a closed EventSource reconnects by itself, and tabs would evict each other in a
 * loop; the refused one falls back to refetching (kit/src/generations/live-books.ts).
 */
export function progressRoutes(
  { eventStore }: Pick<Platform, 'eventStore'>,
  limits: Partial<ProgressStreamLimits> = {},
): RouteModule {
  const { perUser, perProcess, lifetimeMs, heartbeatMs, bufferBytes } = {
    perUser: STREAMS_PER_USER,
    perProcess: STREAMS_PER_PROCESS,
    lifetimeMs: STREAM_LIFETIME_MS,
    heartbeatMs: HEARTBEAT_MS,
    bufferBytes: STREAM_BUFFER_BYTES,
    ...limits,
  };
  const hub = new ProgressHub(eventStore, heartbeatMs);
  return (router) => {
    router.get(GENERATION_EVENTS_PATH, async (ctx) => {
      const userId = requireUser(ctx);
      if (hub.count(userId) >= perUser)
        throw new DomainError(
          'RATE_LIMITED',
          'Too many open progress streams: close another tab and try again',
        );
      if (hub.count() >= perProcess)
        throw new DomainError('UNAVAILABLE', 'Live progress is busy: try again in a minute');
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
        end: () => close(client.position()),
      });
      let closed = false;
      const close = (resumeAt?: number) => {
        if (closed) return;
        closed = true;
        clearTimeout(lifetime);
        client.leave();
        if (resumeAt !== undefined) stream.write(`id: ${resumeAt}\n\n`);
        stream.end();
      };
      const lifetime = setTimeout(() => close(client.position()), lifetimeMs);
      ctx.res.on('close', () => close());
      stream.on('error', () => close());
    });
  };
}
