// Journey 1: register through the UI → pricing → simulated subscribe through the test
// checkout → credits on the dashboard and in the credit bar → sign out → sign in again.
import {
  expectToast,
  logInThroughUi,
  recordForeignRequests,
  registerThroughUi,
  signOutThroughUi,
} from './account-helpers';
import { expect, keepScreenshot, test } from './support/fixtures';
import { uniqueEmail } from './support/users';

test('register, subscribe to Basic in test mode, see 60 credits, sign out and back in', async ({
  page,
}, testInfo) => {
  const name = 'Jo Journey';
  const email = uniqueEmail('journey');
  // The server's plain test-checkout page has no icon; Chromium's favicon probe would log a 404.
  await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));

  await registerThroughUi(page, { name, email });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectToast(page, 'Registration successful', `Welcome, ${name}!`);
  await expect(page.getByText(`Welcome back, ${name}!`, { exact: true })).toBeVisible();
  await expect(page.getByTestId('plan-badge')).toHaveText('Demo plan');
  await expect(page.getByTestId('credits-badge')).toHaveText('0 credits');
  await expect(page.getByText('No books in progress')).toBeVisible();

  // The sidebar's credits card leads to the plans.
  await page.getByRole('link', { name: /^Credits\s*0\b/ }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByText('$29.99').first()).toBeVisible();
  await page.getByRole('link', { name: 'Subscribe to Basic' }).click();

  await expect(page).toHaveURL(/\/payment\?plan=basic$/);
  await expect(page.getByText('$29.99/month')).toBeVisible();
  await expect(page.getByText('About 3 books per month')).toBeVisible();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();

  // The simulated gateway's hosted page, clearly a test.
  await expect(page).toHaveURL(/\/api\/simulated-checkout\/[0-9a-f]{24}$/);
  await expect(page.getByText('Test mode — no real charge', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: /^Pay \$29\.99/ }).click();

  // Back on the dashboard: alert, toast, query string gone, credits in place.
  await expect(page.getByText('Subscription Activated!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectToast(page, 'Subscription Activated');
  await expect(page.getByTestId('plan-badge')).toHaveText('Basic plan');
  await expect(page.getByTestId('credits-badge')).toHaveText('60 credits');
  // The plan and credits arrived, so no "have not updated" notice.
  await expect(page.getByText('Important notice')).toHaveCount(0);
  const creditBar = page.getByRole('progressbar', { name: 'Credits remaining' });
  await expect(creditBar).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText('You have 60 credits remaining.')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Credits\s*60 \/ 60.*Basic plan/ })).toBeVisible();
  await keepScreenshot(page, testInfo, 'dashboard-after-subscribe');

  // Refresh Data refetches and says so.
  await page.getByRole('button', { name: 'Refresh Data' }).click();
  await expectToast(page, 'Data Refreshed');

  // The profile's credit history shows the grant.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  const history = page.getByRole('list', { name: 'Credit history' });
  await expect(history.getByText('+60')).toBeVisible();
  await expect(history.getByText('Granted')).toBeVisible();

  await signOutThroughUi(page);
  await logInThroughUi(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectToast(page, 'Login successful', `Welcome back, ${name}!`);
  await expect(page.getByTestId('plan-badge')).toHaveText('Basic plan');
  await expect(page.getByTestId('credits-badge')).toHaveText('60 credits');
  await expect(page.getByText('You have 60 credits remaining.')).toBeVisible();
});

test('the embedded checkout subscribes in test mode and lands on the success page', async ({
  page,
  baseURL,
}) => {
  // Simulated mode loads no payment provider script: nothing leaves the app's origin.
  const foreign = recordForeignRequests(page, baseURL!);
  const name = 'Cy Checkout';
  await registerThroughUi(page, { name, email: uniqueEmail('checkout') });
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/checkout/standard');
  await expect(page.getByRole('heading', { name: 'Plan summary' })).toBeVisible();
  await expect(page.getByText('Test mode — no real charge')).toBeVisible();
  await page.getByRole('button', { name: 'Subscribe to Standard - $49.99/month' }).click();

  await expect(page).toHaveURL(/\/subscription-success\?plan=Standard&credits=150&total=150$/);
  await expectToast(page, 'Payment Successful', 'You are now subscribed!');
  await expect(page.getByRole('heading', { name: 'Subscription successful!' })).toBeVisible();
  await expect(page.getByText(/Redirecting to your dashboard in \d seconds?/)).toBeVisible();
  // Redirects by itself after 5 seconds.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 8_000 });
  await expect(page.getByTestId('credits-badge')).toHaveText('150 credits');
  expect(foreign).toEqual([]);
});

test('an unknown checkout plan goes to /pricing', async ({ page }) => {
  await page.goto('/checkout/platinum');
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
});

test('the subscription setup page requests a subscription, then takes the payment', async ({ page }) => {
  await registerThroughUi(page, { name: 'Sue Setup', email: uniqueEmail('setup') });
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/subscribe?plan=premium');
  await expect(page.getByRole('heading', { level: 1, name: 'Complete Your Subscription' })).toBeVisible();
  await page.getByRole('button', { name: 'Subscribe Now' }).click();
  await expect(page).toHaveURL(/\/subscription-success\?plan=Premium&credits=400&total=400$/);
  await expectToast(page, 'Subscription Successful', 'Welcome to your new subscription!');
});
