import { gzipSync } from 'node:zlib';
import type Router from '@koa/router';
import fc from 'fast-check';
import request from 'supertest';
import { changeAdminRights } from '../admin/grant-admin';
import { createApi } from './processes';
import { useEmbeddedServer } from './test-runtime';

/**
 * Every registered route, hit with hostile requests: any method, content type, content encoding,
 * body and path segment. Bad input is a 4xx in the `{ message, error }` shape, never a 5xx, and a
 * rejected request leaves the event log untouched.
 */
const server = useEmbeddedServer();

interface RouteInfo {
  path: string;
  methods: string[];
}

/** The routes the API router registered, read from the app itself so new routes are fuzzed too. */
function registeredRoutes(): RouteInfo[] {
  const app = createApi(server().platform, server().modules);
  // The edge router (public GETs a scan hits) and the main API router.
  const routers = app.middleware
    .filter((m) => 'router' in m)
    .map((m) => (m as unknown as { router: Router }).router);
  if (routers.length === 0) throw new Error('The API router is not mounted');
  return (
    routers
      .flatMap((router) => router.stack)
      .filter((layer) => layer.methods.length > 0)
      // A server-sent-events stream answers a signed-in GET by staying open; it has its own test.
      .filter((layer) => !LONG_LIVED.has(String(layer.path)))
      .map((layer) => ({ path: String(layer.path), methods: layer.methods }))
  );
}

const LONG_LIVED = new Set(['/api/generations/events']);
const MEMBER = 'member@example.com';
const ADMIN = 'boss@example.com';
const PASSWORD = 'secret12';

async function signedIn(email: string, register = false) {
  const agent = request.agent(server().url);
  const res = register
    ? await agent.post('/api/register').send({ name: 'Fuzz User', email, password: PASSWORD })
    : await agent.post('/api/login').send({ email, password: PASSWORD });
  expect(res.status).toBe(register ? 201 : 200);
  // Admin rights are a fact in the log, granted by the operator.
  if (register && email === ADMIN) {
    await changeAdminRights(server().platform.commands, {
      email,
      grant: true,
      by: 'operator',
      at: new Date().toISOString(),
    });
  }
  return agent;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'] as const;
const CONTENT_TYPES = [
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'multipart/form-data',
  'text/plain',
  'text/xml',
  'application/octet-stream',
  'application/csp-report',
  '*/*',
  ';;;',
];
const ENCODINGS = [undefined, 'gzip', 'br', 'deflate', 'identity', 'gzip, br', 'x-bogus', ''];

const jsonText = fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'null');
const body = fc.oneof(
  fc.constant(''),
  jsonText,
  fc.string({ maxLength: 200 }),
  fc.constantFrom('{"__proto__":{"admin":true}}', 'a=1&b=2', '{"email":"x"}', '[]', 'null', '{'),
  jsonText.map((text) => gzipSync(text).toString('latin1')),
);
const segment = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent),
  fc.constantFrom('..', '%2e%2e', '%00', '%', 'x'.repeat(300), '%E0%A4%A', 'rec00000000000000', '0'),
);

function fill(path: string, segments: string[]): string {
  let i = 0;
  return path.replace(/:[A-Za-z]+/g, () => segments[i++ % segments.length] ?? 'x');
}

