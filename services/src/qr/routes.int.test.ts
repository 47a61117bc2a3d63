import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { qrActivityStream, qrStream } from '@studio/events';
import sharp from 'sharp';
import request from 'supertest';
import { bytesBody, eventually } from '../testing/helpers';
import { useEmbeddedServer } from '../testing/test-runtime';
import { SIGNUPS_PER_ADDRESS, SIGNUPS_PER_CODE } from './public-routes';

const server = useEmbeddedServer({ TRUST_PROXY: '1' });

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ADDRESS = '203.0.113.77';

async function account(email: string) {
  const agent = request.agent(server().url);
  await agent.post('/api/register').send({ name: email.split('@')[0], email, password: 'secret12' });
  return agent;
}

async function createCode(agent: request.Agent, body: object) {
  const res = await agent.post('/api/qr-codes').send(body);
  expect(res.status).toBe(201);
  return res.body.qrCode as { id: string; encodedUrl: string; url: string; landingPageUrl?: string };
}

/** The signup token a landing page's form carries (loaded without a user agent: not a counted scan). */
async function signupToken(id: string): Promise<string> {
  const page = await request(server().url).get(`/qr-landing/${id}`);
  const token = /name="token" value="([^"]+)"/.exec(page.text)?.[1];
  if (!token) throw new Error(`No signup token on /qr-landing/${id} (${page.status})`);
  return token;
}

/** A visitor's signup on code `id`'s landing page from `address`, with the page's fresh token. */
const signUpAt = async (id: string, address: string, body: object) =>
  request(server().url)
    .post(`/api/qr-landing/${id}`)
    .set('X-Forwarded-For', address)
    .send({ source: 'signup', ...body, token: await signupToken(id) });

const analytics = async (agent: request.Agent, id: string) =>
  (await agent.get(`/api/qr-codes/${id}/analytics`)).body.analytics as {
    scanCount: number;
    uniqueVisitors: number;
    emailSignupCount: number;
    conversionRate: number;
    breakdowns: Record<string, Array<{ name: string; count: number }>>;
    refusedSignups: Record<string, number>;
  };

/** Every file under the data folder, as bytes, searched for a needle. */
function dataFolderContains(dir: string, needle: string): string[] {
  const hits: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) hits.push(...dataFolderContains(full, needle));
    else if (readFileSync(full).includes(Buffer.from(needle))) hits.push(full);
  }
  return hits;
}

