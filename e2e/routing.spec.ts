// Routing owned by the shell: auth guard, 404, the two redirects, public routes.
import type { Page } from '@playwright/test';
import { expect, expectScreen, signUp, test } from './support/fixtures';

/** Placeholders print the route params they received (real screens show them their own way). */
async function expectParam(page: Page, text: string): Promise<void> {
  if ((await page.getByTestId('screen-placeholder').count()) > 0)
    await expect(page.getByText(text)).toBeVisible();
}

test.describe('signed-out visitor', () => {
  test('is sent to /auth from a signed-in route, with a spinner while the session loads', async ({
    page,
  }) => {
    // Hold the session answer back a little so the spinner can be seen.
    await page.route('**/api/user', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('status', { name: 'Loading your session' })).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    await expectScreen(page, 'Log in or register');
  });

  test('sees public routes without signing in', async ({ page }) => {
    await page.goto('/pricing');
    await expectScreen(page, 'Pricing');
    await page.goto('/qr-landing/abc123');
    await expectScreen(page, 'Join Our Community');
    await expectParam(page, 'id = abc123');
  });

  test('gets the 404 card for an unknown path', async ({ page }) => {
    await page.goto('/this/page/does-not-exist');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText('404')).toBeVisible();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
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

  test('reaches routes with parameters', async ({ page }) => {
    await signUp(page);
    // The kids book viewer reads its book by the route's id.
    await page.route('**/api/kids-book/book-42', (route) => route.fulfill({ json: { title: 'Book 42' } }));
    await page.goto('/kids-book/book-42');
    await expectScreen(page, 'Kids Book');
    await expectParam(page, 'bookId = book-42');
    await expect(page.getByRole('heading', { level: 1, name: 'Book 42' })).toBeVisible();
    await page.goto('/qr-codes/qr-7');
    await expectScreen(page, 'QR Code');
  });
});
