// What a visitor sees before JavaScript runs, the session check, titles, and pages anyone
// may read in the frame that fits them.

import { expect, signUp, test } from './support/fixtures';
import { holdRequests } from './support/hold';

const PUBLIC_PAGES = [
  { path: '/', heading: /.+/, title: 'Create books, listings and images with AI · AI Book Studio' },
  { path: '/pricing', heading: /Pricing|Plan/i, title: 'Pricing · AI Book Studio' },
  { path: '/auth', heading: /.+/, title: 'Log in or sign up · AI Book Studio' },
  { path: '/help', heading: 'Help & Support', title: 'Help & Support · AI Book Studio' },
  { path: '/refund-policy', heading: /Refund/i, title: 'Refund policy · AI Book Studio' },
] as const;

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  for (const { path, heading, title } of PUBLIC_PAGES) {
    test(`${path} is painted from the prerendered HTML with its own title`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
      // Its styles are applied under the CSP (the inline <style> tags carry the response's nonce).
      const laidOut = await page
        .locator('#prerendered [class^="studio-"]')
        .evaluateAll(
          (elements) => elements.filter((e) => ['flex', 'grid'].includes(getComputedStyle(e).display)).length,
        );
      expect(laidOut).toBeGreaterThan(3);
      await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(247, 247, 251)');
    });
  }
});

test('the live app replaces the prerendered page without console errors or a pending request', async ({
  page,
}) => {
  const userProbes: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/user') userProbes.push(request.url());
  });
  const session = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/session');
  // networkidle is reached only if no request stays open (the 401 body was never read).
  await page.goto('/pricing', { waitUntil: 'networkidle' });
  expect((await session).status()).toBe(200);
  expect(await (await session).json()).toEqual({ user: null });
  expect(userProbes).toEqual([]);
  await expect(page.locator('#prerendered')).toHaveCount(0);
  await expect(page.locator('#root')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
});

test('a signed-in page starts its screen with the HTML and fetches each preloaded file once', async ({
  page,
}) => {
  await signUp(page);
  const unused: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('was preloaded using link preload but not used')) unused.push(message.text());
  });
  const fetched = new Map<string, number>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    fetched.set(pathname, (fetched.get(pathname) ?? 0) + 1);
  });
  const html = await (await page.goto('/dashboard'))!.text();
  const preloaded = [...html.matchAll(/<link rel="preload" href="([^"]+)"/g)].map((m) => m[1]!);
  // The session, the route lists, the signed-in layout, and the account remote's manifest, entry
  // and dashboard chunk.
  expect(preloaded).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^\/layout\.[0-9a-f]+\.js$/),
      '/api/session',
      '/remotes/qr/routes.json',
      '/remotes/account/mf-manifest.json',
      '/remotes/account/remoteEntry.js',
      expect.stringMatching(/^\/remotes\/account\/screen-Dashboard\.[0-9a-f]+\.js$/),
    ]),
  );
  expect(preloaded.some((url) => url.startsWith('/remotes/studio/remoteEntry'))).toBe(false);
  await expect(page.getByText(/Welcome back/)).toBeVisible();
  // Chromium's "preloaded but not used" fires 3 s after the load event: it only means something
  // if the screen had drawn (and so used its chunks) well within that window.
  const drawnAfterLoadMs = await page.evaluate(() => {
    const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return performance.now() - (nav?.loadEventEnd ?? 0);
  });
  await page.waitForLoadState('networkidle');
  // A hint whose attributes did not match the app's own request would show up as a second fetch.
  const twice = preloaded.filter((url) => (fetched.get(url) ?? 0) !== 1);
  expect(twice).toEqual([]);
  // Chromium says so a few seconds after load when a hint was downloaded for nothing.
  await page.waitForTimeout(3500);
  if (drawnAfterLoadMs < 2000) expect(unused).toEqual([]);
  else
    console.log(
      `unused-preload check skipped: the screen drew ${Math.round(drawnAfterLoadMs)} ms after load`,
    );
});

test('signed-in pages show the layout skeleton at once while the session is checked', async ({ page }) => {
  await signUp(page);
  const release = await holdRequests(page, '**/api/session');
  await page.goto('/dashboard', { waitUntil: 'commit' });
  await expect(page.getByTestId('layout-skeleton')).toBeVisible();
  release();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.getByTestId('layout-skeleton')).toHaveCount(0);
});

test.describe('when the session check fails', () => {
  test.use({ allowConsoleErrors: /status of 500/ });
  test("shows 'Failed to fetch user', keeps the session, and Retry recovers", async ({ page }) => {
    await signUp(page);
    await page.route('**/api/session', (route) =>
      route.fulfill({ status: 500, json: { message: 'Internal Server Error', error: 'INTERNAL' } }),
    );
    await page.goto('/dashboard');
    await expect(page.getByText('Failed to fetch user')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: "We couldn't check your session" })).toBeFocused();
    // Not signed out: the session cookie still answers.
    expect((await page.request.get('/api/user')).status()).toBe(200);
    await page.unroute('**/api/session');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test('every page has its own title', async ({ page }) => {
  await signUp(page);
  await page.goto('/dashboard');
  await expect(page).toHaveTitle('Dashboard · AI Book Studio');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Profile' })
    .click();
  await expect(page).toHaveTitle('Profile · AI Book Studio');
});

test('Help & Support and the refund policy stay inside the app for a member', async ({ page }) => {
  await signUp(page);
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Help & Support' }).click();
  await expect(page).toHaveURL(/\/help-support-page$/);
  await expect(nav).toBeVisible();
  await page.getByRole('link', { name: /refund policy/i }).click();
  await expect(page).toHaveURL(/\/refund-policy$/);
  await expect(page.getByRole('heading', { level: 1, name: /Refund/i })).toBeVisible();
  await expect(nav).toBeVisible();
});

test('a visitor reads the refund policy from help in the public frame, not the sign-in page', async ({
  page,
}) => {
  await page.goto('/help');
  await page.getByRole('link', { name: /refund policy/i }).click();
  await expect(page).toHaveURL(/\/refund-policy$/);
  await expect(page.getByRole('heading', { level: 1, name: /Refund/i })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Site' })).toBeVisible();
});

test('at 1280×720 every sidebar entry is reachable and reads in full, with a hint that there is more', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await signUp(page);
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  const scrollable = await nav.evaluate((el) => el.scrollHeight > el.clientHeight);
  if (scrollable) {
    // The fade at the bottom edge is drawn by the nav's own background.
    expect(await nav.evaluate((el) => getComputedStyle(el).backgroundImage)).toMatch(/gradient/);
  }
  for (const name of ['Profile', 'Settings', 'Help & Support']) {
    const link = nav.getByRole('link', { name });
    await link.scrollIntoViewIfNeeded();
    await expect(link).toBeInViewport();
  }
  const truncated = await nav
    .locator('[data-nav-label]')
    .evaluateAll((labels) =>
      labels.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent),
    );
  expect(truncated).toEqual([]);
});

test('public pages: one-row header at 375 px and a skip link as the first stop', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/pricing');
  await expect(page.locator('#prerendered')).toHaveCount(0);
  const header = page.locator('header').first();
  const box = await header.boundingBox();
  expect(box?.height).toBeLessThan(70);
  // The name and the links do not overlap either.
  const name = await header.getByRole('link', { name: 'AI Book Studio' }).boundingBox();
  const links = await header.getByRole('navigation', { name: 'Site' }).boundingBox();
  expect((name?.x ?? 0) + (name?.width ?? 0)).toBeLessThanOrEqual(links?.x ?? 0);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
});
