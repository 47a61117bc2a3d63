import request from 'supertest';
import { bytesBody, eventually } from '../testing/helpers';
import { grantedAdmin } from '../testing/mail';
import { useEmbeddedServer } from '../testing/test-runtime';
import { NEWSLETTER_PER_WINDOW } from './routes';
import { subscriberStream } from './subscribe';

// TRUST_PROXY: each test speaks from its own client address, so the per-address limit stays apart.
const server = useEmbeddedServer({ TRUST_PROXY: '1' });

const post = (body: unknown, address: string) =>
  request(server().url)
    .post('/api/newsletter')
    .set('X-Forwarded-For', address)
    .send(body as object);

async function account(email: string) {
  const agent = request.agent(server().url);
  await agent.post('/api/register').send({ name: email.split('@')[0], email, password: 'secret12' });
  return agent;
}

const csvOf = (res: request.Response) => (res.text ?? (res.body as Buffer).toString('utf8')) as string;

describe('newsletter API', () => {
  let admin: request.Agent;
  let member: request.Agent;
  beforeAll(async () => {
    admin = await account('letters-admin@example.com');
    await grantedAdmin(server(), 'letters-admin@example.com');
    member = await account('letters-member@example.com');
  });

  it('a visitor subscribes; the address is stored once, normalised, in a stream named by its hash', async () => {
    const first = await post({ email: '  Ada@Example.COM ' }, '198.51.100.1');
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      success: true,
      alreadySubscribed: false,
      message: "Thanks! You're subscribed.",
    });
    const again = await post({ email: 'ada@example.com' }, '198.51.100.1');
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      success: true,
      alreadySubscribed: true,
      message: "You're already subscribed. Thanks!",
    });
    const stream = subscriberStream('ada@example.com');
    expect(stream).toMatch(/^newsletter-[0-9a-f]{40}$/);
    expect(stream).not.toContain('ada');
    const events = await server().platform.eventStore.readStream(stream);
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['NewsletterSubscribed', { email: 'ada@example.com' }],
    ]);
  });

  it('concurrent requests for one address make exactly one event, and every answer is 2xx', async () => {
    const email = 'race@example.com';
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post({ email: i % 2 ? email : email.toUpperCase() }, `198.51.100.${20 + i}`),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(answers.filter((a) => a.body.alreadySubscribed === false)).toHaveLength(1);
    const events = await server().platform.eventStore.readStream(subscriberStream(email));
    expect(events).toHaveLength(1);
  });

  it.each([
    [{}, 'Please enter your email address.'],
    [{ email: '' }, 'Please enter your email address.'],
    [{ email: '   ' }, 'Please enter your email address.'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address.'],
    [{ email: 'a@b' }, 'Please enter a valid email address.'],
    [{ email: 42 }, 'Please enter a valid email address.'],
    [{ email: ['a@example.com'] }, 'Please enter a valid email address.'],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'Please enter a valid email address.'],
  ])('bad input %j is a 400 with a clear message and stores nothing', async (body, message) => {
    const res = await post(body, '198.51.100.40');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it.each(['[]', '"ada@example.com"', 'null', '{"email":{"$gt":""}}', '{'])(
    'a body of %s is a 4xx, never a 500',
    async (raw) => {
      const res = await request(server().url)
        .post('/api/newsletter')
        .set('X-Forwarded-For', '198.51.100.45')
        .set('Content-Type', 'application/json')
        .send(raw);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof res.body.message).toBe('string');
    },
  );

  it('takes JSON only, and never from another site', async () => {
    const form = await request(server().url)
      .post('/api/newsletter')
      .set('X-Forwarded-For', '198.51.100.50')
      .type('form')
      .send('email=form@example.com');
    expect(form.status).toBe(415);
    const foreign = await post({ email: 'csrf@example.com' }, '198.51.100.51').set(
      'Origin',
      'https://evil.example',
    );
    expect(foreign.status).toBe(403);
    const events = await server().platform.eventStore.readStream(subscriberStream('csrf@example.com'));
    expect(events).toHaveLength(0);
  });

  it('is rate-limited per client address, with Retry-After; another address is not affected', async () => {
    for (let i = 0; i < NEWSLETTER_PER_WINDOW; i++) {
      expect((await post({ email: `flood${i}@example.com` }, '198.51.100.60')).status).toBe(201);
    }
    const limited = await post({ email: 'one-more@example.com' }, '198.51.100.60');
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect((await post({ email: 'one-more@example.com' }, '198.51.100.61')).status).toBe(201);
  });

  it.each(['/api/admin/newsletter', '/api/admin/newsletter/export'])(
    'GET %s is 401 signed out and 403 for a non-admin',
    async (path) => {
      expect((await request(server().url).get(path)).status).toBe(401);
      const res = await member.get(path);
      expect(res.status).toBe(403);
      expect(res.text).not.toContain('@example.com');
    },
  );

  it('admins see the count and export a spreadsheet-safe CSV (BOM, CRLF, formulas escaped)', async () => {
    // The address rules let + and - lead an address: both start a formula in a spreadsheet.
    expect((await post({ email: '+sum@example.com' }, '198.51.100.70')).status).toBe(201);
    expect((await post({ email: '-2+3@example.com' }, '198.51.100.70')).status).toBe(201);
    const count = async () => (await admin.get('/api/admin/newsletter')).body.count as number;
    const events = await server().platform.eventStore.readAll();
    const subscribed = events.filter((e) => e.type === 'NewsletterSubscribed').length;
    await eventually(async () => (await count()) === subscribed);

    const res = await admin.get('/api/admin/newsletter/export').buffer(true).parse(bytesBody);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="newsletter-subscribers.csv"');
    const csv = csvOf(res);
    expect(csv.startsWith('\uFEFFEmail,Date\r\n')).toBe(true);
    const rows = csv.slice(1).split('\r\n');
    expect(rows.find((r) => r.includes('sum@example.com'))).toMatch(/^'\+sum@example\.com,\d{4}-\d\d-\d\dT/);
    expect(rows.find((r) => r.includes('2+3@example.com'))).toMatch(/^'-2\+3@example\.com,\d{4}-/);
    expect(rows).toContainEqual(expect.stringMatching(/^ada@example\.com,\d{4}-/));
    expect(rows.filter((r) => r.startsWith('ada@example.com,'))).toHaveLength(1);
    expect(rows.filter((r) => r.startsWith('race@example.com,'))).toHaveLength(1);
  });
});
