// Helpers for the account journeys (e2e/account-*.spec.ts): the UI's own forms, toasts, overflow.
import type { Page, TestInfo } from '@playwright/test';
import { expectAxeClean } from './support/axe';
import { expect, keepScreenshot } from './support/fixtures';
import { PASSWORD } from './support/users';

/** The Admin Tools screen's tabs, in their order. */
export const ADMIN_TABS = [
  'Update User Subscription',
  'Verify Subscriptions',
  'Self Update',
  'Event History',
  'Rebuild Read Models',
  'Newsletter',
];

/** The toast region (Radix: "Notifications (F8)"). */
export function toasts(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

export async function expectToast(page: Page, title: string, description?: string | RegExp): Promise<void> {
  const region = toasts(page);
  await expect(region.getByText(title, { exact: true }).first()).toBeVisible();
  if (description) {
    const text =
      typeof description === 'string'
        ? region.getByText(description, { exact: true })
        : region.getByText(description);
    await expect(text.first()).toBeVisible();
  }
}

export async function openAuthTab(page: Page, tab: 'Login' | 'Register') {
  if (!/\/auth$/.test(page.url())) await page.goto('/auth');
  // /auth is prerendered: its tabs and fields come alive once the app has replaced that HTML.
  await expect(page.locator('#prerendered')).toHaveCount(0);
  await page.getByRole('tab', { name: tab }).click();
  return page.getByRole('form', { name: tab === 'Login' ? 'Log in' : 'Register' });
}

export async function registerThroughUi(
  page: Page,
  user: { name: string; email: string; password?: string },
) {
  const form = await openAuthTab(page, 'Register');
  await form.getByLabel('Full name').fill(user.name);
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password').fill(user.password ?? PASSWORD);
  // Simulated gateway: a clear note instead of a card form, and the button is ready.
  await expect(form.getByText('Test mode: no card is needed.', { exact: false })).toBeVisible();
  await form.getByRole('button', { name: 'Create Account' }).click();
}

export async function logInThroughUi(page: Page, email: string, password = PASSWORD) {
  const form = await openAuthTab(page, 'Login');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Log In' }).click();
}

/** The desktop sidebar's Sign Out, then /auth with the 'Logged out' toast. */
export async function signOutThroughUi(page: Page) {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expectToast(page, 'Logged out', 'You have been successfully logged out.');
}

/**
 * Nothing sticks out sideways. Compared with the configured viewport width, not window.innerWidth:
 * with isMobile, Chromium widens the layout viewport to fit overflowing content.
 */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const overflow = await page.evaluate((limit) => {
    const scrollWidth = document.documentElement.scrollWidth;
    // Content of a strip that scrolls sideways within the page (a tab bar) may lie past the edge.
    const inStripWithinPage = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement)
        if (getComputedStyle(up).overflowX !== 'visible')
          return up.getBoundingClientRect().right <= limit + 1;
      return false;
    };
    const wide = Array.from(document.querySelectorAll('body *'))
      .filter((el) => el.getBoundingClientRect().right > limit + 1 && !inStripWithinPage(el))
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
    return { scrollWidth, wide };
  }, width);
  expect(overflow, `page content within ${width} px`).toEqual({ scrollWidth: width, wide: [] });
}

/** No WCAG 2.1 AA violation, nothing sticking out at 375 px, screenshots at 1280 px and 375 px. */
export async function checkScreen(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const [width, height] of [
    [1280, 800],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expectAxeClean(page);
    if (width === 375) await expectNoHorizontalOverflow(page);
    await keepScreenshot(page, testInfo, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Requests to any origin but the app's own (nothing may load from the internet in simulated mode). */
export function recordForeignRequests(page: Page, baseURL: string): string[] {
  const own = new URL(baseURL).origin;
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (/^(data|blob|about):/.test(url)) return;
    if (new URL(url).origin !== own) foreign.push(url);
  });
  return foreign;
}
