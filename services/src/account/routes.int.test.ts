import request from 'supertest';
import { member } from '../testing/givens';
import { useEmbeddedServer } from '../testing/test-runtime';

const server = useEmbeddedServer();

const valid = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical' };
const api = () => request(server().url);
const sid = (r: request.Response) => /sid=([^;]+)/.exec(String(r.headers['set-cookie']))?.[1];
/** A client that sends this session cookie whatever the server answered before. */
const withCookie = (token: string) => ({
  get: (path: string) => api().get(path).set('Cookie', `sid=${token}`),
  post: (path: string) => api().post(path).set('Cookie', `sid=${token}`),
});

describe('identity API', () => {
  describe('POST /api/register', () => {
    it.each([
      [{ ...valid, name: 'A' }, 'Name must be at least 2 characters'],
      [{ ...valid, name: undefined }, 'Name must be at least 2 characters'],
      [{ ...valid, email: 'not-an-email' }, 'Please enter a valid email'],
      [{ ...valid, email: '' }, 'Please enter a valid email'],
      [{ ...valid, password: '12345' }, 'Password must be at least 6 characters'],
      [{ ...valid, password: 123456 }, 'Password must be at least 6 characters'],
    ])('rejects %j with 400 "%s"', async (body, message) => {
      const res = await api().post('/api/register').send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(
        (await api().post('/api/login').send({ email: valid.email, password: valid.password })).status,
      ).toBe(401);
    });

    // Control and format characters (Unicode Cc/Cf) hide or reorder text.
    // Control characters are refused by every text field's rule (naming the field); the invisible
    // format characters by the name's own.
    const CONTROL = 'name must not contain control characters';
    const INVISIBLE = 'Name must not contain control or invisible characters';
    it.each([
      ['a NUL', 'Ada\u0000Lovelace', CONTROL],
      ['a zero-width space', 'Ada\u200bLovelace', INVISIBLE],
      ['a right-to-left override', 'Ada \u202eecalevoL', INVISIBLE],
      ['a line break', 'Ada\nLovelace', CONTROL],
      ['a byte-order mark', 'Ada\ufeffLovelace', INVISIBLE],
      ['a joiner joining nothing', 'Ada\u200d Lovelace', INVISIBLE],
    ])('refuses a name with %s', async (_what, name, message) => {
      const res = await api()
        .post('/api/register')
        .send({ ...valid, name, email: 'hidden-chars@example.com' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        message,
        error: expect.any(String),
      });
    });

    it('accepts names in any script, with accents, emoji and joiners inside a word', async () => {
      const res = await api()
        .post('/api/register')
        .send({ ...valid, name: 'Zoë 李 Ñandú می\u200cخواهم 👩\u200d💻', email: 'unicode-name@example.com' });
      expect(res.status).toBe(201);
      expect(res.body.name).toBe('Zoë 李 Ñandú می\u200cخواهم 👩\u200d💻');
    });

    it('creates the account, signs it in with an httpOnly cookie, and hides the password', async () => {
      const agent = request.agent(server().url);
      const res = await agent.post('/api/register').send({ ...valid, phoneNumber: '+1 555 0100' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        credits: 0,
        subscriptionTier: 'Demo',
        isAdmin: false,
      });
      expect(res.body.id).toMatch(/^rec[A-Za-z0-9]{14}$/);
      expect(JSON.stringify(res.body)).not.toContain('analytical');
      expect(JSON.stringify(res.body)).not.toMatch(/argon2/);
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/sid=.+; path=\/; expires=.+; samesite=lax; httponly/i);
      expect((await agent.get('/api/user')).body.email).toBe('ada@example.com');
      expect((await agent.get('/api/current-user')).body.name).toBe('Ada Lovelace');
    });

    it('answers a duplicate email (any case) with 409 and keeps the first account', async () => {
      const res = await api()
        .post('/api/register')
        .send({ ...valid, email: ' ADA@Example.com ', password: 'different' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('An account with this email already exists');
      expect(
        (await api().post('/api/login').send({ email: valid.email, password: valid.password })).status,
      ).toBe(200);
    });
    it('lets only one of two simultaneous registrations with one email win', async () => {
      const attempts = await Promise.all(
        ['Eve One', 'Eve Two', 'Eve Three'].map((name) =>
          api()
            .post('/api/register')
            .send({ name, email: 'eve@example.com', password: `secret-${name}` }),
        ),
      );
      expect(attempts.map((r) => r.status).sort()).toEqual([201, 409, 409]);
      const winner = attempts.find((r) => r.status === 201)!;
      const login = await api()
        .post('/api/login')
        .send({ email: 'eve@example.com', password: `secret-${winner.body.name}` });
      expect(login.body.id).toBe(winner.body.id);
    });
  });

  describe('login and logout', () => {
    it('signs in with a fresh session id each time; an earlier session is ended', async () => {
      const agent = request.agent(server().url);
      const first = await agent
        .post('/api/login')
        .send({ email: 'Ada@example.com', password: valid.password });
      expect(first.status).toBe(200);
      const second = await agent.post('/api/login').send({ email: valid.email, password: valid.password });
      expect(sid(first)).toBeTruthy();
      expect(sid(second)).not.toBe(sid(first));

      expect((await withCookie(sid(first)!).get('/api/user')).status).toBe(401);
      expect((await withCookie(sid(second)!).get('/api/user')).status).toBe(200);
    });

    it('logout ends the session on the server: the old cookie, sent again, is refused', async () => {
      const login = await api().post('/api/login').send({ email: valid.email, password: valid.password });
      const token = sid(login)!;
      expect((await withCookie(token).get('/api/user')).status).toBe(200);

      const logout = await withCookie(token).post('/api/logout');
      expect(logout.body).toEqual({ message: 'Logged out' });
      expect(String(logout.headers['set-cookie'])).toMatch(/sid=;/);

      // A client that ignores the cleared cookie (or a copied cookie) gets nothing.
      const replay = await withCookie(token).get('/api/user');
      expect(replay.status).toBe(401);
      expect(replay.body).toEqual({ message: 'Not authenticated', error: 'UNAUTHENTICATED' });
    });

    it('gives one answer for a wrong password and an unknown email', async () => {
      const wrong = await api().post('/api/login').send({ email: valid.email, password: 'wrongpass' });
      const unknown = await api()
        .post('/api/login')
        .send({ email: 'nobody@example.com', password: 'whatever1' });
      expect([wrong.status, unknown.status]).toEqual([401, 401]);
      expect(wrong.body).toEqual(unknown.body);
      expect(wrong.body.message).toBe('Invalid email or password');
    });

    it('validates the login form with the spec messages', async () => {
      expect((await api().post('/api/login').send({ email: 'x', password: 'secret1' })).body.message).toBe(
        'Please enter a valid email',
      );
    });

    it('answers GET /api/session with 200 and no user when signed out, and the user when signed in', async () => {
      const visitor = await api().get('/api/session');
      expect(visitor.status).toBe(200);
      expect(visitor.body).toEqual({ user: null });
      const { agent } = await member(server(), 'session-check@example.com', { name: valid.name });
      const session = await agent.get('/api/session');
      expect(session.status).toBe(200);
      expect(session.body.user).toMatchObject({ email: 'session-check@example.com', name: valid.name });
      expect(session.body.user.password).toBeUndefined();
      await agent.post('/api/logout').expect(200);
      expect((await agent.get('/api/session')).body).toEqual({ user: null });
    });

    it('updates the name and phone number with the registration rules, for the signed-in user only', async () => {
      const { agent } = await member(server(), 'profile-edit@example.com', { name: valid.name });
      const updated = await agent
        .put('/api/user/profile')
        .send({ name: 'Ada King', phoneNumber: '+44 20 7946 0000' });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ name: 'Ada King', phoneNumber: '+44 20 7946 0000' });
      expect((await agent.get('/api/session')).body.user).toMatchObject({ name: 'Ada King' });
      const short = await agent.put('/api/user/profile').send({ name: 'A' });
      expect(short.status).toBe(400);
      expect(short.body.message).toBe('Name must be at least 2 characters');
      expect((await api().put('/api/user/profile').send({ name: 'Mallory' })).status).toBe(401);
    });

    it('keeps an optional pen name, validated like the name; absent leaves it, empty removes it', async () => {
      const { agent } = await member(server(), 'pen-name@example.com', { name: valid.name });
      const set = await agent.put('/api/user/profile').send({ name: 'Ada King', penName: '  A. K. Quill ' });
      expect(set.status).toBe(200);
      expect(set.body.penName).toBe('A. K. Quill');
      const kept = await agent.put('/api/user/profile').send({ name: 'Ada Byron' });
      expect(kept.body).toMatchObject({ name: 'Ada Byron', penName: 'A. K. Quill' });
      for (const [penName, message] of [
        ['Q', 'Pen name must be at least 2 characters'],
        ['x'.repeat(101), 'Pen name is too long'],
        ['Ada\u200bQuill', 'Pen name must not contain control or invisible characters'],
        [
          'Ada 🖋 Quill',
          'The pen name contains characters our book fonts cannot print (🖋). Remove them or use another wording.',
        ],
      ] as const) {
        const refused = await agent.put('/api/user/profile').send({ name: 'Ada Byron', penName });
        expect(refused.status).toBe(400);
        expect(refused.body).toMatchObject({ message, error: 'VALIDATION' });
      }
      expect((await agent.get('/api/session')).body.user.penName).toBe('A. K. Quill');
      const removed = await agent.put('/api/user/profile').send({ name: 'Ada Byron', penName: '' });
      expect(removed.status).toBe(200);
      expect(removed.body.penName).toBeUndefined();
    });

    it('answers signed-out reads with 401 { message, error }, whatever X-User-Id says', async () => {
      const res = await api().get('/api/user');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Not authenticated', error: 'UNAUTHENTICATED' });
      const claimed = await api().get('/api/user').set('X-User-Id', 'recSomeone000000');
      expect(claimed.status).toBe(401);
      expect(claimed.body.error).toBe('UNAUTHENTICATED');
    });
  });

  describe('identity comes from the session only', () => {
    it('refuses a forged X-User-Id with 403 and honours a matching one', async () => {
      const { agent, userId } = await member(server(), 'bob@example.com', { name: 'Bob' });
      const forged = await agent.get('/api/user').set('X-User-Id', 'recSomeoneElse1234');
      expect(forged.status).toBe(403);
      expect(forged.body).toEqual({
        message: 'The X-User-Id header does not match the signed-in user',
        error: 'FORBIDDEN',
      });
      expect((await agent.get('/api/user').set('X-User-Id', userId)).status).toBe(200);
    });

    it('returns only the signed-in user from /api/airtable/login', async () => {
      const { agent, userId } = await member(server(), 'cy@example.com', { name: 'Cy' });
      expect((await agent.post('/api/airtable/login').send({ id: userId })).body.id).toBe(userId);
      const other = await agent.post('/api/airtable/login').send({ id: 'recOther00000000' });
      expect(other.status).toBe(403);
      expect(other.body).toEqual({
        message: "You can only access your own account's data",
        error: 'FORBIDDEN',
      });
      expect((await api().post('/api/airtable/login').send({ id: userId })).status).toBe(401);
    });

    it("refuses another user's books, credit history and reads", async () => {
      const { agent } = await member(server(), 'di@example.com', { name: 'Di' });
      expect((await agent.get('/api/airtable/books/recOther00000000')).status).toBe(403);
      expect((await agent.get('/api/airtable/books/recOther00000000/status/in-progress')).status).toBe(403);
      expect((await agent.get('/api/credits/history')).body).toEqual([]);
      expect((await api().get('/api/credits/history')).status).toBe(401);
    });
  });
});

