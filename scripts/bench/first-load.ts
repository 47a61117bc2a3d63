// First-load rows for `npm run bench`: bytes on the wire, LCP and CLS of the landing page
// and the dashboard in Debian's Chromium under mobile throttling (1.6 Mbps down, 750 kbps up,
// 150 ms RTT, 4× CPU slowdown, 375×812), served by the production middleware (compression,
// precompressed bundles, prerendered pages) with a stub API. Each page is loaded cold 3 times;
// the median is reported.
import { existsSync } from 'node:fs';
import Koa from 'koa';
import { compression } from '../../services/src/platform/http/compression';
import { frontends } from '../../services/src/platform/http/frontends';
import { securityHeaders } from '../../services/src/platform/http/security-headers';
import { serveOnLoopback } from './loopback';
import type { BenchRow } from './table';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = 3;
const THROTTLE = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const PAGES = [
  { name: 'landing', path: '/', signedIn: false, lcpTargetMs: 2500 },
  { name: 'dashboard', path: '/dashboard', signedIn: true, lcpTargetMs: 3000 },
] as const;
const CLS_TARGET = 0.1;

const USER = {
  id: 'bench',
  name: 'Bench User',
  email: 'bench@example.test',
  credits: 42,
  subscriptionTier: 'Basic',
  isAdmin: false,
};

/** The production middleware chain in front of the built dists; the API knows one user when asked to. */
async function serve(repoRoot: string, signedIn: () => boolean) {
  const app = new Koa();
  app.use(securityHeaders());
  app.use(compression());
  app.use(async (ctx, next) => {
    if (!ctx.path.startsWith('/api/')) return next();
    if (ctx.path === '/api/session') ctx.body = { user: signedIn() ? USER : null };
    else if (ctx.path === '/api/user') ctx.body = USER;
    else ctx.body = [];
  });
  app.use(frontends({ repoRoot }));
  return serveOnLoopback(app);
}

/** Collects LCP and CLS from the first byte on (registered before any page script). */
const OBSERVE_VITALS = `
  window.__vitals = { lcp: 0, cls: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__vitals.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__vitals.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
`;

interface Sample {
  lcp: number;
  cls: number;
  bytes: number;
  requests: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function measureFirstLoad(repoRoot: string): Promise<BenchRow[]> {
  if (!existsSync(`${repoRoot}/shell/dist/index.html`)) {
    return [
      {
        metric: 'First load (throttled)',
        value: 'not built (run npm run build:web)',
        target: '—',
        pass: null,
      },
    ];
  }
  if (!existsSync(CHROMIUM)) {
    return [
      {
        metric: 'First load (throttled)',
        value: `not measured: no Chromium at ${CHROMIUM}`,
        target: '—',
        pass: null,
      },
    ];
  }
  const { chromium } = await import('playwright-core');
  let signedIn = false;
  const server = await serve(repoRoot, () => signedIn);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const rows: BenchRow[] = [];
  try {
    for (const page of PAGES) {
      signedIn = page.signedIn;
      const samples: Sample[] = [];
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
        const tab = await context.newPage();
        await tab.addInitScript(OBSERVE_VITALS);
        const cdp = await context.newCDPSession(tab);
        await cdp.send('Network.enable');
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
        await cdp.send('Network.emulateNetworkConditions', THROTTLE);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        let bytes = 0;
        let requests = 0;
        cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
          bytes += event.encodedDataLength;
          requests += 1;
        });
        await tab.goto(`${server.url}${page.path}`, { waitUntil: 'load', timeout: 60_000 });
        // Done when the live app shows the screen (its heading, no prerendered stand-in) and the
        // network has settled; a throttled CPU can leave gaps that look like idle before that.
        await tab.waitForFunction(
          () => !document.getElementById('prerendered') && document.querySelector('#root main h1'),
          undefined,
          { timeout: 60_000 },
        );
        await tab.waitForLoadState('networkidle');
        await tab.waitForTimeout(1000);
        const vitals = (await tab.evaluate('window.__vitals')) as { lcp: number; cls: number };
        if (process.env.BENCH_DEBUG) console.log(page.name, vitals, bytes, requests, tab.url());
        samples.push({ ...vitals, bytes, requests });
        await context.close();
      }
      const lcp = median(samples.map((s) => s.lcp));
      const cls = median(samples.map((s) => s.cls));
      const bytes = median(samples.map((s) => s.bytes));
      const requests = median(samples.map((s) => s.requests));
      rows.push({
        metric: `First load ${page.name}: bytes on the wire (${requests} requests, compressed)`,
        value: `${(bytes / 1024).toFixed(1)} KB`,
        target: '—',
        pass: null,
      });
      rows.push({
        metric: `First load ${page.name}: LCP, throttled (median of ${RUNS})`,
        value: `${(lcp / 1000).toFixed(2)} s`,
        target: `≤ ${(page.lcpTargetMs / 1000).toFixed(1)} s`,
        pass: lcp <= page.lcpTargetMs,
      });
      rows.push({
        metric: `First load ${page.name}: CLS, throttled (median of ${RUNS})`,
        value: cls.toFixed(3),
        target: `≤ ${CLS_TARGET}`,
        pass: cls <= CLS_TARGET,
      });
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return rows;
}

// `npx tsx scripts/bench/first-load.ts` prints only these rows.
if (require.main === module) {
  void import('./table').then(async ({ printTable }) => {
    printTable(await measureFirstLoad(`${__dirname}/../..`));
  });
}
