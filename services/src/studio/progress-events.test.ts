import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Router from '@koa/router';
import type { Event } from '@studio/events';
import Koa from 'koa';
import type { EventStore } from '../platform/eventstore/port';
import { createSqliteEventStore } from '../platform/eventstore/sqlite';
import { progressRoutes } from './progress-events';

/**
 * The stream's fast path: this process's appends reach the browser through the store's append
 * listener, without waiting for the subscription, and never out of log order.
 */
describe('live progress: appends pushed as they commit', () => {
  let dir: string;
  let store: EventStore;
  let server: http.Server;
  let url: string;
  /** While frozen, subscriptions stall (nothing lost, nothing delivered): only the append listener feeds the stream. */
  let frozen = false;
  let thaw: () => void = () => {};
  let thawed = Promise.resolve();
  const freeze = () => {
    frozen = true;
    thawed = new Promise<void>((resolve) => {
      thaw = () => {
        frozen = false;
        resolve();
      };
    });
  };

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sse-'));
    // A poll interval far beyond the test: a subscription sees other instances' appends only by polling.
    const inner = createSqliteEventStore(path.join(dir, 'events.db'), { pollMs: 600_000 });
    store = {
      ...inner,
      subscribeToAll: (options, handler) =>
        inner.subscribeToAll(options, async (event) => {
          if (frozen) await thawed;
          await handler(event);
        }),
    };
    const app = new Koa();
    // A client closing its stream ends Koa's pipe early; the app's own error handler expects that.
    app.silent = true;
    app.use(async (ctx, next) => {
      ctx.state.userId = 'u1';
      await next();
    });
    const router = new Router();
    progressRoutes({ eventStore: store })(router);
    app.use(router.routes());
    server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/generations/events`;
  });

  afterEach(async () => {
    thaw();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  let n = 0;
  const progress = (generationId: string, progress: number): Event => ({
    eventId: `e-${++n}-${generationId}-${progress}`,
    type: 'GenerationProgressed',
    data: { generationId, progress, step: `step ${progress}` },
    metadata: {
      userId: 'u1',
      correlationId: 'c',
      causationId: 'c',
      occurredAt: '2026-01-01T00:00:00.000Z',
      schemaVersion: 1,
    },
  });

  /** Opens the stream; `ids()` are the event ids received so far. */
  const connect = async (lastEventId?: string) => {
    const ids: string[] = [];
    const req = http.get(url, { headers: lastEventId ? { 'Last-Event-ID': lastEventId } : {} });
    const [res] = (await once(req, 'response')) as [http.IncomingMessage];
    res.setEncoding('utf8');
    let buffer = '';
    res.on('data', (chunk: string) => {
      buffer += chunk;
      for (const match of buffer.matchAll(/^id: (\d+)$/gm)) ids.push(match[1] as string);
      buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
    });
    return { ids: () => ids, close: () => req.destroy() };
  };
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(check()).toBe(true);
  };

  it('delivers this process’s appends even while the subscription delivers nothing', async () => {
    const stream = await connect();
    freeze();
    await store.append('generation-g1', [progress('g1', 10), progress('g1', 20)], {
      expectedRevision: 'any',
    });
    await until(() => stream.ids().length === 2);
    expect(stream.ids()).toEqual(['1', '2']);
    stream.close();
  });

  it('keeps log order: behind a resume point it waits for the subscription, then continues live', async () => {
    await store.append('generation-g1', [progress('g1', 10), progress('g1', 20), progress('g1', 30)], {
      expectedRevision: 'any',
    });
    freeze();
    // Resuming after event 1: events 2 and 3 are the subscription's to replay; it is stalled.
    const stream = await connect('1');
    await store.append('generation-g1', [progress('g1', 40)], { expectedRevision: 'any' });
    await new Promise((r) => setTimeout(r, 300));
    expect(stream.ids()).toEqual([]); // event 4 is not sent ahead of 2 and 3
    thaw();
    await store.append('generation-g1', [progress('g1', 50)], { expectedRevision: 'any' });
    await until(() => stream.ids().length === 4);
    expect(stream.ids()).toEqual(['2', '3', '4', '5']);
    stream.close();
  });
});
