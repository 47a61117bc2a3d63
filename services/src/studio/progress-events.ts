import { PassThrough } from 'node:stream';
import type { RecordedEvent } from '@studio/events';
import { requireUser } from '../account/auth';
import type { RouteModule } from '../platform/http/app';
import type { Platform } from '../platform/module';

/** What the stream tells the browser about one of the user's generations. */
export interface ProgressMessage {
  generationId: string;
  type: string;
  progress?: number;
  step?: string;
  kind?: string;
  /** When it happened (the event's time), for clients and the delivery-lag bench. */
  at: string;
}

const HEARTBEAT_MS = 15_000;

/** The user's generation events only: the user is on the event's metadata or in its data. */
export function progressMessage(event: RecordedEvent, userId: string): ProgressMessage | undefined {
  if (!event.type.startsWith('Generation')) return undefined;
  const data = event.data as Record<string, unknown>;
  if (event.metadata.userId !== userId && data.userId !== userId) return undefined;
  if (event.type === 'GenerationHeartbeat') return undefined;
  const generationId = typeof data.generationId === 'string' ? data.generationId : undefined;
  if (!generationId) return undefined;
  return {
    generationId,
    type: event.type,
    at: event.metadata.occurredAt,
    ...(typeof data.progress === 'number' ? { progress: data.progress } : {}),
    ...(typeof data.step === 'string' ? { step: data.step } : {}),
    ...(typeof data.kind === 'string' ? { kind: data.kind } : {}),
  };
}

/**
 * Live progress (server-sent events): `GET /api/generations/events` streams the signed-in user's
 * generation events as they are appended, each with its log position as the event id, so a
 * reconnecting browser sends Last-Event-ID and misses nothing. Never compressed or buffered.
 */
export function progressRoutes({ eventStore }: Pick<Platform, 'eventStore'>): RouteModule {
  return (router) => {
    router.get('/api/generations/events', async (ctx) => {
      const userId = requireUser(ctx);
      const lastId = Number(ctx.get('Last-Event-ID') || ctx.query.lastEventId);
      const after = Number.isSafeInteger(lastId) && lastId >= 0 ? lastId : await eventStore.headPosition();
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
      stream.write(': connected\nretry: 2000\n\n');
      // Everything up to `delivered` has been looked at, in log order: each event is sent once.
      let delivered = after ?? 0;
      const deliver = (event: RecordedEvent) => {
        if (event.position <= delivered) return;
        delivered = event.position;
        const message = progressMessage(event, userId);
        if (message)
          stream.write(`id: ${event.position}\nevent: progress\ndata: ${JSON.stringify(message)}\n\n`);
      };
      // The subscription is complete (catch-up, other processes' appends); the append listener is
      // the fast path for this process's appends: written the moment they commit, before the
      // projectors, relay and workers take their turn. It only takes the next event in line, so
      // while the subscription is catching up (or another process appended) nothing is reordered.
      const subscription = eventStore.subscribeToAll(after === undefined ? {} : { after }, async (event) =>
        deliver(event),
      );
      const unlisten = eventStore.onAppended?.((events) => {
        for (const event of events) if (event.position === delivered + 1) deliver(event);
      });
      const heartbeat = setInterval(() => stream.write(': keep-alive\n\n'), HEARTBEAT_MS);
      const close = () => {
        clearInterval(heartbeat);
        unlisten?.();
        void subscription.stop();
        stream.end();
      };
      ctx.res.on('close', close);
      stream.on('error', close);
    });
  };
}
