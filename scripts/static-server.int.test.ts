import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync } from 'node:zlib';

/**
 * scripts/static-server.mjs, the server of each separately deployed front end, run as the `web`
 * image runs it: cache headers by file kind, CORS for exactly the app's origin, compression, and
 * nothing outside its folder.
 */
const APP = 'http://app.example:8080';
const root = mkdtempSync(path.join(tmpdir(), 'static-'));
const chunk = `export const screen = ${JSON.stringify('x'.repeat(4000))};`;
const routes = JSON.stringify({ routes: Array.from({ length: 60 }, (_, i) => ({ path: `/page-${i}` })) });
writeFileSync(path.join(root, 'screen.0123abcd.js'), chunk);
writeFileSync(path.join(root, 'screen.0123abcd.js.br'), brotliCompressSync(chunk));
writeFileSync(path.join(root, 'mf-manifest.json'), '{"name":"qr"}');
writeFileSync(path.join(root, 'routes.json'), routes);
writeFileSync(path.join(tmpdir(), 'outside-static.txt'), 'secret');

let server: ChildProcess;
let port = 0;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(urlPath: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: urlPath, method, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
  server = spawn(process.execPath, [path.join(__dirname, 'static-server.mjs')], {
    env: {
      PATH: process.env.PATH,
      STATIC_ROOT: root,
      ALLOW_ORIGINS: APP,
      HOST: '127.0.0.1',
      PORT: String(port),
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout?.once('data', () => resolve());
    server.once('exit', (code) => reject(new Error(`static server exited with ${code}`)));
  });
});

afterAll(async () => {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  rmSync(root, { recursive: true, force: true });
  rmSync(path.join(tmpdir(), 'outside-static.txt'), { force: true });
});

describe('the static server of a separately deployed front end', () => {
  it('caches hashed files for a year and revalidates the manifest and route list', async () => {
    expect((await get('/screen.0123abcd.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/mf-manifest.json')).headers['cache-control']).toBe('no-cache');
    expect((await get('/routes.json')).headers['cache-control']).toBe('no-cache');
  });

  it('answers a revalidation with 304 when the file has not changed', async () => {
    const first = await get('/mf-manifest.json');
    const again = await get('/mf-manifest.json', { 'If-None-Match': String(first.headers.etag) });
    expect(again.status).toBe(304);
  });

  it("lets exactly the app's origin read the files, and no other", async () => {
    const fromApp = await get('/mf-manifest.json', { Origin: APP });
    expect(fromApp.headers['access-control-allow-origin']).toBe(APP);
    const fromElsewhere = await get('/mf-manifest.json', { Origin: 'http://evil.example' });
    expect(fromElsewhere.headers['access-control-allow-origin']).toBeUndefined();
    expect(fromElsewhere.headers.vary).toContain('Origin');
  });

  it("sends the build's brotli variant when the browser accepts it", async () => {
    const answer = await get('/screen.0123abcd.js', { 'Accept-Encoding': 'gzip, br' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.body.length).toBeLessThan(chunk.length / 4);
  });

  it('gzips text without a variant on the fly, and sends it plain to a client that wants no encoding', async () => {
    const zipped = await get('/routes.json', { 'Accept-Encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.body).toString()).toBe(routes);
    const plain = await get('/routes.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(routes);
  });

  it('serves nothing outside its folder and no missing file', async () => {
    expect((await get('/%2e%2e/outside-static.txt')).status).toBe(404);
    expect((await get('/..%2foutside-static.txt')).status).toBe(404);
    expect((await get('/missing.js')).status).toBe(404);
  });

  it('refuses anything but reading', async () => {
    expect((await get('/mf-manifest.json', {}, 'POST')).status).toBe(405);
  });

  it('reports healthy once its folder holds files', async () => {
    expect((await get('/healthz')).status).toBe(200);
  });
});
