// The dashboard's important notice only for paid users whose account did not update,
// and an error state without invented numbers.
import type { Page } from '@playwright/test';
import { failureMessage } from '@studio/events';
import { expectToast, toasts } from './account-helpers';
import { expect, keepScreenshot, signUp, test } from './support/fixtures';

test('a paid user whose plan is in place never sees the important notice', async ({ page }) => {
  const user = await signUp(page);
  await page.route('**/api/session', (route) =>
    route.fulfill({ json: { user: { ...user, subscriptionTier: 'Basic', credits: 60 } } }),
  );
  await page.goto('/dashboard');
  await expect(page.getByTestId('plan-badge')).toContainText('Basic');
  await expect(page.getByText('Important notice')).toHaveCount(0);
});

/** Opens a simulated checkout for the plan; returns its page's path (POST `${path}/pay` pays it). */
async function openCheckout(page: Page, planId: string): Promise<string> {
  const session = await page.request.post('/api/create-checkout-session', { data: { planId } });
  expect(session.status()).toBe(200);
  return new URL(((await session.json()) as { url: string }).url, 'http://x').pathname;
}

/**
 * Counts the session reads from here on: the dashboard's first read, then its three refreshes
 * after a return from payment.
 */
function countSessionReads(page: Page): () => number {
  let reads = 0;
  page.on('requestfinished', (request) => {
    if (new URL(request.url()).pathname === '/api/session') reads += 1;
  });
  return () => reads;
}

/**
 * Waits until the first read and the three refreshes have been answered, then asks once more
 * through Refresh Data: once its toast shows, the page has rendered what the last refresh said.
 */
async function afterTheRefreshes(page: Page, sessionReads: () => number) {
  await expect.poll(sessionReads, { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
  await page.getByRole('button', { name: 'Refresh Data' }).click();
  await expectToast(page, 'Data Refreshed');
}

/** Once the refreshes are in, the page still says the subscription is active, with no notice. */
async function expectActivatedAfterTheRefreshes(page: Page, sessionReads: () => number) {
  await afterTheRefreshes(page, sessionReads);
  await expect(page.getByText('Subscription Activated!')).toBeVisible();
  await expect(page.getByText('Important notice')).toHaveCount(0);
}

/** Back on the dashboard from a Basic checkout, which first says it is confirming the payment. */
async function backFromBasicCheckout(page: Page) {
  await page.goto('/dashboard?subscription=success&plan=basic');
  await expect(page.getByText('Confirming your payment')).toBeVisible({ timeout: 20_000 });
}

test('paid before the browser came back: "Subscription Activated!" stays, no important notice', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  await signUp(page);
  const reads = countSessionReads(page);
  await page.goto(await openCheckout(page, 'standard'));
  // The simulated checkout credits the account before it sends the browser back.
  await page.getByRole('button', { name: /^Pay \$49\.99/ }).click();
  // A cold remote on a busy machine can take longer than the default wait.
  await expect(page.getByText('Subscription Activated!')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectToast(page, 'Subscription Activated');
  await expectActivatedAfterTheRefreshes(page, reads);
  await expect(page.getByTestId('plan-badge')).toHaveText('Standard plan');
  await keepScreenshot(page, testInfo, 'checkout-return-paid-before-1280');
});

test('paid after the browser came back: "Confirming your payment", then "Subscription Activated!"', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  await signUp(page);
  const checkout = await openCheckout(page, 'basic');
  const reads = countSessionReads(page);
  // Back on the dashboard before the payment has reached the account (a slow webhook).
  await backFromBasicCheckout(page);
  await expect(page.getByText('Subscription Activated!')).toHaveCount(0);
  await expect(page.getByText('Important notice')).toHaveCount(0);
  await keepScreenshot(page, testInfo, 'checkout-return-confirming-1280');
  await page.setViewportSize({ width: 375, height: 812 });
  await keepScreenshot(page, testInfo, 'checkout-return-confirming-375');
  // Now it lands.
  const paid = await page.request.post(`${checkout}/pay`, { data: {}, maxRedirects: 0 });
  expect(paid.status()).toBe(302);
  await expect(page.getByText('Subscription Activated!')).toBeVisible({ timeout: 15_000 });
  await expectToast(page, 'Subscription Activated');
  await expect(page.getByTestId('plan-badge')).toHaveText('Basic plan');
  await expectActivatedAfterTheRefreshes(page, reads);
  await keepScreenshot(page, testInfo, 'checkout-return-paid-after-375');
});

test('back from a payment that never reached the account: the notice after the refreshes, never "Activated"', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  await signUp(page);
  await backFromBasicCheckout(page);
  // Three refreshes 3 s apart, and still Demo with the same credits.
  await expect(page.getByText('Important notice')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Confirming your payment')).toHaveCount(0);
  await expect(page.getByText('Subscription Activated!')).toHaveCount(0);
  await expect(toasts(page).getByText('Subscription Activated', { exact: true })).toHaveCount(0);
  await keepScreenshot(page, testInfo, 'checkout-return-not-updated-1280');
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

test('credits above the allowance read as a count, never "670 / 60"', async ({ page }) => {
  const user = await signUp(page);
  await page.route('**/api/session', (route) =>
    route.fulfill({ json: { user: { ...user, subscriptionTier: 'Basic', credits: 670 } } }),
  );
  await page.goto('/dashboard');
  const card = page.getByRole('link', { name: /^Credits\s*670\b/ });
  await expect(card).toContainText('670');
  await expect(card).not.toContainText('/ 60');
});

test.describe('when checkout cannot start', () => {
  test.use({ allowConsoleErrors: /status of 500/ });
  test('one Back to Pricing, and Try again starts the checkout', async ({ page }) => {
    await signUp(page);
    let failures = 1;
    await page.route('**/api/create-subscription-intent', (route) =>
      failures-- > 0
        ? route.fulfill({ status: 500, json: { message: 'Stripe is down', error: 'INTERNAL' } })
        : route.continue(),
    );
    await page.goto('/checkout/basic');
    await expect(page.getByText('Failed to initialize checkout. Please try again.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Pricing' })).toHaveCount(1);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('Failed to initialize checkout. Please try again.')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Subscribe|Pay/ }).first()).toBeVisible();
  });
});

