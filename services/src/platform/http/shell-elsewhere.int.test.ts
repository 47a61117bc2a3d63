import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import request from 'supertest';
import { frontends } from './frontends';
import { addressedAt, shellPageFrom } from './shell-elsewhere';

/**
 * The shell's files on a static service of their own (SHELL_URL): the server still sends the
 * page (nonce, prerendered HTML, hints), built from the shell's index.html on that service with
 * its files addressed there.
 */
const PAGE =
  '<!doctype html><html><head><link href="/favicon.svg" rel="icon"><link rel="preload" as="script" href="/main.1a2b3c4d.js"></head>' +
  '<body><div id="root"></div><script defer src="/main.1a2b3c4d.js"></script></body></html>';

let shell: Server;
let shellUrl = '';
let pageReads = 0;
let shellAnswers = true;

beforeAll(async () => {
  shell = createServer((req, res) => {
    if (!shellAnswers) {
      res.destroy();
      return;
    }
    if (req.url !== '/index.html') {
      res.writeHead(404).end();
      return;
    }
    pageReads += 1;
    if (req.headers['if-none-match'] === '"v1"') {
      res.writeHead(304).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html', ETag: '"v1"' }).end(PAGE);
  });
  await new Promise<void>((resolve) => shell.listen(0, '127.0.0.1', resolve));
  shellUrl = `http://127.0.0.1:${(shell.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => shell.close(resolve));
});

function app(url = shellUrl) {
  const koa = new Koa();
  koa.silent = true;
  koa.use(async (ctx, next) => {
    ctx.state.cspNonce = 'bm9uY2Ugb25l';
    await next();
  });
  // A folder without any build: nothing may be read from this server's disk.
  koa.use(frontends({ repoRoot: '/nonexistent-web-root', shell: { url, fetchUrl: url } }));
  return koa.callback();
}

describe('a shell served from its own origin', () => {
  it("sends the shell's page with its scripts, preloads and icon addressed at the shell's origin", async () => {
    const res = await request(app()).get('/dashboard');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toContain(`<script defer src="${shellUrl}/main.1a2b3c4d.js"></script>`);
    expect(res.text).toContain(`<link rel="preload" as="script" href="${shellUrl}/main.1a2b3c4d.js">`);
    expect(res.text).toContain(`<link href="${shellUrl}/favicon.svg" rel="icon">`);
    expect(res.text).toContain('<meta name="csp-nonce" content="bm9uY2Ugb25l">');
    // The app's own requests stay on this origin.
    expect(res.text).toContain(
      '<link rel="preload" href="/api/session" as="fetch" crossorigin="use-credentials">',
    );
  });

  it("sends a request for one of the shell's files to the shell's origin", async () => {
    const res = await request(app()).get('/routes-fallback.json');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`${shellUrl}/routes-fallback.json`);
  });

  it('reads the page again only after a few seconds, and then revalidates it', async () => {
    let now = 0;
    const page = shellPageFrom({ url: shellUrl, fetchUrl: shellUrl }, fetch, () => now);
    const before = pageReads;
    expect(await page()).toContain(`${shellUrl}/main.1a2b3c4d.js`);
    await page();
    expect(pageReads - before).toBe(1);
    now += 10_000;
    expect(await page()).toContain(`${shellUrl}/main.1a2b3c4d.js`);
    expect(pageReads - before).toBe(2);
  });

  it("keeps sending the last page read while the shell's service does not answer", async () => {
    let now = 0;
    const page = shellPageFrom({ url: shellUrl, fetchUrl: shellUrl }, fetch, () => now);
    await page();
    shellAnswers = false;
    try {
      now += 10_000;
      expect(await page()).toContain(`${shellUrl}/main.1a2b3c4d.js`);
    } finally {
      shellAnswers = true;
    }
  });

  it('answers 503 with a message, not a broken page, before the shell has ever been read', async () => {
    const res = await request(app('http://127.0.0.1:9')).get('/dashboard');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.text).toBe('The app is starting. Try again in a moment.');
  });

  it('points only root-relative addresses elsewhere', () => {
    expect(
      addressedAt(
        '<script src="/a.js"></script><link href="//cdn.test/x.css"><img src="https://x.test/i.png">',
        'https://shell.test',
      ),
    ).toBe(
      '<script src="https://shell.test/a.js"></script><link href="//cdn.test/x.css"><img src="https://x.test/i.png">',
    );
  });
});
