import request from 'supertest';
import { createLogger } from '../logging';
import { createHttpApp } from './app';

const appWith = (trustProxy = 0) =>
  createHttpApp({
    logger: createLogger('silent'),
    trustProxy,
    cspSources: {
      script: ['https://cdn.example'],
      connect: ['https://cdn.example'],
      frame: ['https://pay.example'],
    },
    routes: [
      (router) => {
        router.get('/api/page', (ctx) => {
          ctx.type = 'text/html';
          ctx.body = `<style nonce="${ctx.state.cspNonce as string}"></style>`;
        });
      },
    ],
  }).callback();

/** The CSP as directive → sources. */
const directives = (header: string) =>
  Object.fromEntries(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );

describe('security headers', () => {
  it('gives every response its own nonce, also past a refill of the random pool', async () => {
    const app = appWith();
    const nonces = new Set<string>();
    for (let i = 0; i < 300; i += 1) {
      const res = await request(app).get('/api/page');
      const nonce = /nonce="([^"]+)"/.exec(res.text)?.[1] ?? '';
      expect(res.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(300);
  });

  it('sends a strict CSP: own scripts only, styles by per-response nonce, no framing', async () => {
    const res = await request(appWith()).get('/api/page');
    const csp = directives(String(res.headers['content-security-policy']));
    const nonce = /nonce="([^"]+)"/.exec(res.text)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'", 'https://cdn.example']);
    expect(csp['style-src']).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(csp['connect-src']).toEqual(["'self'", 'https://cdn.example']);
    expect(csp['frame-src']).toEqual(['https://pay.example']);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'none'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
    expect(JSON.stringify(csp)).not.toContain('unsafe');
  });

  it('draws a fresh nonce for every response', async () => {
    const app = appWith();
    const [a, b] = [await request(app).get('/api/page'), await request(app).get('/api/page')];
    expect(a.headers['content-security-policy']).not.toBe(b.headers['content-security-policy']);
  });

  it('sets Referrer-Policy, Permissions-Policy, X-Frame-Options and nosniff on every response', async () => {
    const res = await request(appWith()).get('/api/nowhere');
    expect(res.status).toBe(404);
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['permissions-policy']).toMatch(/camera=\(\), .*microphone=\(\)/);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('sends HSTS only over HTTPS (TLS at a trusted proxy), never on plain HTTP', async () => {
    const plain = await request(appWith()).get('/api/page').set('X-Forwarded-Proto', 'https');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await request(appWith(1)).get('/api/page').set('X-Forwarded-Proto', 'https');
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('answers a wrong method with a 405 in the error shape', async () => {
    const res = await request(appWith()).delete('/api/page');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toContain('GET');
    expect(res.body).toEqual({ message: 'DELETE is not allowed on /api/page', error: 'METHOD_NOT_ALLOWED' });
  });
});
