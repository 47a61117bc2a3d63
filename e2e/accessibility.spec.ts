// WCAG 2.1 AA: an axe-core scan of every main screen at 1280 px and 375 px, against the real
// backend (a signed-up user with a plan, one finished book, one QR code; an admin for Admin Tools).
// Every violation is listed with its rule, impact and the nodes it was found on.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { openAuthTab } from './account-helpers';
import { buyPlan } from './books-helpers';
import { expect, signUp, test } from './support/fixtures';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const WIDTHS = [
  { label: 'desktop', width: 1280, height: 800 },
  { label: 'mobile', width: 375, height: 812 },
] as const;

/** The current screen has replaced any prerendered HTML, shows its page heading and is idle. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('#prerendered')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: "This page couldn't be loaded" })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

/** Scans the current screen; returns one readable line per violation and node (empty when clean). */
async function violations(page: Page, screen: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  return violations.flatMap((v) =>
    v.nodes.map(
      (node) =>
        `${screen}: ${v.id} (${v.impact}) at ${node.target.join(' ')}: ${node.failureSummary ?? v.help}`,
    ),
  );
}

/** Opens each path in turn and scans it; one assertion at the end lists every screen's findings. */
async function scanScreens(page: Page, paths: string[]): Promise<void> {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await settled(page);
    found.push(...(await violations(page, path)));
  }
  expect(found, found.join('\n')).toEqual([]);
}

/** A finished non-fiction book through the writer's own form (the offline provider is quick). */
async function finishOneBook(page: Page): Promise<void> {
  await page.goto('/non-fiction-book');
  await page.getByLabel('Book Title').fill('Window Boxes');
  await page.getByLabel('Book Description').fill('Growing herbs and flowers in window boxes.');
  await page.getByRole('button', { name: /^Create Book \(\d+ credits\)$/ }).click();
  await page.getByRole('link', { name: 'Go to My Books' }).click();
  const card = page.getByRole('article', { name: 'Window Boxes' });
  await expect(card.getByTestId('status-badge')).toHaveText('Done', { timeout: 60_000 });
}

/** A landing-page QR code through the create form; returns its id. */
async function createQrCode(page: Page): Promise<string> {
  await page.goto('/qr-codes/new');
  await page.getByLabel('Title', { exact: true }).fill('Spring flyer');
  await page.getByLabel('Page title').fill('Reader Club');
  await page.getByRole('button', { name: 'Create QR Code' }).click();
  await expect(page).toHaveURL(/\/qr-codes\/[A-Za-z0-9]{12}$/);
  return page.url().split('/').pop() as string;
}

for (const viewport of WIDTHS) {
  test.describe(`${viewport.label} ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('public screens have no WCAG 2.1 AA violations', async ({ page }) => {
      await scanScreens(page, ['/', '/pricing', '/help']);
      // Both tabs of the sign-in screen.
      const found: string[] = [];
      await page.goto('/auth');
      await settled(page);
      found.push(...(await violations(page, '/auth (Login)')));
      await openAuthTab(page, 'Register');
      found.push(...(await violations(page, '/auth (Register)')));
      expect(found, found.join('\n')).toEqual([]);
    });

    test("a signed-in user's screens have no WCAG 2.1 AA violations", async ({ page, browser }, testInfo) => {
      test.setTimeout(150_000);
      await signUp(page);
      await buyPlan(page, 'premium');
      await finishOneBook(page);
      const qrId = await createQrCode(page);
      await scanScreens(page, [
        '/dashboard',
        '/coloring-book-page-generator',
        '/coloring-book-generator',
        '/non-fiction-book',
        '/non-fiction-gen2',
        '/kids-book-generator',
        '/kdp-listing-generator',
        '/image-generator',
        '/image-editor',
        '/my-books',
        '/my-images',
        '/qr-codes',
        '/qr-codes/new',
        `/qr-codes/${qrId}`,
        '/profile',
      ]);
      // The public landing page of the code, as a visitor without a session opens it.
      const visitorContext = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        baseURL: testInfo.project.use.baseURL,
      });
      const visitor = await visitorContext.newPage();
      await visitor.goto(`/qr-landing/${qrId}`);
      await expect(visitor.getByRole('heading', { name: 'Reader Club' })).toBeVisible();
      const found = await violations(visitor, `/qr-landing/${qrId}`);
      await visitorContext.close();
      expect(found, found.join('\n')).toEqual([]);
    });

    test('Admin Tools have no WCAG 2.1 AA violations', async ({ page }) => {
      await signUp(page, { admin: true });
      await scanScreens(page, ['/admin-tools']);
    });
  });
}
