import request from 'supertest';
import { DomainError } from '../errors';
import { createLogger } from '../logging';
import { createHttpApp } from './app';
import { failureLimit } from './rate-limit';

/** A sign-in stand-in: password "right" succeeds, anything else is a 401. */
function appWith(limiter: ReturnType<typeof failureLimit>, trustProxy = 0) {
  return createHttpApp({
    logger: createLogger('silent'),
    trustProxy,
    routes: [
      (router) => {
        router.post('/api/login', limiter, (ctx) => {
          const { password } = ctx.request.body as { password?: string };
          if (password !== 'right') throw new DomainError('UNAUTHENTICATED', 'Invalid email or password');
          ctx.body = { ok: true };
        });
      },
    ],
  }).callback();
}

const byAddressAndEmail = (ctx: { ip: string; request: { body?: unknown } }) => {
  const email = (ctx.request.body as { email?: unknown } | undefined)?.email;
  return [`ip:${ctx.ip}`, ...(typeof email === 'string' ? [`email:${email}`] : [])];
};

describe('failureLimit', () => {
  it('lets an office behind one address sign in any number of times', async () => {
    const app = appWith(failureLimit({ limit: 3, windowMs: 60_000, keys: byAddressAndEmail }));
    for (let i = 0; i < 10; i++) {
      const res = await request(app)
        .post('/api/login')
        .send({ email: `u${i}@x.io`, password: 'right' });
      expect(res.status).toBe(200);
    }
  });

  it('counts failures per address, with the spec message and Retry-After', async () => {
    const app = appWith(failureLimit({ limit: 3, windowMs: 60_000, keys: byAddressAndEmail }));
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (
          await request(app)
            .post('/api/login')
            .send({ email: `u${i}@x.io`, password: 'no' })
        ).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const blocked = await request(app).post('/api/login').send({ email: 'new@x.io', password: 'right' });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      message: 'Too many attempts. Please wait a few minutes and try again.',
      error: 'RATE_LIMITED',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts failures per account, whatever address (spoofed or real) they come from', async () => {
    const app = appWith(failureLimit({ limit: 3, windowMs: 60_000, keys: byAddressAndEmail }), 1);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await request(app)
        .post('/api/login')
        .set('X-Forwarded-For', `10.0.0.${i}`)
        .send({ email: 'victim@x.io', password: 'guess' });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('behind one trusted proxy, a client-chosen X-Forwarded-For does not change the address', async () => {
    const app = appWith(failureLimit({ limit: 2, windowMs: 60_000, keys: (ctx) => [`ip:${ctx.ip}`] }), 1);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await request(app)
        .post('/api/login')
        // The client wrote the first entry; the trusted proxy appended the real address.
        .set('X-Forwarded-For', `6.6.6.${i}, 203.0.113.7`)
        .send({ email: `u${i}@x.io`, password: 'no' });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 429, 429]);
  });

  it('forgets failures once the window has passed', async () => {
    let now = 0;
    const app = appWith(failureLimit({ limit: 1, windowMs: 1000, keys: byAddressAndEmail, now: () => now }));
    const attempt = async () =>
      (await request(app).post('/api/login').send({ email: 'a@x.io', password: 'no' })).status;
    expect(await attempt()).toBe(401);
    expect(await attempt()).toBe(429);
    now = 1000;
    expect(await attempt()).toBe(401);
  });

  it('keeps bounded memory however many addresses fail', async () => {
    const limiter = failureLimit({ limit: 5, windowMs: 60_000, keys: byAddressAndEmail, maxKeys: 50 });
    const app = appWith(limiter, 1);
    for (let i = 0; i < 120; i++) {
      await request(app)
        .post('/api/login')
        .set('X-Forwarded-For', `10.1.${Math.floor(i / 250)}.${i % 250}`)
        .send({ email: `u${i}@x.io`, password: 'no' });
    }
    expect(limiter.trackedKeys()).toBe(50);
  });
});
