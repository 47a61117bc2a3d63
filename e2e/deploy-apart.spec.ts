// The front ends deployed apart, as compose runs them: the app's server holds /api and sends the
// shell's page; the shell's files (SHELL_URL) and each remote (REMOTE_URLS) come from static
// servers of their own (scripts/static-server.mjs), each on its own origin. A member signs in,
// uses a studio tool, finds the result in a gallery and makes a QR code with every script loaded
// from its front end's origin; then the QR remote goes down (the Retry card) and comes back
// (Retry loads it, no reload).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import REMOTES from '../kit/remotes.json';
import { freePort } from '../services/src/testing/role-process';
import { expectToast, logInThroughUi, registerThroughUi, signOutThroughUi } from './account-helpers';
import { expect, keepScreenshot, test } from './support/fixtures';
import { uniqueEmail } from './support/users';

/** The shell's files are served like a remote's (kit/remotes.json: name → folder). */
const FRONT_ENDS = {
  shell: 'shell',
  ...Object.fromEntries(Object.entries(REMOTES).map(([name, remote]) => [name, remote.folder])),
} as Record<'shell' | keyof typeof REMOTES, string>;
type Remote = keyof typeof FRONT_ENDS;

test.describe.configure({ mode: 'serial', timeout: 150_000 });
// The QR remote is stopped on purpose: the browser reports its refused requests.
test.use({ allowConsoleErrors: /Failed to load resource|ERR_CONNECTION_REFUSED|ERR_FAILED/ });

async function answering(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} never answered`);
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const servers = new Map<Remote, ChildProcess>();
const remotePorts = new Map<Remote, number>();
let app: ChildProcess | undefined;
let appOrigin = '';
let dataDir = '';

/** A remote's own server, exactly as the `web` image runs it, allowing the app's origin. */
async function startRemote(name: Remote): Promise<void> {
  const port = remotePorts.get(name) ?? 0;
  const child = spawn(process.execPath, ['scripts/static-server.mjs'], {
    env: {
      PATH: process.env.PATH,
      STATIC_ROOT: join(FRONT_ENDS[name], 'dist'),
      ALLOW_ORIGINS: appOrigin,
      HOST: '127.0.0.1',
      PORT: String(port),
    },
    stdio: 'ignore',
  });
  servers.set(name, child);
  await answering(`http://127.0.0.1:${port}/healthz`, child);
}

const remoteOrigin = (name: Remote) => `http://127.0.0.1:${remotePorts.get(name)}`;

test.beforeAll(async () => {
  const appPort = await freePort();
  appOrigin = `http://127.0.0.1:${appPort}`;
  for (const name of Object.keys(FRONT_ENDS) as Remote[]) remotePorts.set(name, await freePort());
  for (const name of Object.keys(FRONT_ENDS) as Remote[]) await startRemote(name);
  dataDir = mkdtempSync(join(tmpdir(), 'studio-apart-'));
  const remoteUrls = Object.fromEntries(
    (Object.keys(REMOTES) as Remote[]).map((name) => [name, `${remoteOrigin(name)}/mf-manifest.json`]),
  );
  // The embedded runtime `npm run serve` compiled for the suite's own server: started as it is.
  app = spawn(process.execPath, ['--enable-source-maps', 'services/dist/main/embedded.js'], {
    env: {
      ...process.env,
      PORT: String(appPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      REMOTE_URLS: JSON.stringify(remoteUrls),
      SHELL_URL: remoteOrigin('shell'),
      AUTH_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
    detached: true,
  });
  await answering(`${appOrigin}/api/health`, app);
});

test.afterAll(async () => {
  for (const child of servers.values()) await stop(child);
  // Stop the whole group (the runtime's own threads and children with it).
  if (app?.pid && app.exitCode === null) {
    const exited = new Promise((resolve) => app?.once('exit', resolve));
    process.kill(-app.pid, 'SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('sign in, a studio tool, a gallery and a QR code, each screen from its own origin; then the QR remote goes down and comes back', async ({
  page,
}, testInfo) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));

  // Sign in (account remote): register, sign out, log in again.
  const name = 'Rita Remote';
  const email = uniqueEmail('apart');
  await page.goto(`${appOrigin}/auth`);
  await registerThroughUi(page, { name, email });
  await expect(page).toHaveURL(/\/dashboard$/);
  await signOutThroughUi(page);
  await logInThroughUi(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator('#main-content').getByText(`Welcome back, ${name}!`)).toBeVisible();

  // Credits through the simulated checkout, then a studio tool.
  const session = await page.request.post(`${appOrigin}/api/create-checkout-session`, {
    data: { planId: 'basic' },
  });
  expect(session.status()).toBe(200);
  const { url } = (await session.json()) as { url: string };
  const paid = await page.request.post(`${appOrigin}${new URL(url, appOrigin).pathname}/pay`, { data: {} });
  expect(paid.status(), await paid.text()).toBeLessThan(400);
  await page.goto(`${appOrigin}/coloring-book-page-generator`);
  await expect(page.getByTestId('credit-balance')).toContainText('60 credits');
  await page.getByLabel('Describe your coloring page').fill('A lighthouse on a quiet shore');
  await page.getByRole('button', { name: 'Generate Page (4 credits)' }).click();
  await expectToast(page, 'Success!', 'Your coloring page generation has started!');

  // The gallery: the page is there, finished.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'My Images' })
    .click();
  await expect(page.getByRole('heading', { name: 'My Images', level: 1 })).toBeVisible();
  const card = page.getByTestId('image-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByText('Completed', { exact: true })).toBeVisible({ timeout: 30_000 });

  // A QR code.
  await page.goto(`${appOrigin}/qr-codes/new`);
  await page.getByLabel('Title', { exact: true }).fill('Shop window');
  await page.getByLabel('Page title').fill('Lighthouse Books');
  await page.getByRole('button', { name: 'Create QR Code' }).click();
  await expect(page).toHaveURL(/\/qr-codes\/[A-Za-z0-9]{12}$/);
  await expect(page.getByRole('heading', { name: 'Shop window' })).toBeVisible();

  // Every front end's code came from its own origin; the app's server sent pages and answered /api.
  for (const remote of Object.keys(REMOTES) as Remote[])
    expect(requested, remote).toContain(`${remoteOrigin(remote)}/remoteEntry.js`);
  expect(requested.some((address) => address.startsWith(`${remoteOrigin('shell')}/main.`))).toBe(true);
  const fromApp = requested
    .filter((address) => address.startsWith(appOrigin))
    .map((a) => new URL(a).pathname);
  const filesFromApp = fromApp.filter(
    (path) => !path.startsWith('/api/') && path !== '/remotes.json' && /\.\w+$/.test(path),
  );
  expect(filesFromApp).toEqual([]);

  // The QR remote goes down: its pages show the Retry card inside the layout.
  await stop(servers.get('qr'));
  await page.goto(`${appOrigin}/qr-codes`);
  await expect(page.getByRole('heading', { name: "This page couldn't be loaded" })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'qr-remote-down-1280');

  // Released again (the same origin): Retry loads it without a reload.
  await startRemote('qr');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: "This page couldn't be loaded" })).toHaveCount(0);
  await expect(page.getByText('Shop window')).toBeVisible();
});
