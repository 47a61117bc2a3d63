// When the server's gateway is 'stripe', the card form is Stripe Elements, loaded only then. Stripe.js
// cannot be fetched here (no internet), so the config is stubbed and the script request refused: the
// forms must ask for Stripe.js and then say clearly that the payment form is missing.
import type { Page } from '@playwright/test';
import { openAuthTab } from './account-helpers';
import { expect, signUp, test } from './support/fixtures';

test.use({ allowConsoleErrors: /ERR_FAILED|Failed to load resource/ });

async function stripeModeOffline(page: Page): Promise<string[]> {
  const stripeRequests: string[] = [];
  await page.route('**/api/payments/config', (route) =>
    route.fulfill({ json: { gateway: 'stripe', publishableKey: 'pk_test_offline', plans: [] } }),
  );
  await page.route('https://js.stripe.com/**', (route) => {
    stripeRequests.push(route.request().url());
    return route.abort('failed');
  });
  return stripeRequests;
}

test('register: Stripe Elements is requested, and its absence is explained', async ({ page }) => {
  const stripeRequests = await stripeModeOffline(page);
  const form = await openAuthTab(page, 'Register');
  await expect(form.getByText('Payment form not found. Please reload the page.')).toBeVisible();
  await expect(form.getByText('Test mode: no card is needed.', { exact: false })).toHaveCount(0);
  // The button stays disabled until the provider's elements are ready (docs/product/accounts-billing-admin.md (Validation)).
  await expect(form.getByRole('button', { name: 'Create Account' })).toBeDisabled();
  expect(stripeRequests.length).toBeGreaterThan(0);
});

test('checkout: the embedded form explains a payment form that cannot load', async ({ page }) => {
  await signUp(page);
  const stripeRequests = await stripeModeOffline(page);
  await page.goto('/checkout/basic');
  await expect(page.getByText('Payment form not found. Please reload the page.')).toBeVisible();
  await expect(page.getByText('Test mode — no real charge')).toHaveCount(0);
  expect(stripeRequests.length).toBeGreaterThan(0);
});
