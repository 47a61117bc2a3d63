// The signed-in layout of docs/product/accounts-billing-admin.md (Screens and routes: Layout): desktop sidebar at 1280 px, top bar and menu at 375 px.
import type { Locator } from '@playwright/test';
import { routes as studioRoutes } from '../mfe-studio/src/routes';
import { expect, expectScreen, keepScreenshot, signUp, test } from './support/fixtures';

/** The studio's tools of a nav section, from its registry: a new tool is walked without editing this. */
const tools = (section: string): [string, string, string][] =>
  studioRoutes
    .filter((r) => r.nav?.section === section)
    .map((r) => [r.nav?.label ?? '', r.path, r.nav?.label ?? '']);

/** Sidebar links in spec order: [label, path, placeholder heading (null: a public page)]. */
const SIDEBAR: [string, string, string][] = [
  ['Dashboard', '/dashboard', 'Dashboard'],
  ...tools('Main'),
  ['My Books', '/my-books', 'My Books'],
  ['My KDP Listings', '/my-listings', 'My KDP Listings'],
  ['My Images', '/my-images', 'My Images'],
  ['QR Codes', '/qr-codes', 'QR Codes'],
  ['Profile', '/profile', 'My Profile'],
  ['Settings', '/settings', 'Settings'],
  ...tools('Legacy Models'),
];

/** The width of a nav link's label text itself (its box is as wide as the sidebar allows). */
const textWidth = (link: Locator) =>
  link.locator('[data-nav-label]').evaluate((label) => {
    const range = document.createRange();
    range.selectNodeContents(label);
    return range.getBoundingClientRect().width;
  });

