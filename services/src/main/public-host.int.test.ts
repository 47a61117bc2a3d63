import request from 'supertest';
import { createHttpApp } from '../platform/http/app';
import { createLogger } from '../platform/logging';
import { useEmbeddedServer } from '../testing/test-runtime';

/** With PUBLIC_URL set, the server answers only for its public host (421 otherwise), probes aside. */
describe('requests for another host than PUBLIC_URL', () => {
  const server = useEmbeddedServer({
    PAYMENTS: 'simulated',
    PUBLIC_URL: 'https://studio.example',
    TRUST_PROXY: '1',
  });
  const eventCount = () => server().platform.eventStore.headPosition();

  it('refuses a forged forwarded host with 421 in the error shape, and stores nothing', async () => {
    const before = await eventCount();
    const register = await request(server().url)
      .post('/api/register')
      .set('X-Forwarded-Host', 'evil.example')
      .send({ name: 'Mallory', email: 'mallory@example.com', password: 'secret12' });
    expect(register.status).toBe(421);
    expect(register.body).toEqual({
      message: expect.stringContaining('studio.example'),
      error: 'MISDIRECTED_REQUEST',
    });
    expect(await eventCount()).toBe(before);
    const page = await request(server().url)
      .get('/api/payments/config')
      .set('X-Forwarded-Host', 'evil.example');
    expect(page.status).toBe(421);
  });

  it('answers the public host, however its case and default port are written', async () => {
    for (const host of ['studio.example', 'STUDIO.example', 'studio.example:443']) {
      const res = await request(server().url).get('/api/payments/config').set('X-Forwarded-Host', host);
      expect(res.status).toBe(200);
    }
    const signUp = await request(server().url)
      .post('/api/register')
      .set('X-Forwarded-Host', 'studio.example')
      .send({ name: 'Alice', email: 'alice@example.com', password: 'secret12' });
    expect(signUp.status).toBe(201);
  });

  it('leaves the health and readiness probes answerable by any address', async () => {
    for (const path of ['/api/health', '/api/ready']) {
      const res = await request(server().url).get(path).set('X-Forwarded-Host', '10.0.0.7:3000');
      expect(res.status).toBe(200);
    }
  });
});

describe('the host check without a proxy', () => {
  const app = (publicUrls?: string[]) =>
    createHttpApp({
      logger: createLogger('silent'),
      ...(publicUrls ? { publicUrls } : {}),
      routes: [
        (router) => {
          router.get('/api/thing', (ctx) => {
            ctx.body = { ok: true };
          });
        },
      ],
    }).callback();

  it('reads the Host header itself, and ignores a forwarded host nobody vouches for', async () => {
    const guarded = app(['http://studio.example:8080']);
    expect((await request(guarded).get('/api/thing').set('Host', 'studio.example:8080')).status).toBe(200);
    expect((await request(guarded).get('/api/thing').set('Host', 'studio.example')).status).toBe(421);
    const forged = await request(guarded)
      .get('/api/thing')
      .set('Host', 'evil.example')
      .set('X-Forwarded-Host', 'studio.example:8080');
    expect(forged.status).toBe(421);
  });

  it('answers any host when no public address is configured', async () => {
    expect((await request(app()).get('/api/thing').set('Host', 'anything.example')).status).toBe(200);
  });
});
