// Routing owned by the shell: auth guard, 404, the two redirects, public routes.
import { expect, screenHeading, signUp, test } from './support/fixtures';

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
    await expect(screenHeading(page, 'Log in or register')).toBeVisible();
  });

  test('sees public routes without signing in', async ({ page }) => {
    await page.goto('/pricing');
    await expect(screenHeading(page, 'Pricing')).toBeVisible();
    await page.goto('/qr-landing/abc123');
    await expect(screenHeading(page, 'Join Our Community')).toBeVisible();
    await expect(page.getByText('id = abc123')).toBeVisible();
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
    await expect(screenHeading(page, 'Non-Fiction Gen 2.0')).toBeVisible();
    await page.goto('/image-generator');
    await expect(page).toHaveURL(/\/image-generator-v2$/);
    await expect(screenHeading(page, 'Image Generator v2')).toBeVisible();
  });

  test('reaches routes with parameters', async ({ page }) => {
    await signUp(page);
    await page.goto('/kids-book/book-42');
    await expect(screenHeading(page, 'Kids Book')).toBeVisible();
    await expect(page.getByText('bookId = book-42')).toBeVisible();
    await page.goto('/qr-codes/qr-7');
    await expect(screenHeading(page, 'QR Code')).toBeVisible();
  });
});
