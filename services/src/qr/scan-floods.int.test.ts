import request from 'supertest';
import { member } from '../testing/givens';
import { eventually } from '../testing/helpers';
import { createQrCode, qrAnalytics } from '../testing/qr-codes';
import { useEmbeddedServer } from '../testing/test-runtime';
import { BREAKDOWN_ROWS } from './analytics';
import { BREAKDOWN_VALUES_PER_DAY } from './breakdown-cap';
import { OTHER_KEY } from './breakdown-keys';
import { DEVICE_COOKIE } from './device-id';
import { SCANS_PER_VISITOR } from './scan-recorder';

const server = useEmbeddedServer({ TRUST_PROXY: '1' });

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const agentNumber = (i: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${100 + i}.0.${i} Safari/537.36`;

type Analytics = { scanCount: number; uniqueVisitors: number };

/** A browser's GET of `path` (no redirect followed), from the network `address`. */
const get = (path: string, address: string, agent = PHONE) =>
  request(server().url).get(path).set('User-Agent', agent).set('X-Forwarded-For', address).redirects(0);

describe('QR scans cannot be inflated', () => {
  let owner: request.Agent;
  beforeAll(async () => {
    ({ agent: owner } = await member(server(), 'floods@example.com'));
  });
  const create = (body: object) => createQrCode(owner, body);
  const analytics = (id: string) => qrAnalytics<Analytics>(owner, id);
  /**
   * Scans are decided in arrival order: once a last, countable visit (from an address of its own)
   * is in the analytics, every request before it has been decided.
   */
  const settled = async (id: string, path: string, expected: (a: Analytics) => boolean) => {
    await get(path, '192.0.2.250');
    return eventually(async () => {
      const a = await analytics(id);
      return expected(a) && a;
    });
  };

  it('HEAD requests and prefetches are answered but not counted', async () => {
    const direct = await create({ title: 'Direct', linkType: 'direct', url: 'https://example.com/' });
    const landing = await create({ title: 'Landing', linkType: 'landing' });
    for (const [path, status] of [
      [`/r/${direct}`, 302],
      [`/qr-landing/${landing}`, 200],
    ] as const) {
      const head = await request(server().url).head(path).set('User-Agent', PHONE).redirects(0);
      expect(head.status).toBe(status);
      for (const [name, value] of [
        ['Sec-Purpose', 'prefetch'],
        ['Sec-Purpose', 'prefetch;prerender'],
        ['Purpose', 'prefetch'],
      ] as const) {
        const speculative = await get(path, '198.51.100.20', ANDROID).set(name, value);
        expect(speculative.status).toBe(status);
      }
    }
    const directStats = await settled(direct, `/r/${direct}`, (a) => a.scanCount >= 1);
    expect(directStats.scanCount).toBe(1);
    const landingStats = await settled(landing, `/qr-landing/${landing}`, (a) => a.scanCount >= 1);
    expect(landingStats.scanCount).toBe(1);
  });

  it('a scan beacon counts only with the token of a prefetched page, once', async () => {
    const landing = await create({ title: 'Beacon', linkType: 'landing' });
    const beacon = (body: object, address = '198.51.100.30') =>
      request(server().url)
        .post(`/api/qr-landing/${landing}`)
        .set('User-Agent', PHONE)
        .set('X-Forwarded-For', address)
        .send({ source: 'scan', ...body });
    for (let i = 0; i < 20; i++) expect((await beacon({}, `198.51.100.${40 + i}`)).body.counted).toBe(false);
    expect((await beacon({ token: 'forged.token.value' })).body).toEqual({ success: true, counted: false });
    // A page load that is counted carries no token; a prefetched one does.
    const counted = await get(`/qr-landing/${landing}`, '198.51.100.31');
    expect(counted.text).not.toContain('scanToken');
    const prefetched = await get(`/qr-landing/${landing}`, '198.51.100.30').set('Sec-Purpose', 'prefetch');
    const token = /"scanToken":"([^"]+)"/.exec(prefetched.text)?.[1];
    expect(token).toBeDefined();
    expect((await beacon({ token })).body).toEqual({ success: true, counted: true });
    expect((await beacon({ token })).body.counted).toBe(false);
    const stats = await settled(landing, `/qr-landing/${landing}`, (a) => a.scanCount >= 3);
    expect(stats.scanCount).toBe(3);
  });

  it('one device varying its User-Agent is one unique visitor with a bounded scan count', async () => {
    const direct = await create({ title: 'Flood', linkType: 'direct', url: 'https://example.com/' });
    for (let i = 0; i < 60; i++)
      expect(
        (
          await get(`/r/${direct}`, '203.0.113.9', agentNumber(i)).set(
            'Cookie',
            `${DEVICE_COOKIE}=${'F'.repeat(22)}`,
          )
        ).status,
      ).toBe(302);
    const stats = await settled(direct, `/r/${direct}`, (a) => a.uniqueVisitors >= 2);
    expect(stats.uniqueVisitors).toBe(2); // the flooding device and the last visit's own
    expect(stats.scanCount).toBe(SCANS_PER_VISITOR + 1);
  });
});

describe('breakdowns keep a bounded number of names', () => {
  it('made-up referrers from many addresses: the day keeps its share of names, the rest count as Other, and the answer names ten', async () => {
    const { agent: owner } = await member(server(), 'referrers@example.com');
    const id = await createQrCode(owner, {
      title: 'Poster',
      linkType: 'direct',
      url: 'https://example.com/',
    });
    const flood = 3 * BREAKDOWN_VALUES_PER_DAY;
    for (let i = 0; i < flood; i++)
      await get(`/r/${id}`, `198.18.${Math.floor(i / 200)}.${i % 200}`)
        .set('Referer', `https://made-up-${i}.example/page`)
        .expect(302);
    // A visitor with no referrer after the flood is still shown as Direct.
    await get(`/r/${id}`, '192.0.2.251');
    const analytics = await eventually(async () => {
      const a = (await owner.get(`/api/qr-codes/${id}/analytics`)).body.analytics as {
        scanCount: number;
        breakdowns: Record<string, Array<{ name: string; count: number; other?: true }>>;
      };
      return a.scanCount === flood + 1 && a;
    });
    const referrers = analytics.breakdowns.referrer ?? [];
    expect(referrers).toHaveLength(BREAKDOWN_ROWS + 1);
    expect(referrers.slice(0, BREAKDOWN_ROWS).every((row) => row.other === undefined)).toBe(true);
    expect(referrers.map((row) => row.name)).toContain('Direct');
    expect(referrers.at(-1)).toEqual({ name: 'Other', count: flood + 1 - BREAKDOWN_ROWS, other: true });
    // The day's document holds the kept names, Direct and one Other counter: not one key per scan.
    const day = (await server().platform.readStore.collection('qr_daily').find({ qrId: id }))[0] as Record<
      string,
      unknown
    >;
    const stored = Object.keys(day.referrer as object);
    expect(stored).toHaveLength(BREAKDOWN_VALUES_PER_DAY + 2);
    expect((day.referrer as Record<string, number>)[OTHER_KEY]).toBe(flood - BREAKDOWN_VALUES_PER_DAY);
  });
});

