// Routing owned by the shell: auth guard, 404, the two redirects, public routes.
import type { Page } from '@playwright/test';
import { expect, expectScreen, signUp, test } from './support/fixtures';
import { holdRequests } from './support/hold';

/** Placeholders print the route params they received (real screens show them their own way). */
async function expectParam(page: Page, text: string): Promise<void> {
  if ((await page.getByTestId('screen-placeholder').count()) > 0)
    await expect(page.getByText(text)).toBeVisible();
}

test.describe('signed-out visitor', () => {
  test('is sent to /auth from a signed-in route, with the layout skeleton while the session loads', async ({
    page,
  }) => {
    // Hold the session answer back until the skeleton has been seen (the page preloads it, so
    // a fixed delay could be over before the app has even started).
    const release = await holdRequests(page, '**/api/session');
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await expect(page.getByRole('status', { name: 'Loading your session' })).toBeVisible();
    release();
    await expect(page).toHaveURL(/\/auth$/);
    await expectScreen(page, 'Log in or register');
  });

  test.describe('an unknown QR code', () => {
    // The server answers 404 for the page (Chromium logs it).
    test.use({ allowConsoleErrors: /status of 404/ });
    test('sees public routes without signing in', async ({ page }) => {
      await page.goto('/pricing');
      await expectScreen(page, 'Pricing');
      // The server's own page (not the shell): an unknown code shows a not-found state with the
      // load-failure toast, and no signup form that could only fail.
      const landing = await page.goto('/qr-landing/abc123');
      expect(landing?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'QR code not found' })).toBeVisible();
      await expect(page.getByRole('alert')).toContainText(
        'Unable to load this page. The QR code may be invalid.',
      );
      await expect(page.locator('form')).toHaveCount(0);
    });
  });

  test('gets the 404 card for an unknown path', async ({ page }) => {
    await page.goto('/this/page/does-not-exist');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText('404')).toBeVisible();
    await expect(page).toHaveTitle('Page Not Found · AI Book Studio');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test('the app has an icon of its own, served as a real image', async ({ page }) => {
  await page.goto('/pricing');
  const href = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(href).toMatch(/\.svg$/);
  const icon = await page.request.get(href ?? '');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toContain('image/svg+xml');
  expect(await icon.text()).toContain('<svg');
});

test.describe('signed-in user', () => {
  test('follows the two unrouted links to the current tools', async ({ page }) => {
    await signUp(page);
    await page.goto('/create-book');
    await expect(page).toHaveURL(/\/non-fiction-gen2$/);
    await expectScreen(page, 'Non-Fiction Gen 2.0');
    await page.goto('/image-generator');
    await expect(page).toHaveURL(/\/image-generator-v2$/);
    await expectScreen(page, 'Image Generator v2');
  });

  test.describe('with a missing QR code', () => {
    // GET /api/qr-codes/qr-7 is a 404 (Chromium logs it); the screen shows its not-found state.
    test.use({ allowConsoleErrors: /status of 404/ });
    test('reaches routes with parameters', async ({ page }) => {
      await signUp(page);
      // The kids book viewer reads its book by the route's id.
      await page.route('**/api/kids-book/book-42', (route) => route.fulfill({ json: { title: 'Book 42' } }));
      await page.goto('/kids-book/book-42');
      await expectScreen(page, 'Kids Book');
      await expectParam(page, 'bookId = book-42');
      await expect(page.getByRole('heading', { level: 1, name: 'Book 42' })).toBeVisible();
      await expect(page).toHaveTitle('Kids Book · AI Book Studio');
      await page.goto('/qr-codes/qr-7');
      await expect(page.getByText('QR code not found')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/qr-codes');
    });
  });
});
