import request from 'supertest';
import { useEmbeddedServer } from '../testing/test-runtime';

const LIMIT = 5;
const server = useEmbeddedServer({ AUTH_RATE_LIMIT: String(LIMIT) });
const api = () => request(server().url);

/** A burst of guesses is checked as a whole: attempts in flight count against the limit. */
describe('failed sign-in limiter under a concurrent burst', () => {
  it('evaluates at most the limit of 60 concurrent wrong passwords for one account; the rest get 429', async () => {
    const created = await api()
      .post('/api/register')
      .send({ name: 'Victim', email: 'victim@example.com', password: 'the-right-password' });
    expect(created.status).toBe(201);
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        api()
          .post('/api/login')
          .send({ email: 'victim@example.com', password: `guess-${i}` })
          .then((r) => r),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - LIMIT);
    expect(responses.find((r) => r.status === 429)?.body).toEqual({
      message: 'Too many attempts. Please wait a few minutes and try again.',
      error: 'RATE_LIMITED',
    });
    // The account is still locked for this window, even with the right password.
    const right = await api()
      .post('/api/login')
      .send({ email: 'victim@example.com', password: 'the-right-password' });
    expect(right.status).toBe(429);
  });
});
