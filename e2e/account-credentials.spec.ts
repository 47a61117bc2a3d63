// Passwords and the verified address through the UI: forgot → the mailed link → a new password
// (every session ended), a password change in Settings, and the verification link (a new one on
// demand). The server writes its mail to the outbox folder, where the test reads the links.
import type { Browser, Page } from '@playwright/test';
import { checkScreen, expectToast, logInThroughUi } from './account-helpers';
import { expect, signUp, test } from './support/fixtures';
import { mailCount, mailedLink } from './support/outbox';
import { PASSWORD, uniqueEmail } from './support/users';

// Each journey scans several screens at two widths.
test.describe.configure({ timeout: 90_000 });
const NEW_PASSWORD = 'battery-staple-42';

/**
 * A new user, signed in a second time in another browser, whose session must end where the
 * product says so.
 */
async function signUpInTwoBrowsers(page: Page, browser: Browser) {
  const user = await signUp(page);
  const elsewhere = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const login = await elsewhere.request.post('/api/login', {
    data: { email: user.email, password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  return { user, elsewhere };
}

test('forgot password: the mailed link sets a new password once and ends every session', async ({
  page,
  browser,
}, testInfo) => {
  const { user, elsewhere } = await signUpInTwoBrowsers(page, browser);
  await page.context().clearCookies();

  await page.goto('/auth');
  await expect(page.locator('#prerendered')).toHaveCount(0);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await checkScreen(page, testInfo, 'forgot-password');

  // An address without an account reads the same answer, and nothing is mailed to it.
  const stranger = uniqueEmail('nobody');
  await page.getByLabel('Email').fill(stranger);
  await page.getByRole('button', { name: 'Send the reset link' }).click();
  const inbox = page.getByRole('status').filter({ hasText: 'Check your inbox' });
  await expect(inbox).toBeVisible();
  const answer = await inbox.textContent();
  await page.reload();
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send the reset link' }).click();
  await expect(inbox).toBeVisible();
  expect(await inbox.textContent()).toBe(answer);
  await checkScreen(page, testInfo, 'forgot-password-sent');

  const link = await mailedLink(user.email, /^Reset your .* password$/);
  expect(mailCount(stranger)).toBe(0);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  // The secret is in the fragment, never sent to the server in a page request.
  expect(new URL(page.url()).hash).toMatch(/^#token=/);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repeat the new password').fill('something-else-1');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByText('The two passwords are not the same')).toBeVisible();
  await expect(page.getByLabel('Repeat the new password')).toBeFocused();
  await checkScreen(page, testInfo, 'reset-password-errors');
  await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Password changed' })).toBeVisible();
  await checkScreen(page, testInfo, 'reset-password-done');

  // Every session ended; the old password no longer works, the new one does.
  expect((await elsewhere.request.get('/api/user')).status()).toBe(401);
  expect(
    (await page.request.post('/api/login', { data: { email: user.email, password: PASSWORD } })).status(),
  ).toBe(401);

  // The link was single-use (opened afresh, as from the mail again).
  await page.goto('/auth');
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('third-password-9');
  await page.getByLabel('Repeat the new password').fill('third-password-9');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();

  await logInThroughUi(page, user.email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await elsewhere.close();
});

// A refused password or a spent link is a 400 the browser logs.
test.use({ allowConsoleErrors: /status of 400/ });

test('change password in Settings: the current one is required, other sessions end, this one goes on', async ({
  page,
  browser,
}, testInfo) => {
  const { user, elsewhere } = await signUpInTwoBrowsers(page, browser);
  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'Change password' });
  await expect(form).toBeVisible();

  await form.getByLabel('Current password').fill('not-my-password');
  await form.getByLabel('New password').fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByLabel('Current password')).toBeFocused();
  await expect(form.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
  await checkScreen(page, testInfo, 'settings-password-refused');
  // Refused: the other session still works.
  expect((await elsewhere.request.get('/api/user')).status()).toBe(200);

  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expectToast(page, 'Password changed');
  await expect(form.getByLabel('Current password')).toHaveValue('');
  expect((await elsewhere.request.get('/api/user')).status()).toBe(401);
  expect((await page.request.get('/api/user')).status()).toBe(200);
  const login = await page.request.post('/api/login', {
    data: { email: user.email, password: NEW_PASSWORD },
  });
  expect(login.status()).toBe(200);
  await elsewhere.close();
});

test('verify email: Settings says it is not verified, sends a new link, and the link verifies', async ({
  page,
}, testInfo) => {
  const user = await signUp(page);
  // Registration mailed the first link.
  const first = await mailedLink(user.email, /^Verify your email/);
  await page.goto('/settings');
  const card = page.getByTestId('email-card');
  await expect(card.getByText('Not verified yet')).toBeVisible();
  await checkScreen(page, testInfo, 'settings-unverified');

  await card.getByRole('button', { name: 'Send a new verification link' }).click();
  await expectToast(page, 'Verification link sent');
  const second = await mailedLink(user.email, /^Verify your email/, 2);
  expect(second).not.toBe(first);

  // The newer link replaced the first.
  await page.goto(first);
  await expect(page.getByRole('alert').filter({ hasText: 'This link did not work' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send a new link' })).toBeVisible();
  await checkScreen(page, testInfo, 'verify-email-failed');

  await page.goto(second);
  await expect(page.getByRole('status').filter({ hasText: 'Email verified' })).toBeVisible();
  await checkScreen(page, testInfo, 'verify-email-done');
  await page.goto('/settings');
  await expect(card.getByText('Verified', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Send a new verification link' })).toHaveCount(0);
});