test.describe('desktop, 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('sidebar sections, badges and every link', async ({ page }, testInfo) => {
    // It walks every screen of the sidebar, each loaded and measured.
    test.setTimeout(90_000);
    await signUp(page, { name: 'Grace Tester' });
    await page.goto('/dashboard');
    const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(sidebar).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();

    for (const section of ['Main', 'My Content', 'Account', 'Legacy Models']) {
      await expect(sidebar.getByRole('heading', { name: section })).toBeVisible();
    }
    // Every tool is simply a tool: no "New" badge that never grows old.
    await expect(sidebar.getByText('New', { exact: true })).toHaveCount(0);
    await expect(sidebar.getByText('Legacy', { exact: true })).toHaveCount(1);
    // Not an admin: no Admin Tools link.
    await expect(sidebar.getByRole('link', { name: /Admin Tools/ })).toHaveCount(0);

    // A new account is Demo with 0 credits (docs/product/accounts-billing-admin.md (Screens and routes: Layout) messages).
    await expect(page.getByText('You have 0 credits. Subscribe to a plan to create books.')).toBeVisible();
    await keepScreenshot(page, testInfo, 'desktop-layout');

    for (const [label, path, heading] of SIDEBAR) {
      const link = sidebar.getByRole('link', { name: new RegExp(`^${label.replace(/[.()]/g, '\\$&')}`) });
      const before = await link.boundingBox();
      const textBefore = await textWidth(link);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expectScreen(page, heading);
      await expect(page.locator('main').getByText('New', { exact: true })).toHaveCount(0);
      await expect(
        sidebar.getByRole('link', { name: new RegExp(`^${label.replace(/[.()]/g, '\\$&')}`) }),
      ).toHaveAttribute('aria-current', 'page');
      // Becoming active neither widens the label (a bolder one wraps at the sidebar's edge) nor
      // moves the items below it.
      expect((await link.boundingBox())?.height).toBe(before?.height);
      expect(await textWidth(link)).toBe(textBefore);
    }

    // Desktop help goes to the public help page (outside the layout).
    await sidebar.getByRole('link', { name: 'Help & Support' }).click();
    await expect(page).toHaveURL(/\/help-support-page$/);
    await expectScreen(page, 'Help & Support');
  });

  test("the keyboard's first stop skips the sidebar to the screen", async ({ page }) => {
    await signUp(page);
    await page.goto('/my-books');
    await expectScreen(page, 'My Books');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();
  });

  test('credits card links to /pricing', async ({ page }) => {
    await signUp(page);
    await page.goto('/my-books');
    await page.getByRole('link', { name: /^Credits\s*0\b/ }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test('Admin Tools appears with its Dev badge only when the server says admin', async ({ page }) => {
    const admin = await signUp(page, { admin: true });
    expect(admin.isAdmin).toBe(true);
    await page.goto('/dashboard');
    const link = page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: /Admin Tools/ });
    await expect(link).toContainText('Dev');
    await link.click();
    await expect(page).toHaveURL(/\/admin-tools$/);
    await expectScreen(page, 'Admin Tools');
  });

  test('Sign Out ends the session and lands on /auth', async ({ page }) => {
    await signUp(page);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText('You have been successfully logged out.', { exact: true })).toBeVisible();
    expect(
      await page.evaluate(() => [localStorage.getItem('userId'), localStorage.getItem('userData')]),
    ).toEqual([null, null]);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('Sign Out pressed while the screen is still loading: nothing more is read as the user', async ({
    page,
  }) => {
    await signUp(page);
    // The screen's code and the sign-out's answer are both held: the screen arrives while the
    // server is ending the session, as on a slow network.
    let releaseScreen = () => {};
    const screenHeld = new Promise<void>((resolve) => {
      releaseScreen = resolve;
    });
    await page.route('**/remotes/account/screen-Settings*.js', async (route) => {
      await screenHeld;
      await route.continue();
    });
    let releaseLogout = () => {};
    const logoutHeld = new Promise<void>((resolve) => {
      releaseLogout = resolve;
    });
    let logoutSent = false;
    await page.route('**/api/logout', async (route) => {
      logoutSent = true;
      await logoutHeld;
      await route.continue();
    });
    const readsAfterSignOut: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (logoutSent && url.pathname.startsWith('/api/') && url.pathname !== '/api/logout')
        readsAfterSignOut.push(url.pathname);
    });

    await page.goto('/settings');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect.poll(() => logoutSent).toBe(true);
    releaseScreen();
    // Long enough for the screen to arrive and render, were it still wanted.
    await page.waitForTimeout(1000);
    releaseLogout();

    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText('You have been successfully logged out.', { exact: true })).toBeVisible();
    expect(readsAfterSignOut).toEqual([]);
  });

  test.describe('a sign-out the server never answers', () => {
    test.use({ allowConsoleErrors: /Failed to load resource: net::ERR_FAILED/ });

    test('keeps the user signed in where they were, with the failure said', async ({ page }) => {
      await signUp(page);
      await page.route('**/api/logout', (route) => route.abort('failed'));
      await page.goto('/settings');
      await expectScreen(page, 'Settings');
      await page.getByRole('button', { name: 'Sign Out' }).click();
      await expect(page.getByText('Logout failed', { exact: true })).toBeVisible();
      await expect(page).toHaveURL(/\/settings$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('userId'))).not.toBeNull();
    });
  });
});

test.describe('mobile, 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('top bar and slide-in menu', async ({ page }, testInfo) => {
    const user = await signUp(page, { admin: true, name: 'Ada Admin' });
    await page.goto('/dashboard');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();

    const topBar = page.getByRole('banner');
    await expect(topBar.getByText('AI Book Studio')).toBeVisible();
    await expect(topBar.getByText('Early Access')).toBeVisible();
    await expect(topBar.getByRole('link', { name: /credits?\. View plans/ })).toBeVisible();
    await keepScreenshot(page, testInfo, 'mobile-top-bar');

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByText(user.name)).toBeVisible();
    await expect(menu.getByText(user.email)).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    // The mobile menu never shows Admin Tools, even to an admin.
    await expect(menu.getByRole('link', { name: /Admin Tools/ })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Help & Support' })).toHaveAttribute('href', '/help-support');
    await keepScreenshot(page, testInfo, 'mobile-menu');

    await menu.getByRole('link', { name: 'My Images' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/my-images$/);
    await expectScreen(page, 'My Images');

    // The in-app help page sits inside the layout.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Help & Support' }).click();
    await expect(page).toHaveURL(/\/help-support$/);
    await expectScreen(page, 'Help & Support');

    // Escape closes the menu and gives focus back to its button.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });
});
