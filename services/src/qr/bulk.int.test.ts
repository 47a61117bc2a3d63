import { qrStream } from '@studio/events';
import { strFromU8, unzipSync } from 'fflate';
import request from 'supertest';
import { decodeQr } from '../testing/debian-tools';
import { useEmbeddedServer } from '../testing/test-runtime';
import { QR_BULK_PATH, QR_CREATIONS } from './routes';

const server = useEmbeddedServer();

let accounts = 0;
async function account() {
  accounts += 1;
  const agent = request.agent(server().url);
  const email = `qr-bulk-${accounts}@example.com`;
  await agent.post('/api/register').send({ name: `bulk${accounts}`, email, password: 'secret12' });
  return agent;
}

const upload = (agent: request.Agent, csv: string) => agent.post(QR_BULK_PATH).send({ csv });
const codesOf = async (agent: request.Agent) =>
  (await agent.get('/api/qr-codes').expect(200)).body.qrCodes as Array<{ id: string; title: string }>;

const rowsOf = (n: number, prefix: string) =>
  [
    'title,target',
    ...Array.from({ length: n }, (_, i) => `${prefix} ${i},https://example.com/${prefix}/${i}`),
  ].join('\r\n');

describe('QR codes from a CSV', () => {
  it('makes a direct code per row, and the ZIP holds a PNG and an SVG of each, decoding to its redirect', async () => {
    const owner = await account();
    const csv =
      '\uFEFFtitle,target\r\n"Book one, paperback",https://example.com/one?ref=a\r\nBook one  paperback,https://example.com/two\r\n"Café ""noir""",https://example.com/three\r\n\r\n';
    const res = await upload(owner, csv);
    expect(res.status).toBe(201);
    const made = res.body.qrCodes as Array<{ id: string; title: string; url: string; encodedUrl: string }>;
    expect(made.map((c) => [c.title, c.url])).toEqual([
      ['Book one, paperback', 'https://example.com/one?ref=a'],
      ['Book one  paperback', 'https://example.com/two'],
      ['Café "noir"', 'https://example.com/three'],
    ]);
    expect((await codesOf(owner)).map((c) => c.title).sort()).toEqual(made.map((c) => c.title).sort());

    const zip = await owner.get(res.body.zipUrl).buffer(true).parse(binary).expect(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(zip.body as Buffer));
    // Names from the titles, made safe, and unique where two titles come out the same.
    expect(Object.keys(files).sort()).toEqual([
      'Book-one-paperback-2.png',
      'Book-one-paperback-2.svg',
      'Book-one-paperback.png',
      'Book-one-paperback.svg',
      'Cafe-noir.png',
      'Cafe-noir.svg',
    ]);
    const names = ['Book-one-paperback', 'Book-one-paperback-2', 'Cafe-noir'];
    for (const [i, code] of made.entries()) {
      const name = names[i] as string;
      const png = files[`${name}.png`] as Uint8Array;
      expect(decodeQr(png)).toBe(code.encodedUrl);
      expect(strFromU8(files[`${name}.svg`] as Uint8Array)).toContain('<svg');
      // The redirect it encodes sends scanners to the row's target.
      const scan = await request(server().url).get(new URL(code.encodedUrl).pathname).redirects(0);
      expect([scan.status, scan.headers.location]).toEqual([302, code.url]);
    }
  });

  it('refuses the whole file when any row is bad, naming each row and column, and creates nothing', async () => {
    const owner = await account();
    const csv = [
      'title,target',
      'Fine,https://example.com/fine',
      ',https://example.com/untitled',
      'Bad address,ftp://example.com/x',
      'Tab\there,https://example.com/tab',
      'Nul,https://example.com/\u0000x',
      `Loop,${server().url}/r/AbCdEfGhIjKl`,
    ].join('\n');
    const res = await upload(owner, csv);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Row 3, title: Please enter a title\. Nothing was created\.$/);
    expect(res.body.problems).toEqual([
      { row: 3, field: 'title', message: 'Please enter a title' },
      { row: 4, field: 'target', message: 'Please enter a valid http(s) URL' },
      { row: 5, field: 'title', message: 'title must not contain control characters' },
      { row: 6, field: 'target', message: expect.stringMatching(/control characters|valid http/) },
      { row: 7, field: 'target', message: "A QR code cannot point at one of this site's QR code addresses" },
    ]);
    expect(await codesOf(owner)).toEqual([]);
  });

  it('refuses a file it cannot read, without a header, empty, or over 200 rows', async () => {
    const owner = await account();
    const unclosed = await upload(owner, 'title,target\n"Open,https://example.com/');
    expect([unclosed.status, unclosed.body.message]).toEqual([
      400,
      'Row 2, file: Row 2: a quoted value is never closed. Nothing was created.',
    ]);
    expect((await upload(owner, 'name,url\nA,https://example.com/')).body.message).toMatch(
      /must name the columns: title,target/,
    );
    expect((await upload(owner, 'title,target\r\n')).body.message).toMatch(/no rows below its header/);
    const tooMany = await upload(owner, rowsOf(201, 'many'));
    expect([tooMany.status, tooMany.body.message]).toEqual([
      400,
      'The CSV has 201 rows; at most 200 codes are made from one file. Nothing was created.',
    ]);
    expect((await upload(owner, 42 as unknown as string)).status).toBe(400);
    expect(await codesOf(owner)).toEqual([]);
  });

  it('answers a huge body with a 413', async () => {
    const owner = await account();
    const res = await upload(owner, `title,target\n${'x'.repeat(2 * 1024 * 1024)}`);
    expect(res.status).toBe(413);
    expect(await codesOf(owner)).toEqual([]);
  });

  it('counts every row against the day: two files sent at once cannot pass the ceiling together', async () => {
    const owner = await account();
    const perDay = QR_CREATIONS.windows.find((w) => w.windowMs === 24 * 60 * 60 * 1000)?.limit ?? 0;
    expect(perDay).toBe(200);
    // One code by hand first: 199 left today.
    await owner
      .post('/api/qr-codes')
      .send({ title: 'By hand', linkType: 'direct', url: 'https://example.com/' })
      .expect(201);
    const [a, b] = await Promise.all([upload(owner, rowsOf(120, 'a')), upload(owner, rowsOf(120, 'b'))]);
    expect([a.status, b.status].sort()).toEqual([201, 429]);
    const refused = a.status === 429 ? a : b;
    expect(refused.body.message).toBe(
      'This CSV has 120 codes, but your account can make only 79 more today (200 in a day). Nothing was created.',
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await codesOf(owner)).toHaveLength(121);
    // Whatever is left still fits; one more is refused whole.
    expect((await upload(owner, rowsOf(79, 'c'))).status).toBe(201);
    expect((await upload(owner, rowsOf(1, 'd'))).status).toBe(429);
    expect(await codesOf(owner)).toHaveLength(200);
  });

  it("a ZIP of someone else's code, or of a code that is gone, is a 404", async () => {
    const owner = await account();
    const stranger = await account();
    const res = await upload(owner, rowsOf(2, 'mine'));
    const ids = (res.body.qrCodes as Array<{ id: string }>).map((c) => c.id);
    await stranger.get(res.body.zipUrl).expect(404);
    const theirs = (await upload(stranger, rowsOf(1, 'theirs'))).body.qrCodes[0].id as string;
    await owner.get(`/api/qr-codes/bulk.zip?ids=${ids[0]},${theirs}`).expect(404);
    await request(server().url).get(res.body.zipUrl).expect(401);
    await owner.delete(`/api/qr-codes/${ids[1]}`).expect(200);
    await owner.get(res.body.zipUrl).expect(404);
    await owner.get(`/api/qr-codes/bulk.zip?ids=${ids[0]}`).expect(200);
    // The code's stream holds its creation only: the ZIP changed nothing.
    const events = await server().platform.eventStore.readStream(qrStream(ids[0] as string));
    expect(events.map((e) => e.type)).toEqual(['QrCodeCreated']);
  });
});

/** supertest's parser for a binary body. */
function binary(res: request.Response, done: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}
