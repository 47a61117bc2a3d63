import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { QrAnalytics as Analytics } from '@studio/events';
import request from 'supertest';
import { member } from '../testing/givens';
import { eventually } from '../testing/helpers';
import { createQrCode, qrAnalytics } from '../testing/qr-codes';
import { useEmbeddedServer } from '../testing/test-runtime';
import { DEVICE_COOKIE, DEVICE_ID } from './device-id';
import { SCANS_PER_NETWORK, SCANS_PER_VISITOR } from './scan-recorder';

const server = useEmbeddedServer({ TRUST_PROXY: '1' });

/** Thirty school tablets of one model: one user agent, one network address. */
const TABLET =
  'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const SCHOOL = '203.0.113.30';

/** Whether any file under the data folder holds the needle. */
function dataFolderHolds(dir: string, needle: string): boolean {
  return readdirSync(dir).some((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory()
      ? dataFolderHolds(full, needle)
      : readFileSync(full).includes(Buffer.from(needle));
  });
}

/** A school tablet's GET of `path`, from the network `address` (behind the trusted proxy). */
const fromTablet = (client: { get(path: string): request.Test }, path: string, address: string) =>
  client.get(path).set('User-Agent', TABLET).set('X-Forwarded-For', address);

const deviceCookieOf = (res: request.Response) =>
  ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${DEVICE_COOKIE}=`));

describe('QR visitors are devices', () => {
  let owner: request.Agent;
  beforeAll(async () => {
    ({ agent: owner } = await member(server(), 'devices@example.com', { name: 'Teacher' }));
  });
  const create = (body: object) => createQrCode(owner, body);
  const analytics = (id: string) => qrAnalytics<Analytics>(owner, id);
  /** The code's analytics once they show what `expected` waits for. */
  const analyticsOnce = (id: string, expected: (a: Analytics) => boolean) =>
    eventually(async () => {
      const a = await analytics(id);
      return expected(a) && a;
    });
  /** A signup through the landing page `page` (its form's token) from the network `address`. */
  const signUpThrough = (client: request.Agent, id: string, page: string, email: string, address: string) =>
    client
      .post(`/api/qr-landing/${id}`)
      .set('User-Agent', TABLET)
      .set('X-Forwarded-For', address)
      .set('Origin', server().url)
      .send({ source: 'signup', email, token: /name="token" value="([^"]+)"/.exec(page)?.[1] });

  it('thirty phones on one school network are thirty visitors; twenty sign up: 66.67 %', async () => {
    const id = await create({ title: 'Class', linkType: 'landing' });
    const phones = Array.from({ length: 30 }, () => request.agent(server().url));
    const pages: string[] = [];
    const ids: string[] = [];
    for (const phone of phones) {
      const page = await fromTablet(phone, `/qr-landing/${id}`, SCHOOL);
      expect(page.status).toBe(200);
      const cookie = deviceCookieOf(page);
      expect(cookie).toMatch(/^qr_device=[A-Za-z0-9_-]{22}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/);
      pages.push(page.text);
      ids.push(cookie?.split(';')[0]?.split('=')[1] ?? '');
    }
    // Each phone scans once more (its cookie: the same visitor), and twenty sign up, one of them twice.
    for (const phone of phones) await fromTablet(phone, `/qr-landing/${id}`, SCHOOL).expect(200);
    const signUp = (i: number, email: string) => signUpThrough(phones[i]!, id, pages[i]!, email, SCHOOL);
    for (let i = 0; i < 20; i++) expect((await signUp(i, `pupil${i}@example.com`)).status).toBe(201);
    expect((await signUp(0, 'parent0@example.com')).status).toBe(201);
    const stats = await analyticsOnce(id, (a) => a.emailSignupCount === 21 && a.scanCount === 60);
    expect(stats).toMatchObject({
      scanCount: 60,
      uniqueVisitors: 30,
      emailSignupCount: 21,
      conversions: 20,
      untrackedSignups: 0,
      conversionRate: 66.67,
    });
    // The device ids are hashed, never written: the data folder holds none of them.
    const dataDir = server().platform.config.dataDir;
    expect(ids.filter((id) => dataFolderHolds(dataDir, id))).toEqual([]);
  });

  it('signups with tracking off are listed, not divided: the rate never passes 100 %', async () => {
    const id = await create({ title: 'Quiet', linkType: 'landing', trackingEnabled: false });
    for (let i = 0; i < 2; i++) {
      const phone = request.agent(server().url);
      const page = await fromTablet(phone, `/qr-landing/${id}`, `198.51.100.${i + 1}`);
      // With tracking off the page sets no device cookie.
      expect(deviceCookieOf(page)).toBeUndefined();
      await signUpThrough(phone, id, page.text, `quiet${i}@example.com`, `198.51.100.${i + 1}`).expect(201);
    }
    await owner.put(`/api/qr-codes/${id}`).send({ trackingEnabled: true }).expect(200);
    await fromTablet(request(server().url), `/qr-landing/${id}`, '198.51.100.9').expect(200);
    const stats = await analyticsOnce(id, (a) => a.scanCount === 1 && a.emailSignupCount === 2);
    expect(stats).toMatchObject({
      uniqueVisitors: 1,
      conversions: 0,
      untrackedSignups: 2,
      conversionRate: 0,
    });
  });

  it('one device rescanning counts its ceiling of scans and one visitor', async () => {
    const id = await create({ title: 'Rescan', linkType: 'direct', url: 'https://example.com/' });
    const phone = request.agent(server().url);
    for (let i = 0; i < SCANS_PER_VISITOR + 5; i++)
      await fromTablet(phone, `/r/${id}`, SCHOOL).redirects(0).expect(302);
    // A last scan from elsewhere: once it is in, every scan before it has been decided.
    await fromTablet(request(server().url), `/r/${id}`, '192.0.2.200').redirects(0);
    const stats = await analyticsOnce(id, (a) => a.uniqueVisitors >= 2);
    expect(stats).toMatchObject({ uniqueVisitors: 2, scanCount: SCANS_PER_VISITOR + 1 });
  });

  it('forged or malformed device ids are ignored (a new id is handed out), never a 5xx, on every scan route', async () => {
    const direct = await create({ title: 'Forged', linkType: 'direct', url: 'https://example.com/' });
    const landing = await create({ title: 'Forged landing', linkType: 'landing' });
    const bad = [
      `${DEVICE_COOKIE}=`,
      `${DEVICE_COOKIE}=../../etc/passwd`,
      `${DEVICE_COOKIE}=${'A'.repeat(5000)}`,
      `${DEVICE_COOKIE}=AAAAAAAAAAAAAAAAAAAAA%00`,
      `${DEVICE_COOKIE}="AAAAAAAAAAAAAAAAAAAAAA"`,
      `${DEVICE_COOKIE}=constructor`,
      `__proto__=1; ${DEVICE_COOKIE}=toString`,
      'garbage;;;==;',
    ];
    for (const cookie of bad)
      for (const path of [`/r/${direct}`, `/qr-landing/${landing}`]) {
        const res = await fromTablet(request(server().url), path, '198.51.100.77')
          .set('Cookie', cookie)
          .redirects(0);
        expect(res.status).toBeLessThan(400);
        const set = deviceCookieOf(res);
        expect(set?.split(';')[0]?.split('=')[1]).toMatch(DEVICE_ID);
        const beacon = await request(server().url)
          .post(`/api/qr-landing/${landing}`)
          .set('Cookie', cookie)
          .set('X-Forwarded-For', '198.51.100.77')
          .send({ source: 'scan', token: 'x' });
        expect(beacon.status).toBe(200);
        expect(beacon.body.counted).toBe(false);
        const signup = await request(server().url)
          .post(`/api/qr-landing/${landing}`)
          .set('Cookie', cookie)
          .set('X-Forwarded-For', '198.51.100.77')
          .send({ source: 'signup', email: 'forged@example.com', token: 'forged' });
        expect(signup.status).toBe(403);
      }
    // A well-formed id the device carries is kept (not replaced), and the redirect says nothing.
    const kept = await request(server().url)
      .get(`/r/${direct}`)
      .set('User-Agent', TABLET)
      .set('Cookie', `${DEVICE_COOKIE}=AAAAAAAAAAAAAAAAAAAAAA`)
      .redirects(0);
    expect(kept.status).toBe(302);
    expect(deviceCookieOf(kept)).toBeUndefined();
  });

  it('a client dropping its cookie is a new device each time, held by its network’s ceiling', async () => {
    const id = await create({ title: 'Flood', linkType: 'direct', url: 'https://example.com/' });
    const flood = SCANS_PER_NETWORK + 20;
    // IPv6 addresses of one /64 are one network.
    for (let i = 0; i < flood; i++)
      await fromTablet(request(server().url), `/r/${id}`, `2001:db8:1:2::${(i + 1).toString(16)}`)
        .redirects(0)
        .expect(302);
    await fromTablet(request(server().url), `/r/${id}`, '192.0.2.201').redirects(0);
    const stats = await analyticsOnce(id, (a) => a.scanCount > SCANS_PER_NETWORK);
    expect(stats).toMatchObject({ scanCount: SCANS_PER_NETWORK + 1, uniqueVisitors: SCANS_PER_NETWORK + 1 });
  });
});
