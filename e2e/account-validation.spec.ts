// Journey 2: every validation message of docs/product/accounts-billing-admin.md (Validation), as the spec words it, on the login
// and register forms; and the server's refusals as the toasts of docs/product/accounts-billing-admin.md (Messages).
import { expectToast, logInThroughUi, openAuthTab, registerThroughUi } from './account-helpers';
import { expect, signUp, test } from './support/fixtures';
import { PASSWORD, uniqueEmail } from './support/users';

const EMAIL = 'Please enter a valid email';
const PASSWORD_SHORT = 'Password must be at least 6 characters';
const NAME_SHORT = 'Name must be at least 2 characters';

test('login form: email and password rules', async ({ page }) => {
  const form = await openAuthTab(page, 'Login');
  await form.getByRole('button', { name: 'Log In' }).click();
  await expect(form.getByText(EMAIL, { exact: true })).toBeVisible();
  await expect(form.getByText(PASSWORD_SHORT, { exact: true })).toBeVisible();
  // Focus goes to the first field in error, which is marked invalid.
  await expect(form.getByLabel('Email')).toBeFocused();
  await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Email').fill('not-an-email');
  await form.getByLabel('Password').fill('12345');
  await form.getByRole('button', { name: 'Log In' }).click();
  await expect(form.getByText(EMAIL, { exact: true })).toBeVisible();
  await expect(form.getByText(PASSWORD_SHORT, { exact: true })).toBeVisible();

  // Fixing a field clears its message as the user types.
  await form.getByLabel('Email').fill('someone@example.com');
  await expect(form.getByText(EMAIL, { exact: true })).toHaveCount(0);
  await form.getByLabel('Password').fill('123456');
  await expect(form.getByText(PASSWORD_SHORT, { exact: true })).toHaveCount(0);
  await expect(page).toHaveURL(/\/auth$/);
});

test('register form: name, email and password rules; the phone number is optional', async ({ page }) => {
  const form = await openAuthTab(page, 'Register');
  await expect(form.getByLabel('Phone number (optional)')).toBeVisible();
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(form.getByText(NAME_SHORT, { exact: true })).toBeVisible();
  await expect(form.getByText(EMAIL, { exact: true })).toBeVisible();
  await expect(form.getByText(PASSWORD_SHORT, { exact: true })).toBeVisible();
  await expect(form.getByLabel('Full name')).toBeFocused();

  await form.getByLabel('Full name').fill('A');
  await form.getByLabel('Email').fill('a@b');
  await form.getByLabel('Password').fill('abc');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(form.getByText(NAME_SHORT, { exact: true })).toBeVisible();
  await expect(form.getByText(EMAIL, { exact: true })).toBeVisible();
  await expect(form.getByText(PASSWORD_SHORT, { exact: true })).toBeVisible();

  await form.getByLabel('Full name').fill('Al');
  await expect(form.getByText(NAME_SHORT, { exact: true })).toHaveCount(0);
  await expect(form.getByText(EMAIL, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test.describe('server refusals', () => {
  // Chromium logs the 401/409 answers as console errors; they are the point of these tests.
  test.use({ allowConsoleErrors: /status of (401|409)/ });

  test("'Login failed' with the server's message", async ({ page }) => {
    await logInThroughUi(page, uniqueEmail('nobody'), PASSWORD);
    await expectToast(page, 'Login failed', 'Invalid email or password');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("'Registration failed' with the server's message for a taken email", async ({ page }) => {
    const existing = await signUp(page);
    await page.request.post('/api/logout');
    await page.goto('/auth');
    await registerThroughUi(page, { name: 'Second Person', email: existing.email });
    await expectToast(page, 'Registration failed', 'An account with this email already exists');
    await expect(page).toHaveURL(/\/auth$/);
  });
});

test('a signed-in user is sent from /auth to /dashboard', async ({ page }) => {
  await signUp(page, { name: 'Signed In' });
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome back, Signed In!', { exact: true })).toBeVisible();
});
