#!/usr/bin/env node
// One front end's built files on an origin of its own (the Dockerfile's `web` target; see
// docs/operating.md). No dependency: node's http and zlib only.
//   STATIC_ROOT    the folder served (a remote's dist/)
//   ALLOW_ORIGINS  comma-separated origins whose pages may fetch these files (the app's address);
//                  CORS is granted to exactly those, never to '*'
//   HOST, PORT     where to listen (0.0.0.0, 8080)
// Cache: hashed names (`name.[contenthash:8].js`) for a year, immutable; everything else
// (mf-manifest.json, remoteEntry.js, routes.json, index.html) `no-cache`, revalidated by ETag.
// Compression: the build's brotli/gzip variants (kit/build/precompress-plugin.mjs) when accepted,
// otherwise gzip on the fly for text above 1 KB. `GET /healthz` answers 200 once the root has files.
import { createReadStream, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = /^(text\/|application\/json|image\/svg\+xml)/;
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;
const VARIANTS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
];

function fileInfo(path) {
  try {
    const info = statSync(path);
    return info.isFile() ? info : null;
  } catch {
    return null;
  }
}

/** The file a URL path names inside root, or null when it is malformed or would leave root. */
function resolveInside(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const full = normalize(join(root, decoded));
  return full.startsWith(root.endsWith(sep) ? root : root + sep) ? full : null;
}

/** Whether Accept-Encoding allows an encoding (q=0 refuses it). */
function accepts(header, encoding) {
  return String(header ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .some(([name, ...params]) => {
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return (name === encoding || name === '*') && (q === undefined || Number(q) > 0);
    });
}

export function createStaticServer({ root, allowOrigins = [] }) {
  const base = normalize(root);
  const allowed = new Set(allowOrigins);
  return createServer((req, res) => {
    const origin = req.headers.origin;
    if (origin && allowed.has(origin)) res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Vary', 'Origin');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      res.writeHead(204).end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res
        .writeHead(405, { Allow: 'GET, HEAD, OPTIONS', 'Content-Type': 'text/plain' })
        .end('Method Not Allowed');
      return;
    }
    const urlPath = (req.url ?? '/').split('?')[0] ?? '/';
    if (urlPath === '/healthz') {
      let files = 0;
      try {
        files = readdirSync(base).length;
      } catch {}
      res.writeHead(files > 0 ? 200 : 503, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' });
      res.end(files > 0 ? 'ok' : 'no files');
      return;
    }
    const path = resolveInside(base, urlPath === '/' ? '/index.html' : urlPath);
    const info = path && fileInfo(path);
    if (!path || !info) {
      res.writeHead(404, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' }).end('Not Found');
      return;
    }
    const type = TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
    const compressible = COMPRESSIBLE.test(type);
    const accept = req.headers['accept-encoding'];
    const variant = compressible
      ? VARIANTS.map((v) => ({ ...v, info: accepts(accept, v.encoding) && fileInfo(path + v.suffix) })).find(
          (v) => v.info,
        )
      : undefined;
    const gzipLive = compressible && !variant && info.size > 1024 && accepts(accept, 'gzip');
    const encoding = variant?.encoding ?? (gzipLive ? 'gzip' : 'identity');
    // One ETag per encoding: a cache must never answer a gzip request with a brotli body.
    const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}-${encoding}"`;
    res.setHeader('Cache-Control', HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
    if (compressible) res.setHeader('Vary', 'Origin, Accept-Encoding');
    res.setHeader('Content-Type', type);
    res.setHeader('ETag', etag);
    res.setHeader('Last-Modified', info.mtime.toUTCString());
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304).end();
      return;
    }
    if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
    if (!gzipLive) res.setHeader('Content-Length', (variant?.info ?? info).size);
    res.writeHead(200);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const body = createReadStream(variant ? path + variant.suffix : path);
    (gzipLive ? body.pipe(createGzip()) : body).pipe(res);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.env.STATIC_ROOT ?? process.argv[2];
  if (!root) {
    console.error('STATIC_ROOT: the folder to serve is required');
    process.exit(1);
  }
  const allowOrigins = (process.env.ALLOW_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  const host = process.env.HOST ?? '0.0.0.0';
  const port = Number(process.env.PORT ?? 8080);
  const server = createStaticServer({ root, allowOrigins }).listen(port, host, () =>
    console.log(`serving ${root} on ${host}:${port} for ${allowOrigins.join(', ') || 'no other origin'}`),
  );
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
