// Serves the built front ends from one Koa app: the shell at '/', each remote under
// '/remotes/{name}/', and '/remotes.json' telling the shell where every remote's manifest lives.
// Mounted after the API routes; anything under /api passes through untouched.
import { createReadStream, type Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type Koa from 'koa';
import REMOTES from '../../../../kit/remotes.json';
import { screenPreloads } from './screen-preloads';
import { type ShellElsewhere, shellPageFrom } from './shell-elsewhere';

/** Remote name → workspace folder holding its `dist/` (from the remotes' manifest, kit/remotes.json). */
export const REMOTE_FOLDERS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(REMOTES).map(([name, remote]) => [name, remote.folder]),
);

export interface FrontendsOptions {
  /** Folder holding `shell/dist` and `mfe-*\/dist` (WEB_DIST_ROOT). */
  repoRoot: string;
  /** Moves a remote elsewhere: name → absolute or root-relative mf-manifest.json URL (REMOTE_URLS). */
  remoteUrls?: Record<string, string>;
  /** The shell's files on their own service (SHELL_URL): this server sends only its page. */
  shell?: ShellElsewhere;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Names that carry a content hash (`[name].[contenthash:8].js`) never change, so cache them for a year. */
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;
/** A missing path with one of these extensions is a missing asset (404), not a page (no SPA fallback). */
const ASSET_EXTENSIONS = new Set(Object.keys(CONTENT_TYPES).filter((ext) => ext !== '.html'));

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export function remotesListing(remoteUrls: Record<string, string> = {}): Record<string, string> {
  const defaults = Object.fromEntries(
    Object.keys(REMOTE_FOLDERS).map((name) => [name, `/remotes/${name}/mf-manifest.json`]),
  );
  return { ...defaults, ...remoteUrls };
}

/** Origins of the remotes REMOTE_URLS moved to another server: the CSP lets pages load and fetch them. */
export function remoteOrigins(remoteUrls: Record<string, string> = {}): string[] {
  const absolute = Object.values(remoteUrls).filter((url) => /^https?:\/\//i.test(url));
  return [...new Set(absolute.map((url) => new URL(url).origin))];
}

/** Resolves a URL path inside `root`, or null if it would escape it or is malformed. */
function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const full = normalize(join(root, decoded));
  return full === root || full.startsWith(root.endsWith(sep) ? root : root + sep) ? full : null;
}

async function fileAt(path: string | null): Promise<Stats | null> {
  if (!path) return null;
  try {
    const info = await stat(path);
    return info.isFile() ? info : null;
  } catch {
    return null;
  }
}

/** Types served with a precompressed variant when one sits beside the file (built by kit/build/precompress-plugin.mjs). */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript)|image\/svg\+xml)/;
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/** The best precompressed variant the request accepts (brotli before gzip), or null for the file itself. */
async function precompressedVariant(
  ctx: Koa.Context,
  path: string,
): Promise<{ name: string; path: string; info: Stats } | null> {
  for (const encoding of ENCODINGS) {
    // acceptsEncodings returns the first accepted of the list, so ask one encoding at a time.
    if (ctx.acceptsEncodings(encoding.name, 'identity') !== encoding.name) continue;
    const variant = `${path}${encoding.suffix}`;
    const info = await fileAt(variant);
    if (info) return { name: encoding.name, path: variant, info };
  }
  return null;
}

async function sendFile(ctx: Koa.Context, path: string, info: Stats, cacheControl: string): Promise<void> {
  const type = CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
  const compressible = COMPRESSIBLE.test(type);
  const variant = compressible ? await precompressedVariant(ctx, path) : null;
  const sent = variant ?? { name: 'identity', path, info };
  ctx.set('Cache-Control', cacheControl);
  // Caches must key compressible files by Accept-Encoding, whichever variant this response is.
  if (compressible) ctx.vary('Accept-Encoding');
  ctx.type = type;
  ctx.lastModified = info.mtime;
  // One ETag per encoding: a cache must never answer a gzip request with a brotli body.
  const tag = `${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}`;
  ctx.etag = `W/"${variant ? `${tag}-${variant.name}` : tag}"`;
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  if (variant) ctx.set('Content-Encoding', variant.name);
  // HEAD gets the headers only (Koa never sends a body for it); a stream body drops the length, so set it after.
  if (ctx.method !== 'HEAD') ctx.body = createReadStream(sent.path);
  ctx.length = sent.info.size;
}