describe('rate limiting', () => {
  const limited = useEmbeddedServer({ AUTH_RATE_LIMIT: '3' });

  it('slows down repeated sign-in attempts from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (
          await request(limited().url)
            .post('/api/login')
            .send({ email: 'x@example.com', password: 'secret12' })
        ).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});

describe('rate limiting of successful sign-ins', () => {
  const office = useEmbeddedServer({ AUTH_RATE_LIMIT: '3' });

  it('never counts them: an office behind one address keeps signing in', async () => {
    const colleague = { name: 'Office', email: 'office@example.com', password: 'secret12' };
    expect((await request(office().url).post('/api/register').send(colleague)).status).toBe(201);
    for (let i = 0; i < 6; i++) {
      const res = await request(office().url)
        .post('/api/login')
        .send({ email: colleague.email, password: colleague.password });
      expect(res.status).toBe(200);
    }
  });
});

describe('rate limiting behind a trusted proxy', () => {
  const proxied = useEmbeddedServer({ AUTH_RATE_LIMIT: '3', TRUST_PROXY: '1' });

  it('counts failures against the account too, so rotating X-Forwarded-For does not help', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await request(proxied().url)
        .post('/api/login')
        .set('X-Forwarded-For', `203.0.113.${i}`)
        .send({ email: 'target@example.com', password: `guess-${i}` });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});
