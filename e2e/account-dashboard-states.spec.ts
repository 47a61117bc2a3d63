// Issue 12: the dashboard's important notice only for paid users whose account did not update,
// and an error state without invented numbers.
import { expect, signUp, test } from './support/fixtures';

test('a paid user whose plan is in place never sees the important notice', async ({ page }) => {
  const user = await signUp(page);
  await page.route('**/api/session', (route) =>
    route.fulfill({ json: { user: { ...user, subscriptionTier: 'Basic', credits: 60 } } }),
  );
  await page.goto('/dashboard');
  await expect(page.getByTestId('plan-badge')).toContainText('Basic');
  await expect(page.getByText('Important notice')).toHaveCount(0);
});

test('back from a payment that never reached the account: the notice replaces the green alert', async ({
  page,
}) => {
  test.setTimeout(45_000);
  await signUp(page);
  await page.goto('/dashboard?subscription=success');
  await expect(page.getByText('Subscription Activated!').first()).toBeVisible();
  await expect(page.getByText('Important notice')).toHaveCount(0);
  // Three refreshes 3 s apart, and still Demo with the same credits.
  await expect(page.getByText('Important notice')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Subscription Activated!' })).toHaveCount(0);
});

test.describe('when the books cannot be loaded', () => {
  test.use({ allowConsoleErrors: /status of 500/ });
  test('the dashboard shows the error, not "0 / 0 / 0" or "No books in progress"', async ({ page }) => {
    await signUp(page);
    await page.route(/\/api\/airtable\/books\//, (route) =>
      route.fulfill({ status: 500, json: { message: 'Failed to fetch books', error: 'INTERNAL' } }),
    );
    await page.goto('/dashboard');
    await expect(
      page.getByText('Error loading dashboard data. Please try refreshing the page.'),
    ).toBeVisible();
    await expect(page.getByText('Total books created')).toHaveCount(0);
    await expect(page.getByText(/No books in progress/i)).toHaveCount(0);
  });
});