test.describe('a paid tier without a subscription', () => {
  // The preview's 409 (no subscription to change) is logged by the browser.
  test.use({ allowConsoleErrors: /status of 409/ });
  test('(set by an admin) buys a plan as anyone does', async ({ page }) => {
    // The plan change needs a subscription to change; without one the server says so (409) and the
    // page offers the checkout, naming the current plan.
    const user = await signUp(page);
    await page.route('**/api/session', (route) =>
      route.fulfill({ json: { user: { ...user, subscriptionTier: 'Basic', credits: 60 } } }),
    );
    await page.goto('/payment?plan=premium');
    await expect(page.getByTestId('current-plan')).toHaveText('Current plan: Basic');
    await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeVisible();
    await expect(page.getByTestId('plan-change')).toHaveCount(0);
  });
});

test('the early-access promotion and its crossed-out prices show only before its date, decided in the browser', async ({
  page,
}) => {
  // Today is past the promotion's date (2025-07-15): no notice and no "regular price" to strike out.
  await page.goto('/pricing');
  await expect(page.getByTestId('plan-basic')).toContainText('$29.99');
  await expect(page.getByText(/double on/)).toHaveCount(0);
  await expect(page.getByText('$59.98')).toHaveCount(0);
  // The same build, visited before that date: both are back.
  await page.clock.setFixedTime(new Date('2025-07-01T12:00:00Z'));
  await page.reload();
  await expect(page.getByText(/double on July 15th, 2025/)).toBeVisible();
  await expect(page.getByText('$59.98')).toBeVisible();
});

test('the price rows of the plan cards line up at 1280 px', async ({ page }) => {
  await page.goto('/pricing');
  const tops = await page
    .locator('[data-testid^="plan-"]')
    .evaluateAll((cards) =>
      cards.map(
        (card) =>
          [...card.querySelectorAll('span')]
            .find((s) => s.textContent?.startsWith('$'))
            ?.getBoundingClientRect().top ?? -1,
      ),
    );
  expect(tops).toHaveLength(3);
  expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(2);
});

test('Update Profile saves the name, phone and pen name, validated as at registration, and says so', async ({
  page,
}) => {
  await signUp(page);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  const form = page.getByRole('form', { name: 'Update Profile' });
  await form.getByLabel('Full name').fill('A');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText('Name must be at least 2 characters')).toBeVisible();
  await form.getByLabel('Full name').fill('Grace Brewster Hopper');
  await form.getByLabel('Phone number').fill('+1 202 555 0143');
  await form.getByLabel('Pen name').fill('G');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText('Pen name must be at least 2 characters')).toBeVisible();
  await form.getByLabel('Pen name').fill('G. B. Hopper');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    page.getByRole('region', { name: /Notifications/ }).getByText('Profile updated'),
  ).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(page.getByText('Grace Brewster Hopper').first()).toBeVisible();
  const me = await (await page.request.get('/api/user')).json();
  await expect(page.getByText('G. B. Hopper')).toBeVisible();
  expect(me).toMatchObject({
    name: 'Grace Brewster Hopper',
    phoneNumber: '+1 202 555 0143',
    penName: 'G. B. Hopper',
  });
});

test('a book that failed lately is named on the dashboard with why and its refund', async ({
  page,
}, testInfo) => {
  await signUp(page);
  const reason = failureMessage('REFUSED', 20);
  await page.route(/\/api\/airtable\/books\/[^/]+$/, async (route) => {
    const real = (await (await route.fetch()).json()) as unknown[];
    await route.fulfill({
      json: [
        {
          id: 'failed-1',
          title: 'Garden Bees',
          type: 'non-fiction',
          status: 'Failed',
          generationStatus: 'failed',
          createdAt: new Date().toISOString(),
          error: reason,
        },
        ...real,
      ],
    });
  });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/dashboard');
    const notice = page.getByRole('alert').filter({ hasText: 'A book could not be made' });
    await expect(notice).toContainText(`Garden Bees: ${reason}`);
    await expect(notice.getByRole('link', { name: 'See them in My Books' })).toHaveAttribute(
      'href',
      '/my-books',
    );
    await keepScreenshot(page, testInfo, `dashboard-failed-book-${width}`);
  }
});