describe('QR codes API', () => {
  let owner: request.Agent;
  let stranger: request.Agent;
  let owners = 0;
  beforeAll(async () => {
    stranger = await account('qr-stranger@example.com');
  });
  // An owner per test: one account making the whole suite's codes within seconds would meet its
  // per-account budget of new codes (QR_CREATIONS), as a script should.
  beforeEach(async () => {
    owners += 1;
    owner = await account(`qr-owner-${owners}@example.com`);
  });

  it('a direct code encodes our short redirect, which counts the scan and redirects to the current target', async () => {
    const code = await createCode(owner, {
      title: 'Book',
      linkType: 'direct',
      url: 'https://example.com/book',
    });
    expect(code.encodedUrl).toBe(`${server().url}/r/${code.id}`);
    // One phone (it keeps the device cookie the first answer sets): one visitor.
    const phone = request.agent(server().url);
    const first = await phone.get(`/r/${code.id}`).set('User-Agent', PHONE).redirects(0);
    expect(first.status).toBe(302);
    expect(first.headers.location).toBe('https://example.com/book');
    await owner.put(`/api/qr-codes/${code.id}`).send({ url: 'https://example.com/new' }).expect(200);
    const second = await phone.get(`/r/${code.id}`).set('User-Agent', PHONE).redirects(0);
    expect(second.headers.location).toBe('https://example.com/new');
    const stats = await eventually(async () => {
      const a = await analytics(owner, code.id);
      return a.scanCount === 2 && a;
    });
    expect(stats.uniqueVisitors).toBe(1);
    // Scans go to the activity stream: the code's own stream holds only its create and update.
    const { eventStore } = server().platform;
    expect((await eventStore.readStream(qrStream(code.id))).map((e) => e.type)).toEqual([
      'QrCodeCreated',
      'QrCodeUpdated',
    ]);
    // In batches: one QrScansRecorded per code and batch window, each scan kept with its time.
    const activity = await eventStore.readStream(qrActivityStream(code.id));
    expect(new Set(activity.map((e) => e.type))).toEqual(new Set(['QrScansRecorded']));
    const scans = activity.flatMap((e) => (e.data as { scans: Array<{ via: string; at: string }> }).scans);
    expect(scans.map((s) => s.via)).toEqual(['redirect', 'redirect']);
    expect(scans.every((s) => !Number.isNaN(Date.parse(s.at)))).toBe(true);
    expect(stats.breakdowns.os?.[0]).toEqual({ name: 'iOS', count: 2 });
    expect(stats.breakdowns.device?.[0]).toEqual({ name: 'Mobile', count: 2 });
  });

  it('a deleted code answers its redirect and landing page with the friendly 410 page', async () => {
    const direct = await createCode(owner, {
      title: 'Gone',
      linkType: 'direct',
      url: 'https://example.com/',
    });
    const landing = await createCode(owner, { title: 'Gone too', linkType: 'landing' });
    await owner.delete(`/api/qr-codes/${direct.id}`).expect(200);
    await owner.delete(`/api/qr-codes/${landing.id}`).expect(200);
    const redirect = await request(server().url).get(`/r/${direct.id}`).redirects(0);
    expect(redirect.status).toBe(410);
    expect(redirect.text).toContain('This QR code is no longer active');
    const page = await request(server().url).get(`/qr-landing/${landing.id}`);
    expect(page.status).toBe(410);
    expect(page.text).toContain('This QR code is no longer active');
    await owner.get(`/api/qr-codes/${direct.id}`).expect(404);
  });

  it('a code in memory is redirected from there, and an edit or a delete takes effect at once', async () => {
    const code = await createCode(owner, { title: 'Hot', linkType: 'direct', url: 'https://example.com/a' });
    const scan = () => request(server().url).get(`/r/${code.id}`).set('User-Agent', PHONE).redirects(0);
    await scan().expect(302); // read from the log, and kept in memory
    const lean = await scan();
    expect(lean.status).toBe(302);
    expect(lean.headers.location).toBe('https://example.com/a');
    // Answered ahead of the full stack: none of its document headers, no body.
    expect(lean.headers['content-security-policy']).toBeUndefined();
    expect(lean.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(lean.headers['content-length']).toBe('0');
    await owner.put(`/api/qr-codes/${code.id}`).send({ url: 'https://example.com/b' }).expect(200);
    expect((await scan()).headers.location).toBe('https://example.com/b');
    expect((await scan()).headers['content-security-policy']).toBeUndefined(); // in memory again
    await owner.delete(`/api/qr-codes/${code.id}`).expect(200);
    const gone = await scan();
    expect(gone.status).toBe(410);
    expect(gone.text).toContain('This QR code is no longer active');
    expect((await scan()).status).toBe(410); // and so it stays, now that memory holds it deleted
    // The four scans while it lived are all counted (the deleted code's analytics stay its owner's).
    const { eventStore } = server().platform;
    await eventually(async () => {
      const activity = await eventStore.readStream(qrActivityStream(code.id));
      return activity.flatMap((e) => (e.data as { scans: unknown[] }).scans).length === 4;
    });
  });

  it('a landing code in memory: its scan goes to its page, its data comes from there, edits and a delete show at once', async () => {
    const code = await createCode(owner, {
      title: 'Hot page',
      linkType: 'landing',
      landingPage: { title: 'First' },
    });
    const data = () => request(server().url).get(`/api/qr-landing/${code.id}/data`);
    expect((await data()).body.landingPage.title).toBe('First'); // read from the log, kept in memory
    const lean = await data();
    expect(lean.body).toEqual({ success: true, landingPage: expect.objectContaining({ title: 'First' }) });
    expect(lean.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(lean.headers['cache-control']).toBe('no-store');
    const scan = await request(server().url).get(`/r/${code.id}`).set('User-Agent', PHONE).redirects(0);
    expect(scan.status).toBe(302);
    expect(scan.headers.location).toBe(`/qr-landing/${code.id}`);
    await owner
      .put(`/api/qr-codes/${code.id}`)
      .send({ landingPage: { title: 'Second' } })
      .expect(200);
    expect((await data()).body.landingPage.title).toBe('Second');
    expect((await data()).headers['content-security-policy']).not.toContain('nonce'); // in memory again
    await owner.delete(`/api/qr-codes/${code.id}`).expect(200);
    for (let i = 0; i < 2; i += 1) {
      const gone = await data();
      expect(gone.status).toBe(410);
      expect(gone.body.error).toBe('GONE');
    }
    // The scan of a landing code is counted by its page, never by the redirect.
    await server().settle();
    expect(await server().platform.eventStore.readStream(qrActivityStream(code.id))).toEqual([]);
  });

  it("another user's code cannot be read, changed, deleted, analysed or exported", async () => {
    const code = await createCode(owner, { title: 'Mine', linkType: 'landing' });
    const paths = ['', '/analytics', '/emails', '/export-emails', '/export-analytics', '/qr.png', '/qr.svg'];
    for (const p of paths) {
      const res = await stranger.get(`/api/qr-codes/${code.id}${p}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('QR code not found');
    }
    expect((await stranger.put(`/api/qr-codes/${code.id}`).send({ title: 'Hijacked' })).status).toBe(404);
    expect((await stranger.delete(`/api/qr-codes/${code.id}`)).status).toBe(404);
    expect((await request(server().url).get(`/api/qr-codes/${code.id}`)).status).toBe(401);
    const list = await stranger.get('/api/qr-codes');
    expect(list.body.qrCodes.map((c: { id: string }) => c.id)).not.toContain(code.id);
    expect((await owner.get(`/api/qr-codes/${code.id}`)).body.qrCode.title).toBe('Mine');
  });

  it.each([
    [{ title: 'x', linkType: 'direct', url: 'not a url' }, 'Please enter a valid http(s) URL'],
    [{ title: 'x', linkType: 'direct', url: 'javascript:alert(1)' }, 'Please enter a valid http(s) URL'],
    [
      { title: 'x', linkType: 'landing', landingPage: { redirectUrl: 'javascript:alert(1)' } },
      'The redirect URL must be an http(s) address',
    ],
    [
      {
        title: 'x',
        linkType: 'direct',
        url: 'https://example.com',
        colors: { dark: '#777777', light: '#FFFFFF' },
      },
      'The QR colours need a contrast of at least 4.5:1 to scan reliably',
    ],
    [
      { title: 'x', linkType: 'landing', landingPage: { logoUrl: 'https://tracker.example/pixel.png' } },
      'Images must be uploaded here first',
    ],
    [{ title: '', linkType: 'direct', url: 'https://example.com' }, 'Please enter a title'],
    [
      {
        title: 'x',
        linkType: 'landing',
        landingPage: { textColor: '#F9F9F9', backgroundColor: '#F9F9F9', buttonColor: '#F9F9F9' },
      },
      'Text colour and background colour are too close: the page text needs a contrast of at least 4.5:1 to be readable',
    ],
    [
      {
        title: 'x',
        linkType: 'landing',
        landingPage: { buttonColor: '#FFE600', backgroundColor: '#FFFFFF' },
      },
      'Button colour and background colour are too close: the button needs a contrast of at least 3:1 to be seen',
    ],
  ])('bad input %j is a 400 with its message', async (body, message) => {
    const res = await owner.post('/api/qr-codes').send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('uploads are re-encoded by sharp; oversized or non-image uploads are refused', async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const ok = await owner
      .post('/api/qr-uploads')
      .send({ kind: 'logo', dataUrl: `data:image/png;base64,${png.toString('base64')}` });
    expect(ok.status).toBe(201);
    const image = await request(server().url).get(ok.body.url);
    expect(image.headers['content-type']).toBe('image/webp');
    expect((await sharp(image.body as Buffer).metadata()).format).toBe('webp');
    const notImage = await owner.post('/api/qr-uploads').send({
      kind: 'logo',
      dataUrl: `data:image/png;base64,${Buffer.from('<svg onload=alert(1)>').toString('base64')}`,
    });
    expect(notImage.status).toBe(415);
    const huge = Buffer.alloc(5 * 1024 * 1024 + 10, 1).toString('base64');
    const tooLarge = await owner
      .post('/api/qr-uploads')
      .send({ kind: 'hero', dataUrl: `data:image/png;base64,${huge}` });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe('File Too Large: Please select an image smaller than 5MB');
  });

  it('a hero becomes a 3:2 banner in several widths, WebP and AVIF, offered as a srcset; a wordmark logo keeps its shape', async () => {
    const upload = async (kind: 'logo' | 'hero', width: number, height: number) => {
      const png = await sharp({ create: { width, height, channels: 3, background: '#2a6f97' } })
        .png()
        .toBuffer();
      const res = await owner
        .post('/api/qr-uploads')
        .send({ kind, dataUrl: `data:image/png;base64,${png.toString('base64')}` });
      expect(res.status).toBe(201);
      return res.body.url as string;
    };
    const heroImage = await upload('hero', 1600, 900);
    const logoUrl = await upload('logo', 800, 200);
    const logo = await sharp((await request(server().url).get(logoUrl)).body as Buffer).metadata();
    expect([logo.width, logo.height]).toEqual([576, 144]);
    const code = await createCode(owner, {
      title: 'Hero',
      linkType: 'landing',
      landingPage: { heroImage, logoUrl },
    });
    const page = (await request(server().url).get(`/qr-landing/${code.id}`)).text;
    const sources = [...page.matchAll(/<source type="image\/(avif|webp)" srcset="([^"]+)"/g)];
    expect(sources.map((m) => m[1])).toEqual(['avif', 'webp']);
    expect(page).toContain(`<img class="hero" src="${heroImage}"`);
    for (const [, format, srcset] of sources) {
      const candidates = String(srcset)
        .split(', ')
        .map((c) => c.split(' '));
      expect(candidates.map(([, w]) => w)).toEqual(['480w', '960w', '1440w']);
      for (const [url, w] of candidates) {
        const res = await request(server().url).get(String(url));
        expect(res.headers['content-type']).toBe(`image/${format}`);
        const meta = await sharp(res.body as Buffer).metadata();
        expect(meta.format).toBe(format === 'avif' ? 'heif' : 'webp');
        expect([meta.width, meta.height]).toEqual([
          Number.parseInt(String(w), 10),
          (Number.parseInt(String(w), 10) * 2) / 3,
        ]);
      }
    }
  });

  it('the live preview is the public page drawn by the same renderer, for the signed-in owner, framable by the app only', async () => {
    const landingPage = { title: 'Preview me', buttonColor: '#1A237E', thankYouMessage: 'Thanks!' };
    const code = await createCode(owner, { title: 'Preview', linkType: 'landing', landingPage });
    const address = `/api/qr-preview?settings=${encodeURIComponent(JSON.stringify(landingPage))}`;
    const preview = await owner.get(address);
    expect(preview.status).toBe(200);
    expect(String(preview.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    const page = await request(server().url).get(`/qr-landing/${code.id}`);
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    // The same document but for what is the visitor's own: the nonce, the code and the form's token,
    // and the script (the preview's sandbox runs none); the preview's page is inert (a keyboard
    // user tabbing through the editor never lands inside it).
    expect(preview.text).toContain('<main inert>');
    const comparable = (html: string) =>
      html
        .replace('<main inert>', '<main>')
        .replace(/<script src="[^"]+" defer><\/script>\n/, '')
        .replace(/nonce="[^"]+"/g, '')
        .replace(/<input type="hidden" name="(qrId|token)"[^>]*>\n?/g, '')
        .replace(/<script type="application\/json" id="qr-settings">.*<\/script>/, '');
    expect(comparable(preview.text)).toBe(comparable(page.text));
    expect((await request(server().url).get(address)).status).toBe(401);
    const unreadable = { textColor: '#F9F9F9', backgroundColor: '#F9F9F9' };
    const refused = await owner.get(
      `/api/qr-preview?settings=${encodeURIComponent(JSON.stringify(unreadable))}`,
    );
    expect(refused.status).toBe(400);
    expect((await owner.get('/api/qr-preview?settings=%7Bnot%20json')).status).toBe(400);
  });

  it('a code takes a logo in its middle within the size that scans; a larger one is refused; the logo can be removed', async () => {
    const png = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#c62828' } })
      .png()
      .toBuffer();
    const url = (
      await owner
        .post('/api/qr-uploads')
        .send({ kind: 'logo', dataUrl: `data:image/png;base64,${png.toString('base64')}` })
    ).body.url as string;
    const base = { title: 'Logo', linkType: 'direct', url: 'https://example.com/' };
    const tooBig = await owner.post('/api/qr-codes').send({ ...base, logo: { url, size: 30 } });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.message).toBe(
      'A logo wider than 20% of the code hides too much of it to scan: choose between 10% and 20%',
    );
    const code = await createCode(owner, { ...base, logo: { url, size: 20 } });
    const withLogo = await owner.get(`/api/qr-codes/${code.id}/qr.png`).buffer(true);
    const { data, info } = await sharp(withLogo.body as Buffer)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const middle = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
    // The logo's red in the middle (within the stored WebP's rounding).
    const red = [0xc6, 0x28, 0x28];
    expect(red.every((value, i) => Math.abs((data[middle + i] ?? 0) - value) <= 4)).toBe(true);
    expect((await owner.put(`/api/qr-codes/${code.id}`).send({ logo: { url, size: 21 } })).status).toBe(400);
    const removed = await owner.put(`/api/qr-codes/${code.id}`).send({ logo: null });
    expect(removed.body.qrCode.logo).toBeUndefined();
    const plain = await owner.get(`/api/qr-codes/${code.id}/qr.png`).buffer(true);
    expect(Buffer.compare(plain.body as Buffer, withLogo.body as Buffer)).not.toBe(0);
  });

  it('the landing page is served by the server with its settings, counts the scan once, and takes signups', async () => {
    const code = await createCode(owner, {
      title: 'Landing',
      linkType: 'landing',
      landingPage: { title: 'My <Newsletter>', buttonText: 'Join' },
    });
    expect(code.encodedUrl).toBe(`${server().url}/qr-landing/${code.id}`);
    const visitor = request.agent(server().url);
    const page = await visitor
      .get(`/qr-landing/${code.id}`)
      .set('User-Agent', PHONE)
      .set('X-Forwarded-For', ADDRESS);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>My &lt;Newsletter&gt;</h1>');
    expect(page.text).toContain('placeholder="Your name"');
    expect(page.text).not.toContain('remoteEntry');
    const nonce = /'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))?.[1];
    expect(page.text).toContain(`<style nonce="${nonce}">`);
    // The spec's scan beacon after the load is the same scan.
    const beacon = await visitor
      .post(`/api/qr-landing/${code.id}`)
      .set('User-Agent', PHONE)
      .set('X-Forwarded-For', ADDRESS)
      .send({ source: 'scan' });
    expect(beacon.body.counted).toBe(false);
    const signup = await visitor
      .post(`/api/qr-landing/${code.id}`)
      .set('X-Forwarded-For', ADDRESS)
      .set('Origin', server().url)
      .send({
        email: 'reader@example.com',
        name: 'Reader',
        source: 'signup',
        token: /name="token" value="([^"]+)"/.exec(page.text)?.[1],
      });
    expect(signup.status).toBe(201);
    const stats = await eventually(async () => {
      const a = await analytics(owner, code.id);
      return a.scanCount === 1 && a.emailSignupCount === 1 && a;
    });
    expect(stats.conversionRate).toBe(100);
    const data = await request(server().url).get(`/api/qr-landing/${code.id}/data`);
    expect(data.body.landingPage).toEqual(
      expect.objectContaining({
        qrId: code.id,
        title: 'My <Newsletter>',
        buttonText: 'Join',
        buttonColor: '#6C63FF',
      }),
    );
    expect(JSON.stringify(data.body)).not.toMatch(/userId|qr-owner/);
  });

  it('a signup needs a valid email; 30 readers behind one address (a classroom) are all kept', async () => {
    const code = await createCode(owner, { title: 'Classroom', linkType: 'landing' });
    const post = (body: object, address = '198.51.100.9') => signUpAt(code.id, address, body);
    expect((await post({ source: 'signup', email: '' })).body.message).toBe(
      'Please enter your email address.',
    );
    expect((await post({ source: 'signup', email: 'nope' })).status).toBe(400);
    // Each reader loads the page on their own phone and signs up, all through the school's address.
    for (let i = 0; i < 30; i++)
      expect((await post({ source: 'signup', email: `pupil${i}@example.com` })).status).toBe(201);
    const stats = await eventually(async () => {
      const a = await analytics(owner, code.id);
      return a.emailSignupCount >= 30 && a;
    });
    expect(stats.emailSignupCount).toBe(30);
    expect(stats.refusedSignups).toEqual({ token: 0, honeypot: 0, ceiling: 0 });
  });

  it('scripts are refused (no page token, a reused token, the honeypot, past the ceiling) and the owner sees why', async () => {
    const code = await createCode(owner, { title: 'Spam', linkType: 'landing' });
    const post = (body: object, address = '198.51.100.60') =>
      request(server().url)
        .post(`/api/qr-landing/${code.id}`)
        .set('X-Forwarded-For', address)
        .send({ source: 'signup', ...body });
    // No token, a forged one, one of another code: refused with a fresh token to press again with.
    const other = await createCode(owner, { title: 'Other', linkType: 'landing' });
    for (const token of [undefined, 'abc.def.ghi', await signupToken(other.id)]) {
      const res = await post({ email: 'bot@example.com', ...(token ? { token } : {}) });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('This page has expired. Please press the button again to sign up.');
      expect((await post({ email: 'bot@example.com', token: res.body.token })).status).toBe(201);
    }
    // One page load signs up a few readers (a shared phone, a resubmitted page), not a list.
    const token = await signupToken(code.id);
    expect((await post({ email: 'a@example.com', token })).status).toBe(201);
    expect((await post({ email: 'b@example.com', token })).status).toBe(201);
    expect((await post({ email: 'c@example.com', token })).status).toBe(201);
    expect((await post({ email: 'd@example.com', token })).status).toBe(403);
    // The honeypot: answered like a success, so the bot learns nothing, but not kept.
    const trapped = await post({
      email: 'trap@example.com',
      website: 'http://spam',
      token: await signupToken(code.id),
    });
    expect(trapped.status).toBe(201);
    // Past the per-address ceiling: a clear 429 naming the network, other addresses unaffected.
    const flood = '198.51.100.61';
    for (let i = 0; i < SIGNUPS_PER_ADDRESS; i++)
      expect(
        (await post({ email: `f${i}@example.com`, token: await signupToken(code.id) }, flood)).status,
      ).toBe(201);
    const over = await post({ email: 'over@example.com', token: await signupToken(code.id) }, flood);
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(
      'Too many signups from this network right now. Please try again in a few minutes.',
    );
    const stats = await eventually(async () => {
      const a = await analytics(owner, code.id);
      return a.refusedSignups.ceiling === 1 && a.emailSignupCount >= SIGNUPS_PER_ADDRESS + 4 && a;
    });
    expect(stats.refusedSignups).toEqual({ token: 4, honeypot: 1, ceiling: 1 });
    expect(stats.emailSignupCount).toBe(SIGNUPS_PER_ADDRESS + 4);
    const emails = (await owner.get(`/api/qr-codes/${code.id}/emails`)).body.emails as Array<{
      email: string;
    }>;
    expect(emails.map((e) => e.email)).not.toContain('trap@example.com');
  });

  it('signups from many addresses at once stop at the code’s own ceiling; a class of 30 on their own phones is all kept', async () => {
    const [perTenMinutes] = SIGNUPS_PER_CODE;
    const flooded = await createCode(owner, { title: 'Flooded', linkType: 'landing' });
    const post = (id: string, email: string, token: string, address: string) =>
      request(server().url)
        .post(`/api/qr-landing/${id}`)
        .set('X-Forwarded-For', address)
        .send({ source: 'signup', email, token });
    // 30 addresses, each loading the page for tokens (3 signups a load) and sending them all at once.
    const attempts = await Promise.all(
      Array.from({ length: 30 }, async (_, a) => {
        const address = `198.51.101.${a + 1}`;
        const answers: request.Response[] = [];
        for (let load = 0; load < 2; load++) {
          const token = await signupToken(flooded.id);
          answers.push(
            ...(await Promise.all(
              [0, 1, 2].map((k) => post(flooded.id, `made-up-${a}-${load}-${k}@example.com`, token, address)),
            )),
          );
        }
        return answers;
      }),
    );
    const answers = attempts.flat();
    const kept = answers.filter((r) => r.status === 201).length;
    const refused = answers.filter((r) => r.status === 429);
    expect([kept, refused.length]).toEqual([perTenMinutes.limit, answers.length - perTenMinutes.limit]);
    for (const res of refused) {
      expect(res.body.message).toBe('Too many signups right now. Please try again in a few minutes.');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    const stats = await eventually(async () => {
      const a = await analytics(owner, flooded.id);
      return a.refusedSignups.ceiling === refused.length && a.emailSignupCount === kept && a;
    });
    expect(stats.emailSignupCount).toBe(perTenMinutes.limit);
    // Meanwhile a class signs up to the teacher's code, each reader from their own phone.
    const lesson = await createCode(owner, { title: 'Lesson', linkType: 'landing' });
    const pupils = await Promise.all(
      Array.from(
        { length: 30 },
        async (_, i) =>
          (
            await post(
              lesson.id,
              `reader${i}@example.com`,
              await signupToken(lesson.id),
              `203.0.114.${i + 1}`,
            )
          ).status,
      ),
    );
    expect(pupils).toEqual(Array(30).fill(201));
  });

  it('without JavaScript the form posts itself (form-encoded, its token instead of the Origin): a thank-you page or the redirect', async () => {
    const plain = await createCode(owner, {
      title: 'No JS',
      linkType: 'landing',
      landingPage: { thankYouMessage: 'See you soon' },
    });
    const redirecting = await createCode(owner, {
      title: 'No JS redirect',
      linkType: 'landing',
      landingPage: { redirectUrl: 'https://example.com/welcome' },
    });
    // What the page's form sends: its hidden fields and the reader's, with `Origin: null` (no-referrer).
    const submit = async (id: string, fields: Record<string, string>) =>
      request(server().url)
        .post('/qr-signup')
        .set('Origin', 'null')
        .set('X-Forwarded-For', '198.51.100.70')
        .type('form')
        .send({ qrId: id, token: await signupToken(id), website: '', name: '', ...fields })
        .redirects(0);
    const thanks = await submit(plain.id, { email: 'nojs@example.com', name: 'No Script' });
    expect(thanks.status).toBe(200);
    expect(thanks.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(thanks.text).toMatch(
      /<div id="qr-done" class="done" role="status">\s*<h2>Success!<\/h2>\s*<p>See you soon<\/p>/,
    );
    const away = await submit(redirecting.id, { email: 'nojs@example.com' });
    expect(away.status).toBe(303);
    expect(away.headers.location).toBe('https://example.com/welcome');
    // A mistake comes back as the page with the message and what was typed, never JSON.
    const bad = await submit(plain.id, { email: 'not-an-address', name: 'Kept <Name>' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Please enter a valid email address.');
    expect(bad.text).toContain('value="Kept &lt;Name&gt;"');
    expect(bad.text).toContain('value="not-an-address"');
    // Without the page's token it is refused, with a fresh token on the page to press again with.
    const forged = await request(server().url)
      .post('/qr-signup')
      .set('Origin', 'https://evil.example')
      .type('form')
      .send({ qrId: plain.id, email: 'forged@example.com' });
    expect(forged.status).toBe(403);
    expect(forged.text).toContain('This page has expired. Please press the button again to sign up.');
    expect(forged.text).toMatch(/name="token" value="[^"]+"/);
    // Only this path takes a form; JSON there is refused, as forms are on every other path.
    expect((await request(server().url).post('/qr-signup').send({ qrId: plain.id })).status).toBe(415);
    const stats = await eventually(async () => {
      const a = await analytics(owner, plain.id);
      return a.emailSignupCount === 1 && a.refusedSignups.token === 1 && a;
    });
    expect(stats.emailSignupCount).toBe(1);
    const emails = (await owner.get(`/api/qr-codes/${plain.id}/emails`)).body.emails as Array<{
      email: string;
      name: string;
    }>;
    expect(emails).toEqual([expect.objectContaining({ email: 'nojs@example.com', name: 'No Script' })]);
  });

  it('one reader is one signup: the same address again (any case, spaces around) counts and exports once', async () => {
    const code = await createCode(owner, { title: 'Dedupe', linkType: 'landing' });
    const post = (email: string, address: string) => signUpAt(code.id, address, { email, name: 'Reader' });
    // Twice in a row, once concurrently with itself, in other cases and with spaces around it.
    expect((await post('twice@example.org', '198.51.100.21')).status).toBe(201);
    expect((await post('twice@example.org', '198.51.100.22')).status).toBe(201);
    const concurrent = await Promise.all(
      ['  Twice@Example.ORG ', 'TWICE@example.org', 'other@example.org'].map((email, i) =>
        post(email, `198.51.100.${30 + i}`),
      ),
    );
    expect(concurrent.map((r) => r.status)).toEqual([201, 201, 201]);
    const stats = await eventually(async () => {
      const a = await analytics(owner, code.id);
      return a.emailSignupCount >= 2 && a;
    });
    expect(stats.emailSignupCount).toBe(2);
    const emails = (await owner.get(`/api/qr-codes/${code.id}/emails`)).body.emails as Array<{
      email: string;
    }>;
    expect(emails.map((e) => e.email).sort()).toEqual(['other@example.org', 'twice@example.org']);
    const events = await server().platform.eventStore.readStream(qrActivityStream(code.id));
    expect(events.filter((e) => e.type === 'QrSignupRecorded')).toHaveLength(2);
    // Signups without scans: the day's conversion is not measured, so its CSV cell is empty.
    const daily = await owner.get(`/api/qr-codes/${code.id}/export-analytics`).buffer(true);
    expect(String(daily.text ?? daily.body).split('\r\n')[1]).toMatch(/^\d{4}-\d\d-\d\d,0,0,2,$/);
  });

  it('an unknown landing address is a not-found page with the load-failure message and no form', async () => {
    const res = await request(server().url).get('/qr-landing/AAAAAAAAAAAA');
    expect(res.status).toBe(404);
    expect(res.text).toContain('Unable to load this page. The QR code may be invalid.');
    expect(res.text).not.toMatch(/<form|<input/);
  });

  it('the landing button text is black or white, whichever is readable on the button colour', async () => {
    const page = async (buttonColor: string, backgroundColor: string, textColor: string) => {
      const code = await createCode(owner, {
        title: 'Colours',
        linkType: 'landing',
        landingPage: { buttonColor, backgroundColor, textColor },
      });
      return (await request(server().url).get(`/qr-landing/${code.id}`)).text;
    };
    expect(await page('#FFE600', '#1A1A1A', '#FFFFFF')).toContain('background:#FFE600;color:#000000');
    expect(await page('#1A237E', '#FFFFFF', '#1A1A1A')).toContain('background:#1A237E;color:#FFFFFF');
  });

  it('a signup address needs a dotted domain', async () => {
    const code = await createCode(owner, { title: 'Dotless', linkType: 'landing' });
    const res = await signUpAt(code.id, '198.51.100.40', { email: 'a@b' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter a valid email address.');
  });

  it('the public signup is same-origin JSON: another site cannot post it', async () => {
    const code = await createCode(owner, { title: 'CSRF', linkType: 'landing' });
    const foreign = await request(server().url)
      .post(`/api/qr-landing/${code.id}`)
      .set('Origin', 'https://evil.example')
      .send({ source: 'signup', email: 'victim@example.com', token: await signupToken(code.id) });
    expect(foreign.status).toBe(403);
    const form = await request(server().url)
      .post(`/api/qr-landing/${code.id}`)
      .type('form')
      .send('source=signup&email=victim@example.com');
    expect(form.status).toBe(415);
  });

  it('bots and link previewers are served but not counted', async () => {
    const code = await createCode(owner, { title: 'Bots', linkType: 'direct', url: 'https://example.com/' });
    for (const agent of [
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'Googlebot/2.1',
      'curl/8.0',
    ])
      expect(
        (await request(server().url).get(`/r/${code.id}`).set('User-Agent', agent).redirects(0)).status,
      ).toBe(302);
    await request(server().url).get(`/r/${code.id}`).set('User-Agent', PHONE).redirects(0).expect(302);
    await server().settle();
    expect((await analytics(owner, code.id)).scanCount).toBe(1);
  });

  it('tracking off records no scans; the code keeps redirecting', async () => {
    const code = await createCode(owner, {
      title: 'Quiet',
      linkType: 'direct',
      url: 'https://example.com/',
      trackingEnabled: false,
    });
    expect(
      (await request(server().url).get(`/r/${code.id}`).set('User-Agent', PHONE).redirects(0)).status,
    ).toBe(302);
    await owner.put(`/api/qr-codes/${code.id}`).send({ trackingEnabled: true }).expect(200);
    await request(server().url).get(`/r/${code.id}`).set('User-Agent', PHONE).redirects(0).expect(302);
    await server().settle();
    expect((await analytics(owner, code.id)).scanCount).toBe(1);
  });

  it('the CSV export neutralises formulas and has the header, BOM and CRLF', async () => {
    const code = await createCode(owner, { title: 'CSV', linkType: 'landing' });
    // Leading tabs and CRs are trimmed away by the request schema; toCsv's own test covers them.
    const vectors = ['=HYPERLINK("http://evil")', '+1+1', '-2+3', '@SUM(A1)'];
    for (const [i, name] of vectors.entries())
      expect((await signUpAt(code.id, `192.0.2.${i + 1}`, { email: `v${i}@example.com`, name })).status).toBe(
        201,
      );
    const csv = await eventually(async () => {
      const res = await owner.get(`/api/qr-codes/${code.id}/export-emails`).buffer(true).parse(bytesBody);
      return (res.body as Buffer).toString('utf8').split('\r\n').length >= 6 && res;
    });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="qr-${code.id}-emails.csv"`);
    const text = (csv.body as Buffer).toString('utf8');
    expect(text.startsWith('\uFEFFEmail,Name,Date\r\n')).toBe(true);
    for (const vector of vectors) {
      const cell = text.split('\r\n').find((line) => line.includes(vector.slice(1, 4)));
      expect(cell).toMatch(/,"?'[=+\-@\t\r]/);
    }
  });

  it('the visitor address is never stored (the data folder does not hold it)', async () => {
    const code = await createCode(owner, { title: 'Private', linkType: 'landing' });
    const address = '203.0.113.219';
    await request(server().url)
      .get(`/qr-landing/${code.id}`)
      .set('User-Agent', PHONE)
      .set('X-Forwarded-For', address);
    expect((await signUpAt(code.id, address, { email: 'private@example.com' })).status).toBe(201);
    await eventually(async () => (await analytics(owner, code.id)).emailSignupCount === 1);
    const dataDir = server().platform.config.dataDir;
    expect(dataFolderContains(dataDir, 'private@example.com').length).toBeGreaterThan(0);
    expect(dataFolderContains(dataDir, address)).toEqual([]);
  });
});
