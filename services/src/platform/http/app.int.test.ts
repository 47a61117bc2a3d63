import request from 'supertest';
import * as yup from 'yup';
import { DomainError } from '../errors';
import { createLogger } from '../logging';
import { createHttpApp, jsonBody } from './app';
import { parse } from './validation';

const app = createHttpApp({
  logger: createLogger('silent'),
  routes: [
    (router) => {
      router.post('/api/echo', (ctx) => {
        const body = parse(
          yup.object({ name: yup.string().required().min(2, 'Name must be at least 2 characters') }),
          ctx.request.body,
        );
        ctx.body = { name: body.name };
      });
      router.get('/api/broke', () => {
        throw new DomainError('INSUFFICIENT_CREDITS', 'Not enough credits');
      });
      router.get('/api/crash', () => {
        throw new Error('secret internals');
      });
      router.post('/api/upload', (ctx) => {
        ctx.body = { size: JSON.stringify(ctx.request.body).length };
      });
    },
  ],
  bodyParsers: { '/api/upload': jsonBody('2mb') },
}).callback();

describe('HTTP app skeleton', () => {
  it('answers /api/health', async () => {
    const res = await request(app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('maps a domain error code to its status in the { message, error } shape', async () => {
    const res = await request(app).get('/api/broke');
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ message: 'Not enough credits', error: 'INSUFFICIENT_CREDITS' });
  });

  it('hides internals of unexpected errors behind a 500', async () => {
    const res = await request(app).get('/api/crash');
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain('secret');
  });

  it('turns a validation failure into a 400 with the rule message', async () => {
    const res = await request(app).post('/api/echo').send({ name: 'A' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Name must be at least 2 characters',
      error: 'VALIDATION',
      field: 'name',
    });
  });

  it('rejects malformed JSON with a 400, not a 500', async () => {
    const res = await request(app).post('/api/echo').set('Content-Type', 'application/json').send('{"name":');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION');
  });

  it('rejects a huge body with 413 unless the route allows more', async () => {
    const big = { data: 'x'.repeat(200_000) };
    const small = await request(app).post('/api/echo').send(big);
    expect(small.status).toBe(413);
    expect(small.body.error).toBe('PAYLOAD_TOO_LARGE');
    const allowed = await request(app).post('/api/upload').send(big);
    expect(allowed.status).toBe(200);
  });

  it('gives every response a request id and keeps a well-formed incoming one', async () => {
    const fresh = await request(app).get('/api/health');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await request(app).get('/api/health').set('X-Request-Id', 'trace-12345678');
    expect(kept.headers['x-request-id']).toBe('trace-12345678');
    const forged = await request(app).get('/api/health').set('X-Request-Id', '<script>');
    expect(forged.headers['x-request-id']).not.toBe('<script>');
  });

  it('answers an unknown API path with a 404 in the error shape', async () => {
    const res = await request(app).get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('NOT_FOUND');
  });
});

describe('edge routes', () => {
  // A `before` middleware stands in for the session reader: edge GETs never reach it.
  const reached: string[] = [];
  const edgeApp = createHttpApp({
    logger: createLogger('silent'),
    before: [
      async (ctx, next) => {
        reached.push(`${ctx.method} ${ctx.path}`);
        await next();
      },
    ],
    edgeRoutes: [
      (router) => {
        router.get('/r/:id', (ctx) => {
          ctx.redirect(`https://example.com/${ctx.params.id}`);
        });
      },
    ],
    routes: [
      (router) => {
        router.post('/r/:id', (ctx) => {
          ctx.body = { posted: ctx.request.body };
        });
      },
    ],
  }).callback();

  beforeEach(() => {
    reached.length = 0;
  });

  it('answers a matching GET before the guarded stack, with the security headers', async () => {
    const res = await request(edgeApp).get('/r/abc');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('https://example.com/abc');
    expect(res.headers['content-security-policy']).toBeDefined();
    expect(reached).toEqual([]);
  });

  it('sends any other method on the same path through the guards and the body parser', async () => {
    const res = await request(edgeApp).post('/r/abc').send({ a: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ posted: { a: 1 } });
    expect(reached).toEqual(['POST /r/abc']);
    // A cross-site form post is refused by the same-origin guard, as on every other route.
    const forged = await request(edgeApp).post('/r/abc').set('Origin', 'https://evil.example').send({});
    expect(forged.status).toBe(403);
  });

  it('refuses to mount an edge route that is not a GET', () => {
    expect(() =>
      createHttpApp({
        logger: createLogger('silent'),
        routes: [],
        edgeRoutes: [
          (router) => {
            router.post('/r/:id', () => {});
          },
        ],
      }),
    ).toThrow('Edge route /r/:id must be GET only');
  });
});
