// QR analytics an author can trust: a class of thirty phones on one network is thirty visitors,
// conversion is the share of them who signed up; deleting a code ends on the list with a success;
// the landing page's message never covers its button; the live preview takes no focus; the code
// list and the signups fit a phone.
import type { Page } from '@playwright/test';
import { expectNoHorizontalOverflow } from './account-helpers';
import { createCode, refreshUntil, startLandingCode, stat, visitorPhone } from './qr-helpers';
import { expectAxeClean } from './support/axe';
import { expect, keepScreenshot, signUp, test } from './support/fixtures';

/** A new signed-up user's landing code for the class, created; returns its id. */
async function createLanding(page: Page, title: string): Promise<string> {
  await startLandingCode(page, title, 'Class Reading Club');
  return await createCode(page);
}

test('a class of 30 phones on one network: 30 visitors, 10 signups, 33.33 %', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const id = await createLanding(page, 'Class poster');
  // Thirty phones of one model, one network (this machine's address), each its own browser.
  for (let i = 0; i < 30; i++) {
    const { phone, visitor } = await visitorPhone(browser, testInfo);
    await visitor.goto(`/qr-landing/${id}`);
    await expect(visitor.getByRole('heading', { name: 'Class Reading Club' })).toBeVisible();
    if (i < 10) {
      await visitor.getByLabel('Email').fill(`pupil${i}@example.com`);
      await visitor.getByRole('button', { name: 'Sign Up' }).click();
      await expect(visitor.getByRole('heading', { name: 'Success!' })).toBeVisible();
    }
    await phone.close();
  }
  await refreshUntil(
    page,
    () => expect(stat(page, 'Unique Visitors')).toHaveText('30', { timeout: 1000 }),
    15_000,
  );
  await expect(stat(page, 'Total Scans')).toHaveText('30');
  await expect(stat(page, 'Email Signups')).toHaveText('10');
  await expect(stat(page, 'Conversion Rate')).toHaveText('33.33%');
  await expectAxeClean(page);
  await keepScreenshot(page, testInfo, 'class-analytics-1280');
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'class-analytics-375');

  // The signups at 375 px: one block per reader, nothing cut at the card's edge.
  await page.getByRole('tab', { name: 'Email Signups' }).click();
  await expect(page.getByRole('cell', { name: 'pupil0@example.com' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  const card = await page
    .getByRole('cell', { name: 'pupil0@example.com' })
    .locator('xpath=ancestor::table')
    .boundingBox();
  expect((card?.x ?? 0) + (card?.width ?? 999)).toBeLessThanOrEqual(375);
  await expectAxeClean(page);
  await page.getByRole('cell', { name: 'pupil0@example.com' }).scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'signups-375');

  // The list at 375 px: every column readable without a sideways swipe.
  await page.goto('/qr-codes');
  await expect(page.getByRole('link', { name: 'Class poster' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  const signups = page.locator('td[data-label="Signups"]').first();
  await expect(signups).toBeVisible();
  const box = await signups.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(375);
  await expectAxeClean(page);
  await keepScreenshot(page, testInfo, 'list-375');
});

test('deleting a code asks first and ends on the list with a success, no error', async ({
  page,
}, testInfo) => {
  await createLanding(page, 'Old flyer');
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this QR code?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/qr-codes$/);
  await expect(page.getByText('QR code deleted', { exact: true })).toBeVisible();
  await expect(page.getByText(/Failed to fetch/)).toHaveCount(0);
  await keepScreenshot(page, testInfo, 'deleted-1280');
});

test('the landing page’s “Email Required” message never covers its button on a phone', async ({
  page,
  browser,
}, testInfo) => {
  const id = await createLanding(page, 'Toast check');
  const { phone, visitor } = await visitorPhone(browser, testInfo);
  await visitor.goto(`/qr-landing/${id}`);
  const button = visitor.getByRole('button', { name: 'Sign Up' });
  await button.click();
  const toast = visitor.getByRole('alert');
  await expect(toast).toContainText('Email Required');
  const [b, t] = [await button.boundingBox(), await toast.boundingBox()];
  expect(b && t).toBeTruthy();
  const overlaps =
    b!.x < t!.x + t!.width && t!.x < b!.x + b!.width && b!.y < t!.y + t!.height && t!.y < b!.y + b!.height;
  expect(overlaps).toBe(false);
  await expectAxeClean(visitor);
  await keepScreenshot(visitor, testInfo, 'landing-toast-375');
  await phone.close();
});

test('Tab passes the live preview by, on the create and edit forms', async ({ page }) => {
  await signUp(page);
  await page.goto('/qr-codes/new');
  await page.getByLabel('Title', { exact: true }).fill('Keyboard');
  await expect(page.locator('iframe[title="Landing page preview"]')).toBeVisible();
  await page.getByRole('button', { name: 'Desktop' }).focus();
  const visited: string[] = [];
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    visited.push(await page.evaluate(() => document.activeElement?.tagName ?? ''));
  }
  expect(visited).not.toContain('IFRAME');
  // The frame's own fields are inert: none of them can hold focus.
  const frame = page.frameLocator('iframe[title="Landing page preview"]');
  await expect(frame.locator('main[inert]')).toHaveCount(1);
});
