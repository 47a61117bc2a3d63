// Shared fixtures: every test fails on an unexpected browser console error or page error.
import { execFileSync } from 'node:child_process';
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';
import { mailedLink } from './outbox';
import { ADMIN_EMAIL, PASSWORD, uniqueEmail } from './users';

export interface SignedUpUser {
  id: string;
  name: string;
  email: string;
  credits: number;
  isAdmin: boolean;
}

interface Fixtures {
  /** Console errors matching these are expected by the test (e.g. a remote made unreachable on purpose). */
  allowConsoleErrors: RegExp | null;
  consoleGuard: undefined;
}

export const test = base.extend<Fixtures>({
  allowConsoleErrors: [null, { option: true }],
  consoleGuard: [
    async ({ page, allowConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        // No exception for a signed-out visitor: the app asks GET /api/session (200, user: null),
        // so a 401 in the console is a defect.
        if (!allowConsoleErrors?.test(text)) errors.push(`${text} (${message.location().url})`);
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      await use(undefined);
      expect(errors, 'browser console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Registers through the API with the page's own request context, so the session cookie lands
 * in the browser context (quicker than the sign-up screen, which its own journeys test).
 */
export async function signUp(
  page: Page,
  options: { admin?: boolean; name?: string } = {},
): Promise<SignedUpUser> {
  const email = options.admin ? ADMIN_EMAIL : uniqueEmail('user');
  const name = options.name ?? (options.admin ? 'Ada Admin' : 'Grace Tester');
  const registered = await page.request.post('/api/register', { data: { name, email, password: PASSWORD } });
  let user: SignedUpUser;
  if (registered.status() === 201) {
    user = (await registered.json()) as SignedUpUser;
  } else {
    // The admin address can only be registered once per server: log in on later runs.
    const loggedIn = await page.request.post('/api/login', { data: { email, password: PASSWORD } });
    expect(loggedIn.status(), `register answered ${registered.status()}: ${await registered.text()}`).toBe(
      200,
    );
    user = (await loggedIn.json()) as SignedUpUser;
  }
  if (!options.admin || user.isAdmin) return user;
  // Admin rights need an address its owner verified: open the mailed link, as the owner would.
  const me = (await (await page.request.get('/api/user')).json()) as { emailVerified?: boolean };
  if (!me.emailVerified) {
    const token = new URLSearchParams((await mailedLink(email, /^Verify your email/)).split('#')[1]).get(
      'token',
    );
    const verified = await page.request.post('/api/email/verify', { data: { token } });
    expect(verified.status(), await verified.text()).toBe(200);
  }
  grantAdmin(email);
  return (await (await page.request.get('/api/user')).json()) as SignedUpUser;
}

/**
 * Admin rights come only from the log: the operator command grants them on the server's data
 * folder (the same one playwright.config.ts gives the server).
 */
function grantAdmin(email: string): void {
  execFileSync('npx', ['tsx', 'services/src/main/admin.ts', 'grant', email], {
    env: { ...process.env, DATA_DIR: process.env.STUDIO_E2E_DATA_DIR },
    stdio: 'pipe',
  });
}

/** Keeps a screenshot as a test artifact (attached to the report and left in test-results/e2e). */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: false });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** The heading a remote screen shows (a placeholder's, until the screen is built). */
export function screenHeading(page: Page, name: string) {
  return page.getByRole('heading', { level: 1, name });
}

/**
 * The remote screen for the current route has loaded: its page heading is shown and no
 * "couldn't be loaded" card. While the screen is still a placeholder, its title must match too;
 * once the real screen is built, the URL checks of the callers carry the precision.
 */
export async function expectScreen(page: Page, placeholderTitle: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: "This page couldn't be loaded" })).toHaveCount(0);
  if ((await page.getByTestId('screen-placeholder').count()) > 0) {
    await expect(screenHeading(page, placeholderTitle)).toBeVisible();
  }
}
