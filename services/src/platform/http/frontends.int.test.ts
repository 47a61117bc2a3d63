import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Koa from 'koa';
import request from 'supertest';
import { frontends, remoteOrigins } from './frontends';

let root: string;

function write(path: string, content: string): void {
  const full = join(root, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, content);
}

/** An app like the real one: the API first, then the front ends. */
function app(remoteUrls?: Record<string, string>) {
  const koa = new Koa();
  // As in createHttpApp: a request the test client abandons is not an error worth printing.
  koa.silent = true;
  koa.use(async (ctx, next) => {
    if (ctx.path === '/api/user') {
      ctx.status = 401;
      ctx.body = { message: 'Not authenticated', error: 'UNAUTHENTICATED' };
      return;
    }
    await next();
  });
  koa.use(frontends({ repoRoot: root, ...(remoteUrls ? { remoteUrls } : {}) }));
  return koa.callback();
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'frontends-'));
  write('shell/dist/index.html', '<!doctype html><div id="root"></div>');
  write('shell/dist/main.1a2b3c4d.js', 'console.log("shell")');
  write('mfe-gallery/dist/remoteEntry.js', 'var gallery;');
  write('mfe-gallery/dist/mf-manifest.json', '{"metaData":{"name":"gallery"}}');
  write('mfe-gallery/dist/245.a5b09b19.js', 'chunk');
  write('mfe-gallery/dist/routes.json', '{"remote":"gallery","routes":[]}');
  write('shell/dist/routes-fallback.json', '{"gallery":{"remote":"gallery","routes":[]}}');
  write('secret.txt', 'outside every dist');
  // A chunk with the variants the build writes beside it (kit/build/precompress-plugin.mjs).
  const chunk = `export const text = "${'compress me '.repeat(200)}";`;
  write('mfe-account/dist/77.0badc0de.js', chunk);
  writeFileSync(join(root, 'mfe-account/dist/77.0badc0de.js.br'), brotliCompressSync(chunk));
  writeFileSync(join(root, 'mfe-account/dist/77.0badc0de.js.gz'), gzipSync(chunk));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('frontends middleware', () => {
  it('lists every remote at its default path in /remotes.json, never cached', async () => {
    const res = await request(app()).get('/remotes.json');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      account: '/remotes/account/mf-manifest.json',
      studio: '/remotes/studio/mf-manifest.json',
      gallery: '/remotes/gallery/mf-manifest.json',
      qr: '/remotes/qr/mf-manifest.json',
    });
  });

  it('lets configuration move a remote to another origin', async () => {
    const res = await request(app({ qr: 'https://qr.example.com/mf-manifest.json' })).get('/remotes.json');
    expect(res.body.qr).toBe('https://qr.example.com/mf-manifest.json');
    expect(res.body.account).toBe('/remotes/account/mf-manifest.json');
  });

  it('names the origins of remotes moved elsewhere (for the CSP), not same-origin paths', () => {
    expect(
      remoteOrigins({
        qr: 'https://qr.example.com/x/mf-manifest.json',
        studio: 'https://qr.example.com/y/mf-manifest.json',
        gallery: '/remotes/gallery/mf-manifest.json',
      }),
    ).toEqual(['https://qr.example.com']);
  });

  it('serves a remote with CORS; manifest and entry revalidate, hashed chunks are immutable', async () => {
    const manifest = await request(app()).get('/remotes/gallery/mf-manifest.json');
    expect(manifest.status).toBe(200);
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['content-type']).toContain('application/json');

    const entry = await request(app()).get('/remotes/gallery/remoteEntry.js');
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(entry.headers['content-type']).toContain('text/javascript');
    expect(entry.text).toBe('var gallery;');

    const chunk = await request(app()).get('/remotes/gallery/245.a5b09b19.js');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers['access-control-allow-origin']).toBe('*');
  });

  it("revalidates the route lists: a remote's routes.json and the shell's fallback snapshot", async () => {
    const routes = await request(app()).get('/remotes/gallery/routes.json');
    expect(routes.status).toBe(200);
    expect(routes.headers['cache-control']).toBe('no-cache');
    expect(routes.headers['access-control-allow-origin']).toBe('*');
    expect(routes.body).toEqual({ remote: 'gallery', routes: [] });

    const fallback = await request(app()).get('/routes-fallback.json');
    expect(fallback.status).toBe(200);
    expect(fallback.headers['cache-control']).toBe('no-cache');
  });

  it("serves a retried remote's files at its fresh address too (the shell's Retry)", async () => {
    const res = await request(app()).get('/remotes/gallery/~retry-2/remoteEntry.js');
    expect(res.status).toBe(200);
    expect(res.text).toBe('var gallery;');
    expect((await request(app()).get('/remotes/gallery/~retry-x/remoteEntry.js')).status).toBe(404);
  });

  it('answers a CORS preflight for remote files', async () => {
    const res = await request(app()).options('/remotes/gallery/remoteEntry.js');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('404s a missing remote file or an unknown remote instead of falling back to the page', async () => {
    expect((await request(app()).get('/remotes/gallery/nope.js')).status).toBe(404);
    expect((await request(app()).get('/remotes/account/mf-manifest.json')).status).toBe(404);
    expect((await request(app()).get('/remotes/unknown/remoteEntry.js')).status).toBe(404);
  });

  it('serves the shell at / and its hashed assets as immutable', async () => {
    const page = await request(app()).get('/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');

    const js = await request(app()).get('/main.1a2b3c4d.js');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('falls back to index.html for client routes, never cached', async () => {
    for (const path of ['/dashboard', '/qr-codes/abc123', '/no/such/page']) {
      const res = await request(app()).get(path);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it("writes the response's CSP nonce into index.html for the Emotion cache, never revalidated", async () => {
    const nonces = ['bm9uY2Ugb25l', 'bm9uY2UgdHdv'];
    const koa = new Koa();
    koa.use(async (ctx, next) => {
      ctx.state.cspNonce = nonces.shift();
      await next();
    });
    koa.use(frontends({ repoRoot: root }));
    const first = await request(koa.callback()).get('/dashboard');
    expect(first.text).toMatch(
      /^<!doctype html><meta name="csp-nonce" content="bm9uY2Ugb25l">(<link [^>]+>)*<div id="root"><\/div>$/,
    );
    expect(first.headers.etag).toBeUndefined();
    const second = await request(koa.callback()).get('/index.html');
    expect(second.text).toContain('<meta name="csp-nonce" content="bm9uY2UgdHdv">');
    expect(Number(second.headers['content-length'])).toBe(Buffer.byteLength(second.text));
  });

  it('preloads what the shell asks first, with the mode and credentials of its own requests', async () => {
    const page = (await request(app({ qr: 'https://qr.example.test/mf-manifest.json' })).get('/dashboard'))
      .text;
    const links = page.match(/<link [^>]+>/g);
    expect(links).toEqual(
      expect.arrayContaining([
        '<link rel="preload" href="/api/session" as="fetch" crossorigin="use-credentials">',
        '<link rel="preload" href="/remotes.json" as="fetch" crossorigin="anonymous">',
        '<link rel="preload" href="/remotes/gallery/routes.json" as="fetch" crossorigin="anonymous">',
        // A remote moved elsewhere: its route list beside its manifest there.
        '<link rel="preload" href="https://qr.example.test/routes.json" as="fetch" crossorigin="anonymous">',
      ]),
    );
  });

  it('404s a missing asset rather than answering HTML for it', async () => {
    const res = await request(app()).get('/main.deadbeef.js');
    expect(res.status).toBe(404);
  });

  it('passes /api requests through untouched', async () => {
    const res = await request(app()).get('/api/user');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('UNAUTHENTICATED');
    const missing = await request(app()).get('/api/nope');
    expect(missing.status).toBe(404);
    expect(missing.text).not.toContain('<div id="root">');
  });

  it('does not handle other methods', async () => {
    expect((await request(app()).post('/dashboard')).status).toBe(404);
  });

  it('never serves a file outside the dist folders', async () => {
    for (const path of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/remotes/gallery/%2e%2e/%2e%2e/secret.txt',
    ]) {
      const res = await request(app()).get(path);
      expect(res.text).not.toContain('outside every dist');
    }
  });

  it('answers 304 to a revalidation with a matching ETag', async () => {
    const first = await request(app()).get('/remotes/gallery/mf-manifest.json');
    const again = await request(app())
      .get('/remotes/gallery/mf-manifest.json')
      .set('If-None-Match', first.headers.etag as string);
    expect(again.status).toBe(304);
  });

  it('answers HEAD without a body', async () => {
    const res = await request(app()).head('/remotes/gallery/remoteEntry.js');
    expect(res.status).toBe(200);
    expect(res.text ?? '').toBe('');
  });

  describe('precompressed static files', () => {
    const chunkPath = '/remotes/account/77.0badc0de.js';
    const raw = (res: request.Response) => (res.body as Buffer).toString();
    const binary = (req: request.Test) =>
      req.buffer(true).parse((res, done) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => done(null, Buffer.concat(parts)));
      });

    it('sends the brotli variant to a browser that accepts it, with Vary', async () => {
      const res = await binary(request(app()).get(chunkPath).set('Accept-Encoding', 'gzip, deflate, br'));
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.headers['content-type']).toMatch(/^text\/javascript/);
      expect(Number(res.headers['content-length'])).toBeLessThan(600);
    });

    it('sends gzip when brotli is not accepted, and the file itself when neither is', async () => {
      const gz = await binary(request(app()).get(chunkPath).set('Accept-Encoding', 'gzip'));
      expect(gz.headers['content-encoding']).toBe('gzip');
      const plain = await binary(request(app()).get(chunkPath).set('Accept-Encoding', 'identity'));
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
      expect(raw(plain)).toContain('compress me');
    });

    it('gives each encoding its own ETag', async () => {
      const br = await request(app()).head(chunkPath).set('Accept-Encoding', 'br');
      const gz = await request(app()).head(chunkPath).set('Accept-Encoding', 'gzip');
      expect(br.headers.etag).not.toBe(gz.headers.etag);
    });

    it('sends a file without variants as it is (the compression middleware handles it)', async () => {
      const res = await binary(
        request(app()).get('/remotes/gallery/remoteEntry.js').set('Accept-Encoding', 'br'),
      );
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(raw(res)).toBe('var gallery;');
    });
  });
});
