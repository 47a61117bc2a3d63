import { readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { member } from '../testing/givens';
import { withDimensions } from '../testing/helpers';
import { PIP_STORY } from '../testing/pip';
import { useEmbeddedServer } from '../testing/test-runtime';

const INVALID = 'Invalid File Type: Please select an image file (JPG, PNG or WebP)';

/** Every route that takes a picture, with how it sends one and what it costs. */
const ROUTES = {
  editor: {
    path: '/api/edit-image',
    cost: 6,
    tooLarge: 'File Too Large: Please select an image smaller than 10MB',
  },
  kids: {
    path: '/api/generate-kids-book',
    cost: 100,
    tooLarge: 'File Too Large: Please select an image smaller than 10MB',
  },
  qr: {
    path: '/api/qr-uploads',
    cost: 0,
    tooLarge: 'File Too Large: Please select an image smaller than 5MB',
  },
} as const;
type Route = keyof typeof ROUTES;

/** A 275-byte filter SVG: a blur of turbulence over a large canvas (minutes of CPU in a renderer). */
const FILTER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="1500"><filter id="f"><feTurbulence baseFrequency="0.9" numOctaves="10"/><feGaussianBlur stdDeviation="200"/></filter><rect width="100%" height="100%" filter="url(#f)"/></svg>`;
const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

/** Uploads over HTTP: one pipeline for the editor, the kids-book character and the QR logo and hero. */
describe('uploads', () => {
  const server = useEmbeddedServer();
  const solid = (width = 40, height = 30) =>
    sharp({ create: { width, height, channels: 3, background: '#3366cc' } });

  const signUp = (credits: number) => member(server(), `up-${Math.random()}@example.com`, { credits });
  const credits = async (agent: request.Agent) => (await agent.get('/api/user')).body.credits as number;

  /** Sends `bytes` as the route's picture, the way its screen does. */
  const upload = (agent: request.Agent | request.SuperTest<request.Test>, route: Route, bytes: Buffer) => {
    const dataUrl = `data:image/png;base64,${bytes.toString('base64')}`;
    if (route === 'editor')
      return agent.post(ROUTES.editor.path).send({ prompt: 'make it blue', originalImageUrl: dataUrl });
    if (route === 'qr') return agent.post(ROUTES.qr.path).send({ kind: 'hero', dataUrl });
    // The pipeline is under test here, not the likeness advice for small photos.
    return agent
      .post(ROUTES.kids.path)
      .field('storyDescription', PIP_STORY.storyDescription)
      .field('characterName', PIP_STORY.characterName)
      .field('characterGender', PIP_STORY.characterGender)
      .field('acceptSmallPhoto', 'yes')
      .attach('characterImage', bytes, { filename: 'pip.png', contentType: 'image/png' });
  };

  const blobFiles = () => {
    const root = path.join(server().platform.config.dataDir, 'blobs');
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
      );
    try {
      return walk(root).filter((file) => !file.endsWith('.json'));
    } catch {
      return [];
    }
  };
  /** Files in the system's temporary folder, written since `since`, that hold `marker`. */
  const tempFilesHolding = (marker: Buffer, since: number) =>
    readdirSync(tmpdir())
      .map((name) => path.join(tmpdir(), name))
      .filter((file) => {
        try {
          const stat = statSync(file);
          return (
            stat.isFile() && stat.mtimeMs >= since && stat.size < 30e6 && readFileSync(file).includes(marker)
          );
        } catch {
          return false;
        }
      });

  /** A raw request whose headers and first bytes go out at once; the rest only when asked. */
  const rawPost = (route: Route, headers: Record<string, string>) => {
    const req = http.request(`${server().url}${ROUTES[route].path}`, { method: 'POST', headers });
    req.on('error', () => {}); // the server may close the connection while the client still sends
    const answer = new Promise<{ status: number; body: Record<string, unknown> }>((resolve) => {
      let answered = false;
      // Cut off before any answer arrived: no status at all (the assertions then fail, not hang).
      req.on('close', () => {
        if (!answered) resolve({ status: 0, body: {} });
      });
      req.on('response', async (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        for await (const chunk of res) chunks.push(chunk as Buffer);
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString() || '{}') });
      });
    });
    return { req, answer };
  };
  const multipartHead = (boundary: string) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="characterImage"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );

  describe('who may send one is decided before the body is read', () => {
    it.each([
      ['anonymous', 0, 401, 'UNAUTHENTICATED'],
      ['without the credits', 40, 402, 'INSUFFICIENT_CREDITS'],
    ] as const)(
      'a kids-book picture from a caller %s is refused while its body is still on the way',
      async (_who, balance, status, error) => {
        const cookie = balance === 0 ? '' : (await signUp(balance)).cookie;
        const boundary = 'b0undary';
        // The client announces 9 MB, sends the first 64 KB and waits: only an answer that does
        // not need the rest can arrive.
        const { req, answer } = rawPost('kids', {
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': String(9 * 1024 * 1024),
          ...(cookie ? { Cookie: cookie } : {}),
        });
        req.write(Buffer.concat([multipartHead(boundary), Buffer.alloc(64 * 1024, 7)]));
        const res = await answer;
        req.destroy();
        expect([res.status, res.body.error]).toEqual([status, error]);
      },
      10_000,
    );

    it('an anonymous logo upload is refused while its body is still on the way', async () => {
      const { req, answer } = rawPost('qr', {
        'Content-Type': 'application/json',
        'Content-Length': String(6 * 1024 * 1024),
      });
      req.write(`{"kind":"logo","dataUrl":"data:image/png;base64,${'A'.repeat(64 * 1024)}`);
      const res = await answer;
      req.destroy();
      expect([res.status, res.body.error]).toEqual([401, 'UNAUTHENTICATED']);
    }, 10_000);
  });

  describe('the size limit holds while the body streams', () => {
    /**
     * Streams a body with no Content-Length, far larger than the limit, and goes on sending after
     * the answer until the server hangs up; `finished` says whether all of it could be sent.
     */
    const streamTooMuch = async (route: Route, cookie: string, head: Buffer, contentType: string) => {
      const total = 64 * 1024 * 1024;
      const { req, answer } = rawPost(route, { 'Content-Type': contentType, Cookie: cookie });
      let closed = false;
      const hungUp = new Promise<void>((resolve) =>
        req.on('close', () => {
          closed = true;
          resolve();
        }),
      );
      let sent = 0;
      const send = (chunk: Buffer) =>
        new Promise<void>((resolve) => {
          if (closed || req.destroyed) return resolve();
          sent += chunk.length;
          if (req.write(chunk)) return resolve();
          const done = () => {
            req.off('drain', done);
            req.off('close', done);
            resolve();
          };
          req.on('drain', done);
          req.on('close', done);
        });
      await send(head);
      const filler = Buffer.alloc(256 * 1024, 0x41);
      while (sent < total && !closed && !req.destroyed) await send(filler);
      const finished = !closed && !req.destroyed;
      if (!closed) req.end();
      const res = await answer;
      await hungUp;
      return { ...res, finished };
    };

    it.each(['editor', 'kids', 'qr'] as const)(
      '%s: a body over the limit is a 413 with the route text, and the rest is never read',
      async (route) => {
        const { agent, cookie } = await signUp(200);
        const boundary = 'b0undary';
        const res =
          route === 'kids'
            ? await streamTooMuch(
                route,
                cookie,
                multipartHead(boundary),
                `multipart/form-data; boundary=${boundary}`,
              )
            : await streamTooMuch(
                route,
                cookie,
                Buffer.from(`{"kind":"hero","prompt":"x","originalImageUrl":"data:image/png;base64,`),
                'application/json',
              );
        expect([res.status, res.body.message]).toEqual([413, ROUTES[route].tooLarge]);
        expect(res.finished).toBe(false);
        expect(await credits(agent)).toBe(200);
      },
      60_000,
    );
  });

  describe('formats are decided by the bytes: PNG, JPEG and WebP only', () => {
    const refusedFormats: Array<[string, () => Promise<Buffer>]> = [
      ['SVG', async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>')],
      ['TIFF', () => solid().tiff().toBuffer()],
      ['AVIF', () => solid().avif().toBuffer()],
      ['GIF', () => solid().gif().toBuffer()],
      ['PDF', async () => Buffer.from(PDF)],
      [
        'a PNG that goes on as an HTML page',
        async () =>
          Buffer.concat([await solid().png().toBuffer(), Buffer.from('<html><script>alert(1)</script>')]),
      ],
      [
        'a JPEG with a ZIP archive after it',
        async () => Buffer.concat([await solid().jpeg().toBuffer(), Buffer.from('PK\u0003\u0004zip')]),
      ],
      ['the filter SVG that kept a renderer busy for minutes', async () => Buffer.from(FILTER_SVG)],
    ];
    const cases = (['editor', 'kids', 'qr'] as const).flatMap((route) =>
      refusedFormats.map(([name, make]) => [route, name, make] as const),
    );

    it.each(cases)(
      '%s: %s is a 415 naming the accepted formats, nothing spent or stored',
      async (route, _name, make) => {
        const { agent } = await signUp(200);
        const before = blobFiles().length;
        const res = await upload(agent, route, await make());
        expect([res.status, res.body.message, res.body.error]).toEqual([
          415,
          INVALID,
          'UNSUPPORTED_MEDIA_TYPE',
        ]);
        expect(await credits(agent)).toBe(200);
        expect(blobFiles().length).toBe(before);
      },
    );

    it.each(['editor', 'kids', 'qr'] as const)(
      '%s: a pixel bomb (a tiny PNG claiming 50 000 × 50 000) is refused from its header',
      async (route) => {
        const { agent } = await signUp(200);
        const bomb = withDimensions(await solid(1, 1).png().toBuffer(), 50_000, 50_000);
        const res = await upload(agent, route, bomb);
        expect([res.status, res.body.message]).toEqual([400, ROUTES[route].tooLarge]);
      },
    );
  });

  describe('nothing is stored for a refused request', () => {
    it.each(['editor', 'kids'] as const)(
      '%s: a request without the credits leaves no blob',
      async (route) => {
        const { agent } = await signUp(ROUTES[route].cost - 1);
        const before = blobFiles();
        const res = await upload(agent, route, await solid().jpeg().toBuffer());
        expect(res.status).toBe(402);
        expect(blobFiles()).toEqual(before);
      },
    );

    it('concurrent edits with credits for one: one accepted, one original kept, the refused ones deleted', async () => {
      const { agent } = await signUp(6);
      const photo = await solid(400, 300).jpeg().toBuffer();
      const before = blobFiles().length;
      const results = await Promise.all([1, 2, 3, 4].map(() => upload(agent, 'editor', photo)));
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 202)).toHaveLength(1);
      expect(statuses.every((s) => s === 202 || s === 402 || s === 429)).toBe(true);
      expect(blobFiles().filter((file) => file.includes('-original.')).length - before).toBe(1);
      expect(await credits(agent)).toBe(0);
    });
  });

  describe('what is kept', () => {
    it("the GPS of a child's photo is nowhere on disk, and no upload leaves a temporary file", async () => {
      const since = Date.now() - 1000;
      const marker = `SecretCam-${Math.random().toString(36).slice(2)}`;
      const photo = await solid(120, 90)
        .withExif({ IFD0: { Make: marker }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
        .jpeg()
        .toBuffer();
      expect(photo.includes(marker)).toBe(true);
      const funded = await signUp(300);
      const broke = await signUp(0);
      const accepted = await upload(funded.agent, 'kids', photo);
      expect(accepted.status).toBe(202);
      expect((await upload(broke.agent, 'kids', photo)).status).toBe(402);
      expect((await upload(request(server().url), 'kids', photo)).status).toBe(401);
      const hero = await upload(funded.agent, 'qr', photo);
      expect(hero.status).toBe(201);
      const editor = await upload(funded.agent, 'editor', photo);
      expect(editor.status).toBe(202);

      const stored = blobFiles().filter((file) => readFileSync(file).includes(marker));
      expect(stored).toEqual([]);
      expect(tempFilesHolding(Buffer.from(marker), since)).toEqual([]);
      // The kept picture is a JPEG about the size it came, not a PNG many times larger.
      const character = blobFiles().find((file) => file.includes(accepted.body.generationId));
      expect(character).toMatch(/-character\.jpeg$/);
      const meta = await sharp(readFileSync(character as string)).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 120, height: 90 });
      expect(meta.exif).toBeUndefined();
    });
  });
});

/** Rewrites a PNG's IHDR width and height (and its CRC): a tiny file claiming a huge bitmap. */
