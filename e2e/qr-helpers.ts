// Helpers for the QR code journeys (e2e/qr*.spec.ts): a new signed-up user's create form, filled
// for one kind of code up to where the tests part ways.
import {
  type Browser,
  type BrowserContextOptions,
  devices,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { expect, signUp } from './support/fixtures';

/** The create form of a new signed-up user, filled for a landing code up to its page title. */
export async function startLandingCode(page: Page, title: string, pageTitle: string): Promise<void> {
  await signUp(page);
  await page.goto('/qr-codes/new');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Page title').fill(pageTitle);
}

/** The create form of a new signed-up user, filled for a direct code that sends scanners to `targetUrl`. */
export async function startDirectCode(page: Page, title: string, targetUrl: string): Promise<void> {
  await signUp(page);
  await page.goto('/qr-codes/new');
  await page.getByRole('radio', { name: /Direct Link/ }).click();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Target URL').fill(targetUrl);
}

/** Submits the create form and waits on the new code's page; returns the code's id. */
export async function createCode(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Create QR Code' }).click();
  await expect(page).toHaveURL(/\/qr-codes\/[A-Za-z0-9]{12}$/);
  return page.url().split('/').pop() as string;
}

/** A visitor's phone: a fresh context of its own (nothing of the app loaded), and its page. */
export async function visitorPhone(
  browser: Browser,
  testInfo: TestInfo,
  options: BrowserContextOptions = {},
) {
  const phone = await browser.newContext({
    ...devices['iPhone 13'],
    baseURL: testInfo.project.use.baseURL,
    ...options,
  });
  return { phone, visitor: await phone.newPage() };
}

/** One figure of a code's analytics. */
export const stat = (page: Page, name: string) => page.locator(`[data-stat="${name}"]`);

/** Refreshes the code's analytics until the check passes (scans reach them a moment later). */
export async function refreshUntil(page: Page, check: () => Promise<void>, timeout = 10_000): Promise<void> {
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh Data' }).click();
    await check();
  }).toPass({ timeout });
}
