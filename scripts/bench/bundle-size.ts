// Front-end size report for `npm run bench` (docs/design.md (Performance targets): shell initial JavaScript ≤ 150 KB gzipped).
// Measured the way a browser sees it: the built shell and remotes are served by the real
// `frontends` middleware and Debian's Chromium records which scripts each page actually loads.
// Sizes are gzip level 9 of the files on disk (1 KB = 1024 bytes).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import Koa from 'koa';
import { frontends, REMOTE_FOLDERS } from '../../services/src/platform/http/frontends';
import { serveOnLoopback } from './loopback';

export interface SizeRow {
  metric: string;
  value: string;
  target: string;
  pass: boolean | null;
}

const SHELL_BUDGET_KB = 150;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A route per remote that renders one of its screens (signed-in routes get a stub user). */
const REMOTE_PROBES: Record<string, string> = {
  account: '/dashboard',
  studio: '/image-generator-v2',
  gallery: '/my-books',
  qr: '/qr-codes',
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/** Serves the dists with the production middleware; the API is a stub that knows one user. */
async function serve(repoRoot: string): Promise<{ url: string; close: () => Promise<void> }> {
  const app = new Koa();
  app.use(async (ctx, next) => {
    if (ctx.path !== '/api/user' && ctx.path !== '/api/session') return next();
    const user = {
      id: 'bench',
      name: 'Bench User',
      email: 'bench@example.test',
      credits: 60,
      subscriptionTier: 'Basic',
      isAdmin: false,
    };
    // The app asks GET /api/session ({ user }); /api/user answers the user itself.
    ctx.body = ctx.path === '/api/session' ? { user } : user;
  });
  app.use(frontends({ repoRoot }));
  return serveOnLoopback(app);
}

/** Same-origin script paths a page loads, in order, until the network is idle. */
async function scriptsLoaded(
  repoRoot: string,
): Promise<{ shell: string[]; signedInChrome: string[]; remotes: Record<string, string[]> }> {
  const { chromium } = await import('playwright-core');
  const server = await serve(repoRoot);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const collect = async (route: string) => {
      const page = await browser.newPage();
      const scripts: string[] = [];
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.origin === server.url && url.pathname.endsWith('.js')) scripts.push(url.pathname);
      });
      await page.goto(`${server.url}${route}`, { waitUntil: 'networkidle' });
      await page.close();
      return scripts;
    };
    // An unknown path renders the shell's own 404 card: no remote is involved.
    const shell = await collect('/bench-no-such-page');
    const remotes: Record<string, string[]> = {};
    let signedInChrome: string[] = [];
    for (const [name, route] of Object.entries(REMOTE_PROBES)) {
      const scripts = await collect(route);
      remotes[name] = scripts.filter((p) => p.startsWith(`/remotes/${name}/`));
      // The shell's lazily loaded layout (sidebar, menu, icons), fetched alongside the first remote.
      if (name === 'account')
        signedInChrome = scripts.filter((p) => !p.startsWith('/remotes/') && !shell.includes(p));
    }
    return { shell, signedInChrome, remotes };
  } finally {
    await browser.close();
    await server.close();
  }
}

function fileFor(repoRoot: string, urlPath: string): string {
  const remote = /^\/remotes\/([^/]+)\/(.*)$/.exec(urlPath);
  if (remote) return path.join(repoRoot, REMOTE_FOLDERS[remote[1]!]!, 'dist', remote[2]!);
  return path.join(repoRoot, 'shell', 'dist', urlPath);
}

/** Without a browser: every distinct JS file of the shell's dist (an upper bound). */
function staticShellEstimate(repoRoot: string): number {
  const dist = path.join(repoRoot, 'shell', 'dist');
  const seen = new Set<string>();
  let total = 0;
  for (const name of readdirSync(dist).filter((n) => n.endsWith('.js'))) {
    const content = readFileSync(path.join(dist, name));
    const hash = createHash('sha256').update(content).digest('hex');
    if (seen.has(hash)) continue;
    seen.add(hash);
    total += gzipSync(content, { level: 9 }).length;
  }
  return total;
}

export async function measureBundleSizes(repoRoot: string): Promise<SizeRow[]> {
  const built = ['shell', ...Object.values(REMOTE_FOLDERS)].every((dir) =>
    existsSync(path.join(repoRoot, dir, 'dist')),
  );
  if (!built) {
    return [
      { metric: 'Front-end bundles', value: 'not built (run npm run build:web)', target: '—', pass: null },
    ];
  }

  const rows: SizeRow[] = [];
  const budget = `≤ ${SHELL_BUDGET_KB} KB`;
  if (!existsSync(CHROMIUM)) {
    const total = staticShellEstimate(repoRoot);
    rows.push({
      metric: 'Shell initial JS, gzip (static upper bound: no Chromium)',
      value: kb(total),
      target: budget,
      pass: total <= SHELL_BUDGET_KB * 1024,
    });
    return rows;
  }

  const loaded = await scriptsLoaded(repoRoot);
  const shellBytes = loaded.shell.reduce((sum, p) => sum + gzipSize(fileFor(repoRoot, p)), 0);
  rows.push({
    metric: `Shell initial JS, gzip (${loaded.shell.length} files before any remote)`,
    value: kb(shellBytes),
    target: budget,
    pass: shellBytes <= SHELL_BUDGET_KB * 1024,
  });

  const chromeBytes = loaded.signedInChrome.reduce((sum, p) => sum + gzipSize(fileFor(repoRoot, p)), 0);
  rows.push({
    metric: 'Shell signed-in layout chunk, gzip (loads with the first remote)',
    value: kb(chromeBytes),
    target: '—',
    pass: null,
  });

  for (const [name, files] of Object.entries(loaded.remotes)) {
    const entry = files.find((p) => p.endsWith('/remoteEntry.js'));
    const chunks = files.filter((p) => p !== entry).map((p) => ({ p, size: gzipSize(fileFor(repoRoot, p)) }));
    const largest = chunks.sort((a, b) => b.size - a.size)[0];
    rows.push({
      metric: `Remote ${name}: remoteEntry.js, gzip`,
      value: entry ? kb(gzipSize(fileFor(repoRoot, entry))) : 'not loaded',
      target: '—',
      pass: entry ? null : false,
    });
    rows.push({
      metric: `Remote ${name}: largest chunk loaded, gzip`,
      value: largest ? `${kb(largest.size)} (${path.basename(largest.p)})` : '—',
      target: '—',
      pass: null,
    });
  }
  return rows;
}
