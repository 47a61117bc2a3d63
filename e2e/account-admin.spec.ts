// Journey 3: an admin fixes another user's tier and credits in Admin Tools and reads the
// user's event history; the user then sees the fix after signing in. A non-admin sees 'Access Denied'.
import AxeBuilder from '@axe-core/playwright';
import {
  ADMIN_TABS,
  expectNoHorizontalOverflow,
  expectToast,
  logInThroughUi,
  signOutThroughUi,
} from './account-helpers';
import { signUpOnPlan } from './books-helpers';
import { expect, keepScreenshot, signUp, test } from './support/fixtures';

test('an admin fixes a subscription and the user sees it', async ({ page }, testInfo) => {
  // The user whose subscription "broke".
  const user = await signUp(page, { name: 'Broken Sub' });
  await page.request.post('/api/logout');

  await signUp(page, { admin: true });
  await page.goto('/admin-tools');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Tools' })).toBeVisible();
  for (const tab of ADMIN_TABS) {
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  }

  // Update User Subscription: defaults, lookup by email, then the fix.
  const update = page.getByRole('form', { name: 'Update User Subscription' });
  await expect(update.getByLabel('Credits')).toHaveValue('60');
  await expect(update.getByRole('combobox', { name: 'Subscription tier' })).toHaveText(/Basic - \$19/);
  await page.getByRole('textbox', { name: 'Find a user by email' }).fill(user.email);
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(page.getByText(`Broken Sub (${user.email}): Demo, 0 credits`)).toBeVisible();
  await expect(update.getByLabel('User ID')).toHaveValue(user.id);

  // The customer id is required, the subscription id optional, the credits numeric.
  await update.getByRole('button', { name: 'Update Subscription' }).click();
  await expect(update.getByText('Required', { exact: true })).toBeVisible();
  // An id the route refuses is named under its box.
  await update.getByLabel('Subscription ID (optional)').fill('s'.repeat(256));
  await update.getByRole('button', { name: 'Update Subscription' }).click();
  await expect(update.getByText('Subscription ID must be at most 255 characters')).toBeVisible();
  await update.getByLabel('Subscription ID (optional)').fill('');
  await update.getByLabel('Customer ID').fill('cus_manual_fix');
  await update.getByRole('combobox', { name: 'Subscription tier' }).click();
  await page.getByRole('option', { name: /^Premium - \$89/ }).click();
  await expect(update.getByLabel('Credits')).toHaveValue('400');
  await update.getByLabel('Credits').fill('250');
  await update.getByRole('button', { name: 'Update Subscription' }).click();
  await expectToast(
    page,
    'Subscription Updated',
    'Broken Sub now has the Premium plan and 250 credits (was 0).',
  );
  // The lookup line follows the update instead of showing the replaced plan.
  await expect(page.getByText(`Broken Sub (${user.email}): Premium, 250 credits`)).toBeVisible();

  // Verify Subscriptions reports its counts.
  await page.getByRole('tab', { name: 'Verify Subscriptions' }).click();
  await page.getByRole('button', { name: 'Verify All Subscriptions' }).click();
  await expectToast(page, 'Verification Complete', /^Verified: \d+ subscriptions?\. Errors: \d+\.$/);

  // Event History: the user's account stream, newest first, readable.
  await page.getByRole('tab', { name: 'Event History' }).click();
  await page.getByLabel('User ID or email').fill(user.email);
  await page.getByRole('button', { name: 'Show events' }).click();
  const events = page.getByTestId('stream-event');
  await expect(page.getByRole('heading', { name: new RegExp(`events? for ${user.email}`) })).toBeVisible();
  await expect(events.first()).toContainText('Credits adjusted');
  await expect(events.first()).toContainText('newCredits250');
  await expect(events.filter({ hasText: 'Subscription admin updated' })).toHaveCount(1);
  await expect(events.last()).toContainText('User registered');
  await expect(page.getByText('passwordHash')).toHaveCount(0);
  await keepScreenshot(page, testInfo, 'admin-event-history');

  // Rebuild asks for confirmation; cancelling changes nothing.
  await page.getByRole('tab', { name: 'Rebuild Read Models' }).click();
  await page.getByRole('button', { name: 'Rebuild Read Models' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rebuild all read models?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Self Update changes the admin's own subscription, then the page reloads (2.5 s).
  await page.getByRole('tab', { name: 'Self Update' }).click();
  const self = page.getByRole('form', { name: 'Self Update' });
  await self.getByRole('combobox', { name: 'Subscription tier' }).click();
  await page.getByRole('option', { name: /^Standard - \$39/ }).click();
  const reloaded = page.waitForEvent('load');
  await self.getByRole('button', { name: 'Update My Subscription' }).click();
  await expectToast(page, 'Subscription Updated');
  await expect(self.getByRole('button', { name: 'Reloading...' })).toBeDisabled();
  await reloaded;
  await expect(page.getByRole('link', { name: /^Credits.*Standard plan/ })).toBeVisible();

  // The user signs in and sees the fix.
  await signOutThroughUi(page);
  await logInThroughUi(page, user.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('plan-badge')).toHaveText('Premium plan');
  await expect(page.getByTestId('credits-badge')).toHaveText('250 credits');
  await expect(page.getByText('You have 250 credits remaining.')).toBeVisible();

  // …and, not being an admin, is refused the tools.
  await page.goto('/admin-tools');
  await expect(page.getByRole('alert').filter({ hasText: 'Access Denied' })).toContainText(
    "You don't have permission to access this page. This area is restricted to administrators only.",
  );
  await expect(page.getByRole('tab', { name: 'Update User Subscription' })).toHaveCount(0);
});

test('at 375 px the admin tabs scroll with a visible hint, and the last tab is reachable', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signUp(page, { admin: true });
  await page.goto('/admin-tools');
  const tabs = page.getByRole('tablist');
  await expect(tabs).toBeVisible();
  expect(await tabs.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  expect(await tabs.evaluate((el) => getComputedStyle(el).backgroundImage)).toMatch(/radial-gradient/);
  const last = page.getByRole('tab', { name: 'Rebuild Read Models' });
  await last.click();
  await expect(last).toBeInViewport({ ratio: 1 });
  await expect(last).toHaveAttribute('aria-selected', 'true');
});

test('the open admin tab stays in view when the window gets narrower', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp(page, { admin: true });
  await page.goto('/admin-tools');
  const last = page.getByRole('tab', { name: 'Newsletter' });
  await last.click();
  await expect(last).toHaveAttribute('aria-selected', 'true');
  await page.setViewportSize({ width: 375, height: 812 });
  const tabs = page.getByRole('tablist');
  await expect.poll(() => tabs.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await expect(last).toBeInViewport({ ratio: 1 });
});

test('AI Costs: a user’s listing shows by tool and by user, at no cost offline, readable on a phone', async ({
  page,
}, testInfo) => {
  const user = await signUpOnPlan(page, 'basic', { name: 'Costly Writer' });
  const created = await page.request.post('/api/kdp-listings/create', {
    data: { userId: user.id, bookTitle: 'Garden Bees', bookPrompt: 'A gentle guide to garden bees' },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  await page.request.post('/api/logout');

  await signUp(page, { admin: true });
  // The listing is counted once its job has finished (the offline writer is quick).
  const today = new Date();
  const period = `from=${new Date(today.getTime() - 86_400_000).toISOString().slice(0, 10)}&to=${new Date(today.getTime() + 2 * 86_400_000).toISOString().slice(0, 10)}`;
  await expect
    .poll(async () => {
      const report = (await (await page.request.get(`/api/admin/ai-costs?${period}`)).json()) as {
        byUser: Array<{ userId: string }>;
      };
      return report.byUser.some((line) => line.userId === user.id);
    })
    .toBe(true);

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/admin-tools');
    await page.getByRole('tab', { name: 'AI Costs' }).click();
    await expect(page.getByRole('status').filter({ hasText: /\d+ jobs?: AI cost \$0\.00/ })).toBeVisible();
    await expect(page.getByText(/jobs? made by the offline provider, at no cost\./)).toBeVisible();
    const byUser = page.getByRole('region', { name: 'By user (most costly first)' });
    await expect(byUser.getByRole('row', { name: new RegExp(user.id) })).toContainText('$0.00');
    await expect(
      page.getByRole('region', { name: 'By tool' }).getByRole('rowheader', { name: 'kdp-listing' }),
    ).toBeVisible();
    await expectNoHorizontalOverflow(page);
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
      [],
    );
    await keepScreenshot(page, testInfo, `admin-ai-costs-${width}`);
  }
});
