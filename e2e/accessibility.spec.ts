// WCAG 2.1 AA with axe's experimental rules: a scan of every main screen at 1280 px and 375 px, against the real
// backend (a signed-up user with a plan, one finished book, one QR code; an admin for Admin Tools).
// Every violation is listed with its rule, impact and the nodes it was found on.
import AxeBuilder from '@axe-core/playwright';
import { devices, type Page } from '@playwright/test';
import { ADMIN_TABS, openAuthTab } from './account-helpers';
import { signUpOnPlan } from './books-helpers';
import { createCode } from './qr-helpers';
import { expect, signUp, test } from './support/fixtures';

// Experimental rules on: they caught a scroll region a keyboard could not reach.
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'experimental'];
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

/** Scans the current state of a page; one readable line per violation and node (none when clean). */
async function violations(page: Page, label: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  return violations.flatMap((v) =>
    v.nodes.map(
      (node) =>
        `${label}: ${v.id} (${v.impact}) at ${node.target.join(' ')}: ${node.failureSummary ?? v.help}`,
    ),
  );
}

/**
 * Collects the findings of several screens and states, so one failing run lists all of them;
 * `expectClean` is the single assertion.
 */
function scanner(page: Page) {
  const found: string[] = [];
  return {
    /** Opens a path, waits for its screen, scans it. */
    async screen(path: string): Promise<void> {
      await page.goto(path);
      await settled(page);
      found.push(...(await violations(page, path)));
    },
    /** Scans what is shown now (an open menu, a dialog, a form with its errors). */
    async state(label: string, on: Page = page): Promise<void> {
      found.push(...(await violations(on, label)));
    },
    expectClean(): void {
      expect(found, found.join('\n')).toEqual([]);
    },
  };
}

/**
 * A non-fiction book through the writer's own form (the offline provider is quick); with `done`,
 * waits until it is finished (its Edit view is scanned), otherwise until its card is listed.
 */
async function finishOneBook(page: Page, done: boolean): Promise<void> {
  await page.goto('/non-fiction-book');
  await page.getByLabel('Book Title').fill('Window Boxes');
  await page.getByLabel('Book Description').fill('Growing herbs and flowers in window boxes.');
  await page.getByRole('button', { name: /^Create Book \(\d+ credits\)$/ }).click();
  await page.getByRole('link', { name: 'Go to My Books' }).click();
  const card = page.getByRole('article', { name: 'Window Boxes' });
  if (!done) {
    await expect(card).toBeVisible();
    return;
  }
  // Generous: on a loaded CI machine the typesetting and checks of the files take their time.
  await expect(card.getByTestId('status-badge')).toHaveText('Done', { timeout: 150_000 });
}

/** A landing-page QR code through the create form; returns its id. */
async function createQrCode(page: Page): Promise<string> {
  await page.goto('/qr-codes/new');
  await page.getByLabel('Title', { exact: true }).fill('Spring flyer');
  await page.getByLabel('Page title').fill('Reader Club');
  return await createCode(page);
}

