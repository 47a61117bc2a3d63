import request from 'supertest';
import { useEmbeddedServer } from '../testing/test-runtime';

const server = useEmbeddedServer();
const api = () => request(server().url);
const signUp = (email: string, password: string) =>
  api().post('/api/register').send({ name: 'Racer', email, password });

describe('one email, one account', () => {
  it('lets exactly one of ten concurrent registrations of one email succeed', async () => {
    const passwords = Array.from({ length: 10 }, (_, i) => `password-${i}`);
    const responses = await Promise.all(
      passwords.map((password, i) => signUp(i % 2 ? 'RACE@example.com' : 'race@example.com ', password)),
    );
    const created = responses.filter((r) => r.status === 201);
    expect(created).toHaveLength(1);
    for (const refused of responses.filter((r) => r.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        message: 'An account with this email already exists',
        error: expect.any(String),
      });
    }
    const winner = passwords[responses.indexOf(created[0] as request.Response)] as string;
    const logins = await Promise.all(
      passwords.map((password) => api().post('/api/login').send({ email: 'race@example.com', password })),
    );
    expect(logins.map((r) => r.status)).toEqual(passwords.map((p) => (p === winner ? 200 : 401)));
    expect(logins.find((r) => r.status === 200)?.body.id).toBe(created[0]?.body.id);
  });

  it('refuses a second registration sent shortly after the first, and the first keeps the login', async () => {
    // .then() sends the request now; supertest is lazy until then.
    const victim = signUp('victim@example.com', 'victim-password').then((r) => r);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const attacker = await signUp('victim@example.com', 'attacker-password');
    expect((await victim).status).toBe(201);
    expect(attacker.status).toBe(409);
    const login = (password: string) =>
      api().post('/api/login').send({ email: 'victim@example.com', password });
    expect((await login('victim-password')).status).toBe(200);
    expect((await login('attacker-password')).status).toBe(401);
  });
});
