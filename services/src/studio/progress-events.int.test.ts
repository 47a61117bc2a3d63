import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Router from '@koa/router';
import type { Tier } from '@studio/events';
import { type Event, GENERATION_EVENTS_PATH, type RecordedEvent } from '@studio/events';
import Koa from 'koa';
import request from 'supertest';
import { sessionMiddleware } from '../account/auth';
import { SessionWatch } from '../account/session-watch';
import { SESSION_COOKIE, SessionStore } from '../account/sessions';
import { systemClock } from '../platform/clock';
import { isDomainError } from '../platform/errors';
import type { EventStore } from '../platform/eventstore/port';
import { createSqliteEventStore } from '../platform/eventstore/sqlite';
import type { ReadStore } from '../platform/readstore/port';
import { createSqliteReadStore } from '../platform/readstore/sqlite';
import { eventually, useEmbeddedServer } from '../testing/test-runtime';
import {
  type ProgressStreamLimits,
  progressMessage,
  progressRoutes,
  RESUME_WINDOW,
  STREAMS_BY_PLAN,
} from './progress-events';

/**
 * The stream's fast path: this process's appends reach the browser through the store's append
 * listener, without waiting for the subscription, and never out of log order.
 */
describe('live progress: appends pushed as they commit', () => {
  let dir: string;
  let store: EventStore;
  let server: http.Server | undefined;
  let url: string;
  /** While frozen, subscriptions stall (nothing lost, nothing delivered): only the append listener feeds the stream. */
  let frozen = false;
  let thaw: () => void = () => {};
  let thawed = Promise.resolve();
  /** Subscriptions opened on the store, and those stopped. */
  let subscriptions = 0;
  let stopped = 0;
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
    subscriptions = 0;
    stopped = 0;
    store = {
      ...inner,
      subscribeToAll: (options, handler) => {
        subscriptions += 1;
        const handle = inner.subscribeToAll(options, async (event) => {
          if (frozen) await thawed;
          await handler(event);
        });
        return {
          caughtUp: handle.caughtUp,
          stop: () => {
            stopped += 1;
            return handle.stop();
          },
        };
      },
    };
  });

  /** The plan of each user the streams belong to (Basic unless named). */
  const plans: Record<string, Tier> = {};

  /** Serves the stream to user `X-User` (u1 by default). */
  const serve = async (limits: Partial<ProgressStreamLimits> = {}) => {
    const app = new Koa();
    // A client closing its stream ends Koa's pipe early; the app's own error handler expects that.
    app.silent = true;
    app.use(async (ctx, next) => {
      ctx.state.userId = ctx.get('X-User') || 'u1';
      try {
        await next();
      } catch (error) {
        // The app's error answer, in short: status and `{ message, error }`.
        ctx.status = isDomainError(error)
          ? ({ RATE_LIMITED: 429, UNAVAILABLE: 503 }[error.code as string] ?? 400)
          : 500;
        ctx.body = isDomainError(error) ? { message: error.message, error: error.code } : {};
      }
    });
    const router = new Router();
    progressRoutes(
      { eventStore: store, clock: systemClock, planOf: async (userId) => plans[userId] ?? 'Basic' },
      limits,
    )(router);
    app.use(router.routes());
    server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/generations/events`;
  };

  afterEach(async () => {
    thaw();
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
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

  /**
   * Opens the stream; `ids()` are the ids of the progress events received so far, `lastEventId()`
   * the last `id:` field of any block (what an EventSource sends back when it reconnects).
   */
  const connect = async (lastEventId?: string, user = 'u1') => {
    const ids: string[] = [];
    let resyncs = 0;
    let last = lastEventId;
    const req = http.get(url, {
      headers: { 'X-User': user, ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}) },
    });
    const [res] = (await once(req, 'response')) as [http.IncomingMessage];
    res.setEncoding('utf8');
    let buffer = '';
    let ended = false;
    res.on('end', () => {
      ended = true;
    });
    res.on('data', (chunk: string) => {
      buffer += chunk;
      const blocks = buffer.split('\n\n');
      buffer = blocks.pop() ?? '';
      for (const block of blocks) {
        const id = /^id: (\d+)$/m.exec(block)?.[1];
        if (id !== undefined) last = id;
        if (id && block.includes('event: progress')) ids.push(id);
        if (block.includes('event: resync')) resyncs += 1;
      }
    });
    return {
      status: res.statusCode,
      ids: () => ids,
      resyncs: () => resyncs,
      lastEventId: () => last,
      ended: () => ended,
      body: async () => {
        let text = '';
        for await (const chunk of res) text += chunk;
        return JSON.parse(text) as unknown;
      },
      close: () => req.destroy(),
    };
  };
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(check()).toBe(true);
  };

  it('delivers this process’s appends even while the subscription delivers nothing', async () => {
    await serve();
    const stream = await connect();
    freeze();
    await store.append('generation-g1', [progress('g1', 10), progress('g1', 20)], {
      expectedRevision: 'any',
    });
    await until(() => stream.ids().length === 2);
    expect(stream.ids()).toEqual(['1', '2']);
    stream.close();
  });

  it('keeps log order: behind a resume point it replays the log, then continues live', async () => {
    await serve();
    await store.append('generation-g1', [progress('g1', 10), progress('g1', 20), progress('g1', 30)], {
      expectedRevision: 'any',
    });
    freeze();
    // Resuming after event 1: events 2 and 3 are read from the log, event 4 comes live after them.
    const stream = await connect('1');
    await store.append('generation-g1', [progress('g1', 40)], { expectedRevision: 'any' });
    thaw();
    await store.append('generation-g1', [progress('g1', 50)], { expectedRevision: 'any' });
    await until(() => stream.ids().length === 4);
    expect(stream.ids()).toEqual(['2', '3', '4', '5']);
    stream.close();
  });

  const append = (user: string, generationId: string, value: number) =>
    store.append(
      `generation-${generationId}`,
      [
        {
          ...progress(generationId, value),
          metadata: { ...progress(generationId, value).metadata, userId: user },
        },
      ],
      { expectedRevision: 'any' },
    );

  it('caps open streams per user (429) and per process (503); a closed stream frees its place', async () => {
    await serve({ byPlan: { ...STREAMS_BY_PLAN, Basic: { perAccount: 3 } }, perProcess: 5 });
    const mine = [await connect(), await connect(), await connect()];
    expect(mine.map((s) => s.status)).toEqual([200, 200, 200]);
    const fourth = await connect();
    expect(fourth.status).toBe(429);
    expect(await fourth.body()).toEqual({
      message: 'Too many open progress streams: close another tab and try again',
      error: 'RATE_LIMITED',
    });
    const theirs = [await connect(undefined, 'u2'), await connect(undefined, 'u2')];
    expect(theirs.map((s) => s.status)).toEqual([200, 200]);
    const busy = await connect(undefined, 'u3');
    expect(busy.status).toBe(503);
    expect(await busy.body()).toEqual({
      message: 'Live progress is busy: try again in a minute',
      error: 'UNAVAILABLE',
    });
    mine[0]?.close();
    let again = await connect();
    for (let i = 0; i < 100 && again.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 10));
      again = await connect();
    }
    expect(again.status).toBe(200);
    for (const stream of [...mine, ...theirs, again]) stream.close();
  });

  it('caps streams by plan: a Demo account holds fewer, and Demo accounts together cannot take the paying users’ places', async () => {
    Object.assign(plans, { d1: 'Demo', d2: 'Demo', d3: 'Demo', p1: 'Premium' });
    await serve({
      byPlan: { ...STREAMS_BY_PLAN, Demo: { perAccount: 2, perProcess: 3 }, Premium: { perAccount: 4 } },
      perProcess: 10,
    });
    const demo = [await connect(undefined, 'd1'), await connect(undefined, 'd1')];
    const third = await connect(undefined, 'd1');
    expect([...demo, third].map((s) => s.status)).toEqual([200, 200, 429]);
    const otherDemo = await connect(undefined, 'd2');
    expect(otherDemo.status).toBe(200);
    // Three Demo streams are open: the Demo share is full, the process is not.
    const busy = await connect(undefined, 'd3');
    expect(busy.status).toBe(503);
    const premium = await Promise.all([1, 2, 3, 4].map(() => connect(undefined, 'p1')));
    expect(premium.map((s) => s.status)).toEqual([200, 200, 200, 200]);
    expect((await connect(undefined, 'p1')).status).toBe(429);
    demo[0]?.close();
    let again = await connect(undefined, 'd3');
    for (let i = 0; i < 100 && again.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 10));
      again = await connect(undefined, 'd3');
    }
    expect(again.status).toBe(200);
    for (const stream of [...demo, otherDemo, ...premium, again]) stream.close();
  });

  it('resumes from a recent position only: an older one, or one beyond the log, starts from now and says to refetch', async () => {
    await serve({ resumeWindow: 3, byPlan: { ...STREAMS_BY_PLAN, Basic: { perAccount: 4 } } });
    for (let i = 1; i <= 6; i++) await append('u1', 'g1', i * 10);
    const recent = await connect('3');
    await until(() => recent.ids().length === 3);
    expect([recent.ids(), recent.resyncs()]).toEqual([['4', '5', '6'], 0]);
    const old = await connect('2');
    const forged = await connect('999999');
    const fromZero = await connect('0');
    const resumed = [old, forged, fromZero];
    await until(() => resumed.every((s) => s.lastEventId() === '6'));
    expect(resumed.map((s) => [s.resyncs(), s.ids()])).toEqual([
      [1, []],
      [1, []],
      [1, []],
    ]);
    // From now on they carry what is appended, like any stream.
    await append('u1', 'g1', 70);
    await until(() => [recent, ...resumed].every((s) => s.ids().includes('7')));
    for (const stream of [recent, ...resumed]) stream.close();
  });

  it('shares one subscription among every open stream and hands each event to its user’s streams only', async () => {
    await serve();
    const streams = [
      await connect(),
      await connect(),
      await connect(undefined, 'u2'),
      await connect(undefined, 'u2'),
    ];
    await until(() => streams.every((s) => s.lastEventId() !== undefined));
    await append('u1', 'g1', 10);
    await append('u2', 'g2', 10);
    await until(() => streams.every((s) => s.ids().length === 1));
    expect(streams.map((s) => s.ids())).toEqual([['1'], ['1'], ['2'], ['2']]);
    expect(subscriptions).toBe(1);
    for (const stream of streams) stream.close();
  });

  it('ends a stream after its lifetime with its resume point; the reconnect loses no event', async () => {
    await serve({ lifetimeMs: 300 });
    await append('u2', 'g0', 5); // someone else's event before the stream opens
    const first = await connect();
    await until(() => first.ended());
    // No event of its own yet, still a resume point: the reconnect starts where this one stopped.
    expect(first.lastEventId()).toBe('1');
    await append('u1', 'g1', 10); // appended while the browser waits to reconnect
    const second = await connect(first.lastEventId());
    await append('u1', 'g1', 20);
    await until(() => second.ids().length === 2);
    expect(second.ids()).toEqual(['2', '3']);
    await until(() => second.ended());
    const third = await connect(second.lastEventId());
    await append('u1', 'g1', 30);
    await until(() => third.ids().length === 1);
    expect(third.ids()).toEqual(['4']);
    third.close();
  });

  it('ends every stream with its resume point when the shared subscription fails', async () => {
    const failures: Array<(error: unknown) => void> = [];
    const subscribe = store.subscribeToAll;
    store.subscribeToAll = (options, handler) => {
      if (options.onError) failures.push(options.onError);
      return subscribe(options, handler);
    };
    await serve();
    await append('u1', 'g1', 10);
    const streams = [await connect(), await connect(undefined, 'u2')];
    await until(() => streams.every((s) => s.lastEventId() === '1'));
    for (const fail of failures) fail(new Error('engine dropped'));
    await until(() => streams.every((s) => s.ended()));
    expect(streams.map((s) => s.lastEventId())).toEqual(['1', '1']);
  });

  it('starts the shared subscription with the first stream and stops it with the last; the next stream starts it again', async () => {
    await serve();
    const first = [await connect(), await connect(undefined, 'u2')];
    await until(() => first.every((s) => s.lastEventId() !== undefined));
    expect([subscriptions, stopped]).toEqual([1, 0]);
    first[0]?.close();
    await append('u2', 'g2', 10);
    await until(() => first[1]?.ids().length === 1);
    expect(stopped).toBe(0);
    first[1]?.close();
    await until(() => stopped === 1);
    const next = await connect();
    await until(() => next.lastEventId() !== undefined);
    await append('u1', 'g1', 10);
    await until(() => next.ids().length === 1);
    expect(next.ids()).toEqual(['2']);
    expect([subscriptions, stopped]).toEqual([2, 1]);
    next.close();
  });

  it('ends a stream whose browser stopped reading once it holds too much unsent; the others go on, and it resumes losing nothing', async () => {
    await serve({ bufferBytes: 256 * 1024, heartbeatMs: 50 });
    const mine = await connect();
    const theirs = await connect(undefined, 'u2');
    // A browser that stops reading: its socket fills up, then the server's buffer.
    const stuck = http.get(url, { headers: { 'X-User': 'u1' } });
    const [stalled] = (await once(stuck, 'response')) as [http.IncomingMessage];
    stalled.pause();
    await until(() => mine.lastEventId() !== undefined && theirs.lastEventId() !== undefined);
    // Bursts smaller than the allowance, each read by the others before the next one.
    const big = 'x'.repeat(16 * 1024);
    const count = 1000;
    for (let i = 0; i < count; i += 10) {
      const burst = Array.from({ length: 10 }, (_, k) => ({
        ...progress('g1', i + k),
        data: { generationId: 'g1', progress: i + k, step: big },
      }));
      await store.append('generation-g1', burst, { expectedRevision: 'any' });
      await append('u2', 'g2', i);
      await until(() => mine.ids().length === i + 10 && theirs.ids().length === (i + 10) / 10);
    }
    expect(mine.ended() || theirs.ended()).toBe(false);
    // Read at last: what was buffered arrives, then its resume point, then the end.
    let text = '';
    stalled.setEncoding('utf8');
    stalled.on('data', (chunk: string) => {
      text += chunk;
    });
    stalled.resume();
    await once(stalled, 'end');
    const received = [...text.matchAll(/^id: (\d+)\nevent: progress$/gm)].map((m) => m[1]);
    const resumeAt = [...text.matchAll(/^id: (\d+)$/gm)].at(-1)?.[1];
    expect(received.length).toBeGreaterThan(0);
    expect(received.length).toBeLessThan(count);
    const resumed = await connect(resumeAt);
    await until(() => received.length + resumed.ids().length === count);
    expect([...received, ...resumed.ids()]).toEqual(mine.ids());
    for (const stream of [mine, theirs, resumed]) stream.close();
  });
});

/**
 * A stream belongs to the session that opened it: a sign-out ends it, in this process at once and
 * in another one at its next check; an expiring session ends it. Two "processes" (apps with their
 * own session store, hub and watch) share one read store, as API processes share PostgreSQL.
 */
describe('live progress: a stream ends with its session', () => {
  const CHECK_MS = 100;
  let dir: string;
  let events: EventStore;
  let reads: ReadStore;
  const servers: http.Server[] = [];

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'sse-sessions-'));
    events = createSqliteEventStore(path.join(dir, 'events.db'));
    reads = createSqliteReadStore(path.join(dir, 'read.db'));
  });
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    await events.close();
    await reads.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** One API process: the session reader, a sign-out route and the stream. */
  const apiProcess = async (ttlMs = 3600_000) => {
    const sessions = new SessionStore(reads, ttlMs);
    const app = new Koa();
    app.silent = true;
    app.use(async (ctx, next) => {
      try {
        await next();
      } catch (error) {
        ctx.status = isDomainError(error) && error.code === 'UNAUTHENTICATED' ? 401 : 500;
      }
    });
    app.use(sessionMiddleware(sessions, systemClock));
    const router = new Router();
    router.post('/api/logout', async (ctx) => {
      await sessions.destroy(ctx.cookies.get(SESSION_COOKIE));
      ctx.status = 204;
    });
    progressRoutes({
      eventStore: events,
      clock: systemClock,
      planOf: async () => 'Basic',
      sessions: new SessionWatch(sessions, systemClock, CHECK_MS),
    })(router);
    app.use(router.routes());
    const server = app.listen(0, '127.0.0.1');
    servers.push(server);
    await once(server, 'listening');
    return { sessions, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  };

  const open = async (url: string, token: string) => {
    const req = http.get(`${url}/api/generations/events`, {
      headers: { Cookie: `${SESSION_COOKIE}=${token}` },
    });
    const [res] = (await once(req, 'response')) as [http.IncomingMessage];
    let ended = false;
    res.on('end', () => {
      ended = true;
    });
    res.resume();
    return { status: res.statusCode, ended: () => ended, close: () => req.destroy() };
  };
  const signOut = (url: string, token: string) =>
    new Promise<number | undefined>((resolve, reject) => {
      const req = http.request(`${url}/api/logout`, {
        method: 'POST',
        headers: { Cookie: `${SESSION_COOKIE}=${token}` },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.on('error', reject);
      req.end();
    });
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(check()).toBe(true);
  };

  it('a sign-out ends the streams of that session here at once and in another process at its next check; the other sessions’ streams go on', async () => {
    const a = await apiProcess();
    const b = await apiProcess();
    const laptop = await a.sessions.create('u1', new Date());
    const phone = await a.sessions.create('u1', new Date());
    const here = await open(a.url, laptop.token);
    const there = await open(b.url, laptop.token);
    const phoneThere = await open(b.url, phone.token);
    expect([here.status, there.status, phoneThere.status]).toEqual([200, 200, 200]);
    expect(await signOut(a.url, laptop.token)).toBe(204);
    await until(() => here.ended());
    await until(() => there.ended());
    // The check that ended `there` looked at the phone's session too, and kept it.
    expect(phoneThere.ended()).toBe(false);
    expect((await open(b.url, laptop.token)).status).toBe(401);
    phoneThere.close();
  });

  it('a stream ends when its session expires, long before its own lifetime', async () => {
    const a = await apiProcess(400);
    const session = await a.sessions.create('u1', new Date());
    const stream = await open(a.url, session.token);
    expect(stream.status).toBe(200);
    await until(() => stream.ended());
    expect((await open(a.url, session.token)).status).toBe(401);
  });
});

/** The same rules over the whole API: real accounts, plans, sign-in and sign-out. */
describe('live progress over the whole API', () => {
  const server = useEmbeddedServer();
  let users = 0;
  const signUp = async () => {
    users += 1;
    const res = await request(server().url)
      .post('/api/register')
      .send({ name: 'Sam Stream', email: `stream${users}@example.com`, password: 'secret12' });
    expect(res.status).toBe(201);
    return {
      userId: res.body.id as string,
      cookie: String(res.headers['set-cookie']?.[0]).split(';')[0] as string,
    };
  };
  const open = async (cookie: string, lastEventId?: string) => {
    const req = http.get(`${server().url}${GENERATION_EVENTS_PATH}`, {
      headers: { Cookie: cookie, ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}) },
    });
    const [res] = (await once(req, 'response')) as [http.IncomingMessage];
    let text = '';
    let ended = false;
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      text += chunk;
    });
    res.on('end', () => {
      ended = true;
    });
    return { status: res.statusCode, text: () => text, ended: () => ended, close: () => req.destroy() };
  };

  it('a Demo account holds two streams; a sign-out ends them and their reconnect is refused', async () => {
    const { cookie } = await signUp();
    const streams = [await open(cookie), await open(cookie)];
    const third = await open(cookie);
    expect([...streams, third].map((s) => s.status)).toEqual([200, 200, 429]);
    expect((await request(server().url).post('/api/logout').set('Cookie', cookie)).status).toBe(200);
    await eventually(async () => streams.every((s) => s.ended()) || undefined);
    expect((await open(cookie)).status).toBe(401);
  });

  it('a stream resumed from position 0 of a long log starts from now and tells the page to refetch', async () => {
    const { userId, cookie } = await signUp();
    const filler = Array.from({ length: RESUME_WINDOW + 100 }, (_, i) => ({
      eventId: `fill-${userId}-${i}`,
      type: 'ProfileUpdated',
      data: { name: `Sam ${i}` },
      metadata: {
        userId,
        correlationId: 'c',
        causationId: 'c',
        occurredAt: new Date().toISOString(),
        schemaVersion: 1,
      },
    }));
    await server().platform.eventStore.append(`account-${userId}`, filler as Event[], {
      expectedRevision: 'any',
    });
    const head = String(await server().platform.eventStore.headPosition());
    const resumed = await open(cookie, '0');
    await eventually(async () => (resumed.text().includes(`id: ${head}`) ? true : undefined));
    expect(resumed.text()).toContain('event: resync');
    resumed.close();
  });
});

describe('live progress: what one message says', () => {
  const recorded = (type: string, data: Record<string, unknown>, userId = 'u1') =>
    ({
      eventId: `e-${type}`,
      type,
      data,
      streamName: 'generation-g1',
      revision: 0,
      position: 7,
      metadata: { userId, correlationId: 'c', causationId: 'c', occurredAt: 't', schemaVersion: 1 },
    }) as unknown as RecordedEvent;

  it('carries the status the event brought, in the shared vocabulary', () => {
    const started = recorded('GenerationStarted', {
      generationId: 'g1',
      phase: 'book',
      kind: 'non-fiction-v2',
    });
    expect(progressMessage(started, 'u1')).toEqual({
      generationId: 'g1',
      type: 'GenerationStarted',
      status: 'book-running',
      kind: 'non-fiction-v2',
      at: 't',
    });
    const progressed = recorded('GenerationProgressed', {
      generationId: 'g1',
      progress: 40,
      step: 'Writing',
    });
    expect(progressMessage(progressed, 'u1')).toEqual({
      generationId: 'g1',
      type: 'GenerationProgressed',
      progress: 40,
      step: 'Writing',
      at: 't',
    });
  });

  it('says nothing of heartbeats, of another user’s generations, or of events outside a generation’s life', () => {
    expect(progressMessage(recorded('GenerationHeartbeat', { generationId: 'g1' }), 'u1')).toBeUndefined();
    expect(progressMessage(recorded('GenerationFailed', { generationId: 'g1' }, 'u2'), 'u1')).toBeUndefined();
    expect(progressMessage(recorded('CreditsDebited', { generationId: 'g1' }), 'u1')).toBeUndefined();
  });
});