const BASE64 = /^[A-Za-z0-9+/]+=*$/;

/**
 * The shell's index.html with this response's CSP nonce in a meta tag, which the Emotion cache
 * reads to sign the <style> tags it writes. Never stored or revalidated: a cached page would carry
 * a stale nonce under a fresh policy.
 */
/** Build-time HTML of a public page (mfe-account/prerender/): dist/prerendered.json names the files. */
interface PrerenderedPage {
  file: string;
  title: string;
}

async function prerenderedPage(
  accountDist: string,
  path: string,
): Promise<{ html: string; title: string } | null> {
  try {
    const index = JSON.parse(await readFile(join(accountDist, 'prerendered.json'), 'utf8')) as Record<
      string,
      PrerenderedPage
    >;
    const page = Object.hasOwn(index, path) ? index[path] : undefined;
    const file = page ? resolveInside(accountDist, `/${page.file}`) : null;
    if (!page || !file) return null;
    return { html: await readFile(file, 'utf8'), title: page.title };
  } catch {
    return null; // not built (or the account remote lives elsewhere): the page renders client-side
  }
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * The shell's index.html with this response's CSP nonce in a meta tag, which the Emotion cache
 * reads to sign the <style> tags it writes. For a prerendered public page, its HTML goes in
 * <div id="prerendered"> (its <style> tags signed with the same nonce) and #root is hidden until
 * the live app has rendered the page (shell/src/app/prerendered.ts). Never stored or revalidated:
 * a cached page would carry a stale nonce under a fresh policy.
 */
async function sendShellPage(
  ctx: Koa.Context,
  template: string,
  prerendered: { html: string; title: string } | null,
  hints: string,
): Promise<void> {
  let html = template;
  const nonce = ctx.state.cspNonce;
  const signed = typeof nonce === 'string' && BASE64.test(nonce);
  const meta = signed ? `<meta name="csp-nonce" content="${nonce}">` : '';
  if (prerendered) {
    const body = prerendered.html.replace(/<style(?=[\s>])/g, signed ? `<style nonce="${nonce}"` : '<style');
    html = html
      // The page reads without JavaScript now: no "needs JavaScript" line above it.
      .replace(/<noscript>[\s\S]*?<\/noscript>/i, '')
      .replace(/<title>[^<]*<\/title>/i, `<title>${escapeHtml(prerendered.title)}</title>`)
      .replace(
        '<div id="root"></div>',
        () => `<div id="prerendered">${body}</div><div id="root" hidden></div>`,
      );
  }
  const head = /<head(\s[^>]*)?>/i.exec(html) ?? /^<!doctype html>/i.exec(html);
  const at = head ? head.index + head[0].length : 0;
  ctx.set('Cache-Control', 'no-store');
  ctx.type = CONTENT_TYPES['.html']!;
  ctx.status = 200;
  // The hints go last in <head>: the shell's own start-up chunks are listed first and go first.
  const page = html.slice(0, at) + meta + html.slice(at);
  const end = /<\/head>/i.exec(page)?.index ?? at + meta.length;
  ctx.body = page.slice(0, end) + hints + page.slice(end);
}

/**
 * Preload hints for what the shell asks before it can draw a screen (shell/src/app/early-requests.ts):
 * the session, the remotes listing and each remote's route list. Fetched with the HTML
 * instead of after the shell's scripts have run, they save a round trip and a half on a phone.
 * Attributes match the shell's fetches (mode and credentials), or the browser would fetch twice.
 */
export function preloadHints(listing: Record<string, string>): string {
  const link = (href: string, credentials: 'anonymous' | 'use-credentials') =>
    `<link rel="preload" href="${escapeHtml(href)}" as="fetch" crossorigin="${credentials}">`;
  const beside = (manifest: string, file: string) => manifest.replace(/[^/]*$/, file); // relative or absolute, the file next to the manifest
  return [
    link('/api/session', 'use-credentials'),
    link('/remotes.json', 'anonymous'),
    ...Object.values(listing).map((manifest) => link(beside(manifest, 'routes.json'), 'anonymous')),
  ].join('');
}

const cacheFor = (path: string) => (HASHED.test(path) ? IMMUTABLE : REVALIDATE);

export function frontends(options: FrontendsOptions): Koa.Middleware {
  const root = normalize(options.repoRoot);
  const shellDist = join(root, 'shell', 'dist');
  const accountDist = join(root, REMOTE_FOLDERS.account!, 'dist');
  const remotes = remotesListing(options.remoteUrls);
  const listing = JSON.stringify(remotes);
  const hints = preloadHints(remotes);
  const screenHints = screenPreloads(root, REMOTE_FOLDERS, new Set(Object.keys(options.remoteUrls ?? {})), {
    shellLayout: !options.shell,
  });
  const shellElsewhere = options.shell;
  const shellPage = shellElsewhere ? shellPageFrom(shellElsewhere) : null;

  return async (ctx, next) => {
    const path = ctx.path;
    if (path === '/api' || path.startsWith('/api/')) return next();

    // `~retry-{n}/` after the remote's name is the shell's fresh address for a retried remote
    // (shell/src/federation/remote-registry.ts): the same files.
    const remote = /^\/remotes\/([^/]+)(?:\/~retry-\d{1,6})?(\/.*)?$/.exec(path);
    if (remote) {
      // Remotes may be loaded by a shell on another origin.
      ctx.set('Access-Control-Allow-Origin', '*');
      if (ctx.method === 'OPTIONS') {
        ctx.set('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
        ctx.status = 204;
        return;
      }
    }
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();

    if (path === '/remotes.json') {
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'application/json; charset=utf-8';
      ctx.body = listing;
      return;
    }

    if (remote) {
      const folder = REMOTE_FOLDERS[remote[1]!];
      const file = folder ? resolveInside(join(root, folder, 'dist'), remote[2] ?? '/') : null;
      const info = await fileAt(file);
      if (!file || !info) {
        ctx.set('Cache-Control', 'no-store');
        ctx.status = 404;
        ctx.body = 'Not Found';
        return;
      }
      await sendFile(ctx, file, info, cacheFor(file));
      return;
    }

    if (shellElsewhere && shellPage) {
      // The shell's files live on its own origin; a root-relative one asked here (the route
      // lists' fallback snapshot) is sent there.
      if (ASSET_EXTENSIONS.has(extname(path).toLowerCase())) {
        ctx.set('Cache-Control', 'no-cache');
        ctx.redirect(`${shellElsewhere.url.replace(/\/+$/, '')}${path}`);
        return;
      }
      const template = await shellPage();
      if (!template) {
        ctx.set('Cache-Control', 'no-store');
        ctx.set('Retry-After', '5');
        ctx.status = 503;
        ctx.type = 'text/plain; charset=utf-8';
        ctx.body = 'The app is starting. Try again in a moment.';
        return;
      }
      await sendShellPage(
        ctx,
        template,
        await prerenderedPage(accountDist, path),
        hints + (await screenHints(path)),
      );
      return;
    }

    const index = join(shellDist, 'index.html');
    const file = resolveInside(shellDist, path);
    const info = await fileAt(file);
    if (file && info) {
      if (file === index)
        await sendShellPage(
          ctx,
          await readFile(index, 'utf8'),
          await prerenderedPage(accountDist, '/'),
          hints + (await screenHints('/')),
        );
      else await sendFile(ctx, file, info, cacheFor(file));
      return;
    }
    if (ASSET_EXTENSIONS.has(extname(path).toLowerCase())) {
      ctx.set('Cache-Control', 'no-store');
      ctx.status = 404;
      ctx.body = 'Not Found';
      return;
    }

    // SPA fallback: client-side routes (and the 404 screen) are the shell's index.html.
    if (!(await fileAt(index))) return next();
    await sendShellPage(
      ctx,
      await readFile(index, 'utf8'),
      await prerenderedPage(accountDist, path),
      hints + (await screenHints(path)),
    );
  };
}