describe('HTTP fuzz over every route', () => {
  let routes: RouteInfo[];
  let agents: Array<ReturnType<typeof request.agent>>;
  beforeAll(async () => {
    routes = registeredRoutes();
    agents = [request.agent(server().url), await signedIn(MEMBER, true), await signedIn(ADMIN, true)];
  });

  it('finds the API routes', () => {
    const paths = routes.map((r) => r.path);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/register', '/api/admin/users', '/api/stripe/webhook']),
    );
  });

  it('never answers a 5xx and never writes an event on a rejected request', async () => {
    const store = server().platform.eventStore;
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        fc.constantFrom(...METHODS),
        fc.boolean(),
        fc.constantFrom(...CONTENT_TYPES),
        fc.constantFrom(...ENCODINGS),
        body,
        fc.array(segment, { minLength: 1, maxLength: 3 }),
        fc.nat(2),
        fc.option(
          fc.string({ maxLength: 30 }).map((q) => `?${q}`),
          { nil: '' },
        ),
        async (pick, anyMethod, useOwnMethod, type, encoding, payload, segments, who, query) => {
          const route = routes[pick % routes.length]!;
          const method = useOwnMethod ? route.methods[pick % route.methods.length]! : anyMethod;
          const before = await store.headPosition();
          const verb = method.toLowerCase() as
            | 'get'
            | 'post'
            | 'put'
            | 'patch'
            | 'delete'
            | 'options'
            | 'head';
          const req = agents[who]![verb](fill(route.path, segments) + query);
          if (type !== undefined) req.set('Content-Type', type);
          if (encoding !== undefined) req.set('Content-Encoding', encoding);
          const res = method === 'GET' || method === 'HEAD' ? await req : await req.send(payload);
          expect(res.status).toBeLessThan(500);
          // A fuzzed logout or sign-in may have ended this agent's session: start a fresh one.
          if (who > 0 && /^\/api\/(logout|login|register)$/.test(route.path)) {
            agents[who] = await signedIn(who === 1 ? MEMBER : ADMIN);
          }
          if (res.status >= 400) {
            expect(await store.headPosition()).toBe(before);
            if (method !== 'HEAD' && route.path.startsWith('/api/')) {
              expect(res.body).toEqual(
                expect.objectContaining({ message: expect.any(String), error: expect.any(String) }),
              );
            }
          }
        },
      ),
      { numRuns: 400 },
    );
  }, 120_000);

  it.each([['/api/admin/users?email=a&email=b'], [`/api/admin/users?email=${'a'.repeat(250)}@example.com`]])(
    'answers GET %s with a 400 in the error shape',
    async (path) => {
      const res = await (await signedIn(ADMIN)).get(path);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(expect.objectContaining({ error: 'VALIDATION', message: expect.any(String) }));
    },
  );

  it.each(['gzip', 'br', 'deflate'])(
    'answers a body marked %s that is not compressed with a 400, not a 500',
    async (encoding) => {
      const res = await request(server().url)
        .post('/api/login')
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', encoding)
        .send(JSON.stringify({ email: MEMBER, password: PASSWORD }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual(expect.objectContaining({ error: 'VALIDATION', message: expect.any(String) }));
    },
  );

  it('still reads a body that really is gzip-compressed', async () => {
    const res = await request(server().url)
      .post('/api/login')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      // Bytes as they are: superagent would otherwise JSON-encode the Buffer.
      .serialize((bytes: Buffer) => bytes as unknown as string)
      .send(gzipSync(JSON.stringify({ email: MEMBER, password: PASSWORD })));
    expect(res.status).toBe(200);
  });
});

describe('cross-site request forgery', () => {
  it("cannot make an admin's browser grant credits, by form or by foreign JSON", async () => {
    const admin = await signedIn(ADMIN);
    const { body: users } = await admin.get(`/api/admin/users?email=${encodeURIComponent(MEMBER)}`);
    const memberId = (users as Array<{ id: string }>)[0]!.id;
    const before = await server().platform.eventStore.headPosition();

    const form = await admin
      .post('/api/admin/update-user-subscription')
      .set('Origin', 'https://evil.example')
      .type('form')
      .send({ userId: memberId, tier: 'Premium', credits: '5000' });
    expect(form.status).toBe(403);
    const formSameSite = await admin
      .post('/api/admin/update-user-subscription')
      .type('form')
      .send({ userId: memberId, tier: 'Premium', credits: '5000' });
    expect(formSameSite.status).toBe(415);
    const json = await admin
      .post('/api/admin/update-user-subscription')
      .set('Origin', 'https://blog.example')
      .set('Sec-Fetch-Site', 'same-site')
      .send({ userId: memberId, tier: 'Premium', credits: 5000 });
    expect(json.status).toBe(403);
    expect(json.body).toEqual({ message: expect.any(String), error: 'FORBIDDEN' });

    expect(await server().platform.eventStore.headPosition()).toBe(before);
  });
});

describe('HTTP fuzz of sign-in behind a TLS proxy (TRUST_PROXY=1, COOKIE_SECURE=true)', () => {
  const secure = useEmbeddedServer({ TRUST_PROXY: '1', COOKIE_SECURE: 'true' });
  /** Mostly valid sign-ups and sign-ins, so the writes a transport failure must not leave happen. */
  const plausible = fc
    .record({
      name: fc.constantFrom('Fuzz Person', 'Fuzz Person', 'A'),
      email: fc.oneof(
        { weight: 4, arbitrary: fc.stringMatching(/^[a-z]{1,12}$/).map((user) => `${user}@example.com`) },
        { weight: 1, arbitrary: fc.constantFrom('taken@example.com', 'not-an-email') },
      ),
      password: fc.constantFrom(PASSWORD, PASSWORD, '123'),
    })
    .map((fields) => JSON.stringify(fields));

  it('writes an account only when the request is secure, and never answers a 5xx', async () => {
    const store = secure().platform.eventStore;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/register', '/api/login', '/api/logout'),
        fc.constantFrom(undefined, 'https', 'http', 'https, http', 'HTTPS'),
        fc.oneof({ weight: 3, arbitrary: plausible }, { weight: 1, arbitrary: body }),
        async (path, proto, payload) => {
          const before = await store.headPosition();
          const req = request(secure().url).post(path).set('Content-Type', 'application/json');
          if (proto !== undefined) req.set('X-Forwarded-Proto', proto);
          const res = await req.send(payload);
          expect(res.status).toBeLessThan(500);
          if (res.status >= 400) expect(await store.headPosition()).toBe(before);
          if (path !== '/api/logout' && res.status < 400) {
            expect(proto?.split(',')[0]?.trim().toLowerCase()).toBe('https');
            expect(String(res.headers['set-cookie'])).toMatch(/; secure; httponly/i);
          }
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);
});
