import request from 'supertest';
import { useEmbeddedServer } from '../testing/test-runtime';

const user = { name: 'Grace Hopper', email: 'grace@example.com', password: 'compiler' };

describe('session cookie behind a TLS proxy (TRUST_PROXY=1, COOKIE_SECURE=true)', () => {
  const server = useEmbeddedServer({ TRUST_PROXY: '1', COOKIE_SECURE: 'true' });
  const api = () => request(server().url);

  it('refuses a plain-HTTP registration with a 4xx before writing the account', async () => {
    const before = await server().platform.eventStore.headPosition();
    const plain = await api().post('/api/register').send(user);
    expect(plain.status).toBe(403);
    expect(plain.body).toEqual({ message: expect.stringMatching(/HTTPS/), error: 'FORBIDDEN' });
    expect(plain.headers['set-cookie']).toBeUndefined();
    expect(await server().platform.eventStore.headPosition()).toBe(before);

    // The address is still free: the same registration over the proxy's TLS succeeds.
    const secure = await api().post('/api/register').set('X-Forwarded-Proto', 'https').send(user);
    expect(secure.status).toBe(201);
    expect(String(secure.headers['set-cookie'])).toMatch(/sid=.+; secure; httponly/i);
  });

  it('signs in over the proxy with a Secure cookie, and refuses plain HTTP with a 403', async () => {
    const credentials = { email: user.email, password: user.password };
    const secure = await api().post('/api/login').set('X-Forwarded-Proto', 'https').send(credentials);
    expect(secure.status).toBe(200);
    expect(String(secure.headers['set-cookie'])).toMatch(/; secure; httponly/i);
    const plain = await api().post('/api/login').send(credentials);
    expect(plain.status).toBe(403);
    expect(plain.body.error).toBe('FORBIDDEN');
  });

  it('signs out over plain HTTP too, clearing the cookie (no 500)', async () => {
    const res = await api().post('/api/logout');
    expect(res.status).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/sid=;/);
  });
});

describe('no proxy trusted (default)', () => {
  const server = useEmbeddedServer();

  it('ignores X-Forwarded-Proto: the cookie is not marked Secure on a plain connection', async () => {
    const res = await request(server().url)
      .post('/api/register')
      .set('X-Forwarded-Proto', 'https')
      .send(user);
    expect(res.status).toBe(201);
    expect(String(res.headers['set-cookie'])).not.toMatch(/secure/i);
  });
});
