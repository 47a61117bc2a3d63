// Journey 4: the account screens at 375 px: mobile layout, no horizontal overflow, screenshots.
import { expectNoHorizontalOverflow, recordForeignRequests } from './account-helpers';
import { expect, keepScreenshot, signUp, test } from './support/fixtures';
import { holdRequests } from './support/hold';
import { PASSWORD } from './support/users';

test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

test('public screens at 375 px', async ({ page, baseURL }, testInfo) => {
  // The landing page's demo and everything else load from the app itself, never the internet.
  const foreign = recordForeignRequests(page, baseURL!);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'AI Book Generator Platform' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Product demo video/ })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'mobile-landing');

  // The header's links live behind the menu toggle on phones.
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/help-support-page');
  await keepScreenshot(page, testInfo, 'mobile-landing-menu');
  await menu.getByRole('link', { name: 'FAQ' }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/#faq$/);

  // FAQ: one answer open at a time, or none.
  const faq = page.locator('#faq');
  await faq.getByRole('button', { name: 'How do credits work?' }).click();
  await expect(faq.getByText('A book uses 20 credits.', { exact: false })).toBeVisible();
  await faq.getByRole('button', { name: 'Do I own the books I create?' }).click();
  await expect(faq.getByText('A book uses 20 credits.', { exact: false })).toBeHidden();
  await faq.getByRole('button', { name: 'Do I own the books I create?' }).click();
  await expect(faq.getByRole('region')).toHaveCount(0);

  for (const [path, heading, shot] of [
    ['/auth', 'Log in or register', 'mobile-auth'],
    ['/pricing', 'Pricing', 'mobile-pricing'],
    ['/help-support-page', 'Help & Support', 'mobile-help'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await keepScreenshot(page, testInfo, shot);
  }
  expect(foreign).toEqual([]);
});

test('the menu and an FAQ question pressed before the app started open once it has', async ({ page }) => {
  // Hold the account remote back: the phone shows the prerendered landing page only.
  const release = await holdRequests(page, '**/remotes/account/**');
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const early = page.locator('#prerendered');
  await early.getByRole('button', { name: 'Open menu' }).click();
  await early.getByRole('button', { name: 'How do credits work?' }).click();
  release();

  await expect(page.locator('#prerendered')).toHaveCount(0);
  const menu = page.getByRole('navigation', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/help-support-page');
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('#faq').getByText('A book uses 20 credits.', { exact: false })).toBeVisible();
  // The last button pressed keeps the focus, as it had it.
  await expect(page.locator('#faq').getByRole('button', { name: 'How do credits work?' })).toBeFocused();
});

test('an email and password typed before the app started are kept and log in', async ({ page }) => {
  const user = await signUp(page);
  await page.request.post('/api/logout');
  const release = await holdRequests(page, '**/remotes/account/**');
  await page.goto('/auth', { waitUntil: 'domcontentloaded' });
  const early = page.locator('#prerendered');
  await early.getByLabel('Email').fill(user.email);
  await early.getByLabel('Password').fill(PASSWORD);
  release();

  await expect(page.locator('#prerendered')).toHaveCount(0);
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  // The field they were typing in keeps the focus.
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('signed-in screens at 375 px', async ({ page }, testInfo) => {
  // Eight screens in one walk: more than the default 30 s on a busy two-core machine.
  test.slow();
  await signUp(page, { name: 'Mo Bile' });
  for (const [path, heading, shot] of [
    ['/dashboard', 'Dashboard', 'mobile-dashboard'],
    ['/payment?plan=standard', 'Plan payment', 'mobile-payment'],
    ['/checkout/premium', 'Checkout', 'mobile-checkout'],
    ['/profile', 'My Profile', 'mobile-profile'],
    ['/settings', 'Settings', 'mobile-settings'],
    ['/help-support', 'Help & Support', 'mobile-help-support'],
    ['/refund-policy', 'Refund Policy', 'mobile-refund-policy'],
    ['/admin-tools', 'Admin Tools', 'mobile-admin-denied'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // Signed-in screens keep the shell's mobile top bar.
    if (path !== '/checkout/premium')
      await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await keepScreenshot(page, testInfo, shot);
  }
  await page.goto('/dashboard');
  await expect(page.getByText('Welcome back, Mo Bile!', { exact: true })).toBeVisible();
  await expect(page.getByText('No books in progress')).toBeVisible();
});
