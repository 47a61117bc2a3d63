import request from 'supertest';
import { createLogger } from '../logging';
import { createHttpApp } from './app';

/** Every accepted state-changing request bumps `writes`, so a rejection can be seen to change nothing. */
function appWith(options: { trustProxy?: number; publicOrigins?: string[] } = {}) {
  const state = { writes: 0 };
  const app = createHttpApp({
    logger: createLogger('silent'),
    ...options,
    contentTypes: { '/api/upload': ['multipart/form-data'] },
    originCheckExempt: ['/api/hook'],
    routes: [
      (router) => {
        router.post('/api/grant', (ctx) => {
          state.writes += 1;
          ctx.body = { granted: (ctx.request.body as { credits?: unknown }).credits ?? null };
        });
        router.post('/api/logout', (ctx) => {
          state.writes += 1;
          ctx.body = { ok: true };
        });
        router.post('/api/hook', (ctx) => {
          state.writes += 1;
          ctx.body = { ok: true };
        });
        router.post('/api/upload', (ctx) => {
          state.writes += 1;
          ctx.body = { ok: true };
        });
        router.get('/api/read', (ctx) => {
          ctx.body = { ok: true };
        });
      },
    ],
  }).callback();
  return { app, state };
}

describe('state-changing requests accept only the content types they need', () => {
  it.each([
    ['application/x-www-form-urlencoded', 'credits=5000'],
    ['text/plain', '{"credits":5000}'],
    [
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="credits"\r\n\r\n5000\r\n--x--',
    ],
  ])('refuses %s on a JSON route with a 415 and changes nothing', async (type, body) => {
    const { app, state } = appWith();
    const res = await request(app).post('/api/grant').set('Content-Type', type).send(body);
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      message: expect.stringContaining('application/json'),
      error: 'UNSUPPORTED_MEDIA_TYPE',
    });
    expect(state.writes).toBe(0);
  });

  it('accepts JSON, and a POST with no body at all (sign out)', async () => {
    const { app, state } = appWith();
    expect((await request(app).post('/api/grant').send({ credits: 5 })).body).toEqual({ granted: 5 });
    expect((await request(app).post('/api/logout')).status).toBe(200);
    expect(state.writes).toBe(2);
  });

  it('lets a route that takes files accept multipart, and only that', async () => {
    const { app } = appWith();
    const multipart = await request(app)
      .post('/api/upload')
      .set('Content-Type', 'multipart/form-data; boundary=x')
      .send('--x--');
    expect(multipart.status).toBe(200);
    expect((await request(app).post('/api/upload').send({ a: 1 })).status).toBe(415);
  });
});

describe('state-changing requests from another site are refused', () => {
  it.each([
    [{ Origin: 'https://evil.example' }],
    [{ Origin: 'null' }],
    [{ Origin: 'http://sub.127.0.0.1.nip.io' }],
    [{ 'Sec-Fetch-Site': 'cross-site' }],
    [{ 'Sec-Fetch-Site': 'same-site' }],
  ])('refuses a JSON POST with %j: 403 in the error shape, nothing written', async (headers) => {
    const { app, state } = appWith();
    const res = await request(app).post('/api/grant').set(headers).send({ credits: 5000 });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: expect.any(String), error: 'FORBIDDEN' });
    expect(state.writes).toBe(0);
  });

  it('accepts its own origin (as the browser sends it), the public origin, and non-browser clients', async () => {
    const { app, state } = appWith({ publicOrigins: ['https://studio.example'] });
    const agent = request(app);
    const own = await agent
      .post('/api/grant')
      .set('Host', 'app.local:3000')
      .set('Origin', 'http://app.local:3000')
      .set('Sec-Fetch-Site', 'same-origin')
      .send({});
    expect(own.status).toBe(200);
    const published = await request(app).post('/api/grant').set('Origin', 'https://studio.example').send({});
    expect(published.status).toBe(200);
    expect((await request(app).post('/api/grant').send({})).status).toBe(200);
    expect(state.writes).toBe(3);
  });

  it('reads its own origin from X-Forwarded-Proto/Host only behind a trusted proxy', async () => {
    const forwarded = (app: ReturnType<typeof appWith>['app']) =>
      request(app)
        .post('/api/grant')
        .set('X-Forwarded-Proto', 'https')
        .set('X-Forwarded-Host', 'studio.example')
        .set('Origin', 'https://studio.example')
        .send({});
    expect((await forwarded(appWith({ trustProxy: 1 }).app)).status).toBe(200);
    expect((await forwarded(appWith().app)).status).toBe(403);
  });

  it('leaves reads and the signed webhook alone', async () => {
    const { app } = appWith();
    expect((await request(app).get('/api/read').set('Origin', 'https://evil.example')).status).toBe(200);
    const hook = await request(app).post('/api/hook').set('Origin', 'https://evil.example').send({});
    expect(hook.status).toBe(200);
  });
});