for (const viewport of WIDTHS) {
  const mobile = viewport.width < 768;
  test.describe(`${viewport.label} ${viewport.width} px`, () => {
    // One frame is scanned: with reduced motion every element is at rest (the landing's demo fades
    // its captions in and out, and a mid-fade frame has text at a fraction of its contrast).
    test.use({ viewport: { width: viewport.width, height: viewport.height }, reducedMotion: 'reduce' });

    test('public screens have no WCAG 2.1 AA violations', async ({ page }) => {
      // A dozen screens, each scanned with the experimental rules too: over 30 s on a busy machine.
      test.setTimeout(120_000);
      const scan = scanner(page);
      for (const path of [
        '/',
        '/pricing',
        '/help',
        '/refund-policy',
        '/checkout/basic',
        '/this/page/does-not-exist',
      ])
        await scan.screen(path);
      if (mobile) {
        await page.goto('/');
        await settled(page);
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
        await scan.state('/ (menu open)');
      }
      await scan.screen('/auth');
      const login = await openAuthTab(page, 'Login');
      await login.getByRole('button', { name: 'Log In' }).click();
      await expect(login.getByText('Please enter a valid email', { exact: true })).toBeVisible();
      await scan.state('/auth (Login, errors shown)');
      await openAuthTab(page, 'Register');
      await scan.state('/auth (Register)');
      scan.expectClean();
    });

    test("a signed-in user's screens have no WCAG 2.1 AA violations", async ({ page, browser }, testInfo) => {
      test.setTimeout(300_000);
      await signUpOnPlan(page, 'premium');
      // The Edit view is scanned at desktop width; at phone width My Books is scanned with the
      // book's card in progress.
      await finishOneBook(page, !mobile);
      const qrId = await createQrCode(page);
      const scan = scanner(page);
      for (const path of [
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
        '/my-listings',
        '/qr-codes',
        '/qr-codes/new',
        `/qr-codes/${qrId}`,
        `/qr-codes/${qrId}/edit`,
        '/profile',
        '/settings',
        '/help-support',
        '/subscribe?plan=premium',
      ])
        await scan.screen(path);

      // Open states: a select's list, the book's Edit view, the phone menu.
      await scan.screen('/non-fiction-gen2');
      await page.getByRole('combobox', { name: 'Number of Chapters' }).click();
      await expect(page.getByRole('listbox')).toBeVisible();
      await scan.state('/non-fiction-gen2 (chapters list open)');
      if (!mobile) {
        await scan.screen('/my-books');
        await page.getByRole('link', { name: 'Edit Window Boxes' }).click();
        await settled(page);
        await scan.state('/my-books (Edit view)');
      }
      if (mobile) {
        await scan.screen('/dashboard');
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
        await scan.state('/dashboard (menu open)');
      }

      // The public landing page of the code, as a visitor without a session opens it.
      const visitorContext = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        // A phone's browser: a headless one is a bot to the scan counter, and its visit would not count.
        userAgent: devices['iPhone 13'].userAgent,
        reducedMotion: 'reduce',
        baseURL: testInfo.project.use.baseURL,
      });
      const visitor = await visitorContext.newPage();
      await visitor.goto(`/qr-landing/${qrId}`);
      await expect(visitor.getByRole('heading', { name: 'Reader Club' })).toBeVisible();
      await scan.state(`/qr-landing/${qrId}`, visitor);
      await visitor.getByRole('button', { name: 'Sign Up' }).click();
      await expect(visitor.getByText('Email Required')).toBeVisible();
      await scan.state(`/qr-landing/${qrId} (email required)`, visitor);
      await visitorContext.close();

      // The visit was a scan: the owner's Analytics tab shows it in the Daily Performance table
      // (a region that scrolls sideways on a phone), then the Email Signups tab.
      await scan.screen(`/qr-codes/${qrId}`);
      await page.getByRole('tab', { name: 'Analytics' }).click();
      const daily = page.getByRole('region', { name: 'Daily Performance' });
      await expect(async () => {
        await page.getByRole('button', { name: 'Refresh Data' }).click();
        await expect(daily).toBeVisible({ timeout: 2000 });
      }).toPass({ timeout: 30_000 });
      await scan.state(`/qr-codes/${qrId} (Analytics)`);
      await page.getByRole('tab', { name: 'Email Signups' }).click();
      await expect(page.getByRole('tab', { name: 'Email Signups' })).toHaveAttribute('aria-selected', 'true');
      await scan.state(`/qr-codes/${qrId} (Email Signups)`);
      scan.expectClean();
    });

    test('payment, subscription success and Access Denied have no WCAG 2.1 AA violations', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await signUp(page);
      const scan = scanner(page);
      await scan.screen('/payment?plan=standard');
      await scan.screen('/payment?plan=nonsense');
      // Scanned before its redirect to the dashboard (5 s).
      await page.goto('/subscription-success?plan=standard&credits=150&total=150');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status')).toBeVisible();
      await scan.state('/subscription-success');
      // A member who is not an admin opens Admin Tools.
      await page.goto('/admin-tools');
      await expect(page.getByRole('alert').filter({ hasText: 'Access Denied' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await scan.state('/admin-tools (Access Denied)');
      scan.expectClean();
    });

    test('Admin Tools have no WCAG 2.1 AA violations', async ({ page }) => {
      test.setTimeout(120_000);
      await signUp(page, { admin: true });
      const scan = scanner(page);
      await scan.screen('/admin-tools');
      for (const tab of ADMIN_TABS) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
        await scan.state(`/admin-tools (${tab})`);
      }
      // The kit's Dialog: the rebuild confirmation (cancelled, nothing is rebuilt).
      await page.getByRole('tab', { name: 'Rebuild Read Models' }).click();
      await page.getByRole('button', { name: 'Rebuild Read Models' }).click();
      const confirm = page.getByRole('dialog', { name: 'Rebuild all read models?' });
      await expect(confirm).toBeVisible();
      await scan.state('/admin-tools (rebuild confirmation)');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
      scan.expectClean();
    });
  });
}