describe('a direct code points elsewhere', () => {
  let owner: request.Agent;
  beforeAll(async () => {
    ({ agent: owner } = await member(server(), 'loops@example.com'));
  });
  const ownAddressRefused = {
    message: "A QR code cannot point at one of this site's QR code addresses",
    error: 'VALIDATION',
    field: 'url',
  };

  it('cannot point at one of this site’s code addresses, at create or update', async () => {
    const created = await owner
      .post('/api/qr-codes')
      .send({ title: 'Loop', linkType: 'direct', url: 'https://example.com/' });
    expect(created.status).toBe(201);
    const { id, encodedUrl } = created.body.qrCode as { id: string; encodedUrl: string };
    const self = await owner.put(`/api/qr-codes/${id}`).send({ url: encodedUrl });
    expect(self.status).toBe(400);
    expect(self.body).toEqual(ownAddressRefused);
    const own = new URL(server().url);
    for (const url of [
      `${own.origin}/R/${id}`,
      `https://${own.hostname}/qr-landing/${id}`,
      `${own.origin}/%72/${id}`,
    ]) {
      const res = await owner.post('/api/qr-codes').send({ title: 'Loop', linkType: 'direct', url });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(ownAddressRefused);
    }
    // The site's other pages are fine targets.
    await owner
      .put(`/api/qr-codes/${id}`)
      .send({ url: `${own.origin}/pricing` })
      .expect(200);
    expect((await owner.get(`/r/${id}`).redirects(0)).headers.location).toBe(`${own.origin}/pricing`);
  });

  it('only to an http(s) address without credentials', async () => {
    for (const url of ['ftp://example.com/', 'javascript:alert(1)', 'https://user:pass@example.com/']) {
      const res = await owner.post('/api/qr-codes').send({ title: 'Bad', linkType: 'direct', url });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please enter a valid http(s) URL');
    }
  });
});
