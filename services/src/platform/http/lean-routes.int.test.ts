import request from 'supertest';
import { createLogger } from '../logging';
import { createHttpApp } from './app';
import { COMPRESSION_THRESHOLD_BYTES } from './compression';
import type { LeanRoute } from './lean-routes';

/**
 * `/go/known` and `/go/data` (and a large `/go/big`, and `/go/edge` of exactly the compression
 * threshold) are answered from memory; anything else under `/go/` by the route behind it.
 */
const go: LeanRoute = {
  prefix: '/go/',
  route: '/go/:name',
  answer: (_ctx, name) =>
    name === 'known'
      ? { redirect: 'https://example.com/known' }
      : name === 'data'
        ? { json: '{"ok":"é"}' }
        : name === 'big'
          ? { json: JSON.stringify({ text: 'x'.repeat(COMPRESSION_THRESHOLD_BYTES) }) }
          : name === 'broken'
            ? (() => {
                throw new Error('a code whose stored target cannot be read');
              })()
            : name === 'edge'
              ? { json: `{"t":"${'x'.repeat(COMPRESSION_THRESHOLD_BYTES - '{"t":""}'.length)}"}` }
              : undefined,
};

function appWith(options: { publicUrls?: string[]; trustProxy?: number } = {}) {
  const seen: Array<{ method: string; route: string; status: number }> = [];
  const app = createHttpApp({
    logger: createLogger('silent'),
    observeRequest: (method, route, status) => seen.push({ method, route, status }),
    leanRoutes: [go],
    ...options,
    routes: [],
    edgeRoutes: [
      (router) => {
        router.get('/go/:name', (ctx) => {
          ctx.status = 404;
          ctx.body = `no ${String(ctx.params.name)}`;
        });
      },
    ],
  }).callback();
  return { app, seen };
}

describe('lean routes', () => {
  it('answer a 302 with only the headers a redirect needs, seen by the request id and metrics', async () => {
    const { app, seen } = appWith();
    const res = await request(app).get('/go/known').redirects(0);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('https://example.com/known');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['content-length']).toBe('0');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // A caller's well-formed request id is kept, as on the full stack.
    const traced = await request(app).get('/go/known').set('X-Request-Id', 'trace-12345678').redirects(0);
    expect(traced.headers['x-request-id']).toBe('trace-12345678');
    // Document headers: no document here (the full stack sets them on everything it answers).
    for (const name of ['content-security-policy', 'x-frame-options', 'permissions-policy', 'content-type'])
      expect(res.headers[name]).toBeUndefined();
    expect(res.text).toBe('');
    expect(seen).toEqual([
      { method: 'GET', route: '/go/:name', status: 302 },
      { method: 'GET', route: '/go/:name', status: 302 },
    ]);

    const head = await request(app).head('/go/known').redirects(0);
    expect(head.status).toBe(302);
    expect(head.headers.location).toBe('https://example.com/known');
  });

  it('answer JSON with its length, nosniff and a CSP that allows nothing; large JSON goes on to be compressed', async () => {
    const { app, seen } = appWith();
    const res = await request(app).get('/go/data');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: 'é' });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength('{"ok":"é"}')));
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(seen.at(-1)).toMatchObject({ route: '/go/:name', status: 200 });
    const head = await request(app).head('/go/data');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(res.headers['content-length']);

    // The full stack's route answers it (here a 404): compressing it is its business.
    const big = await request(app).get('/go/big');
    expect(big.status).toBe(404);
    expect(big.text).toBe('no big');
  });

  it('leave JSON of exactly the compression threshold to the full stack, which compresses from there', async () => {
    const { app } = appWith();
    const edge = await request(app).get('/go/edge');
    expect(edge.status).toBe(404);
    expect(edge.text).toBe('no edge');
  });

  it('HSTS on an HTTPS request (behind a trusted proxy), not on plain HTTP', async () => {
    const { app } = appWith({ trustProxy: 1 });
    const secure = await request(app).get('/go/known').set('X-Forwarded-Proto', 'https').redirects(0);
    expect(secure.status).toBe(302);
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000');
    const plain = await request(app).get('/go/known').redirects(0);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('leave what they cannot answer, and other methods, to the full stack', async () => {
    const { app } = appWith();
    const unknown = await request(app).get('/go/other').redirects(0);
    expect(unknown.status).toBe(404);
    expect(unknown.text).toBe('no other');
    // The full stack's security headers are on its answers.
    expect(unknown.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const post = await request(app).post('/go/known').send({}).redirects(0);
    expect(post.status).not.toBe(302);
  });

  it('a request for a host other than PUBLIC_URL gets the 421, not the redirect', async () => {
    const { app } = appWith({ publicUrls: ['https://studio.example'] });
    const stray = await request(app).get('/go/known').set('Host', 'evil.example').redirects(0);
    expect(stray.status).toBe(421);
    const ours = await request(app).get('/go/known').set('Host', 'studio.example').redirects(0);
    expect(ours.status).toBe(302);
  });

  it('a route that throws is answered by the full stack, and the server keeps serving', async () => {
    const { app } = appWith();
    const broken = await request(app).get('/go/broken').redirects(0);
    expect(broken.status).toBe(404);
    expect(broken.text).toBe('no broken');
    expect((await request(app).get('/go/known').redirects(0)).status).toBe(302);
  });
});
