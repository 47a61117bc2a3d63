// The landing page's newsletter box stores the address and says so; admins count the
// subscribers and download them as CSV.
import { readFileSync } from 'node:fs';
import { expect, keepScreenshot, signUp, test } from './support/fixtures';
import { holdRequests } from './support/hold';
import { uniqueEmail } from './support/users';

test('a visitor subscribes on the landing page, and an admin downloads the CSV with that address', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail('reader');
  await page.goto('/');
  await expect(page.locator('#prerendered')).toHaveCount(0);
  const form = page.getByRole('form', { name: 'Newsletter' });
  const status = form.getByRole('status');
  const input = form.getByRole('textbox', { name: 'Email address' });
  await expect(input).toHaveAttribute('type', 'email');

  // Empty and invalid addresses: the message says why, and the field stays usable.
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(status).toHaveText('Please enter your email address.');
  await input.fill('someone@nowhere');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(status).toHaveText('Please enter a valid email address.');
  await expect(input).toHaveAttribute('aria-invalid', 'true');

  // A message never moves what follows the form (its line is reserved).
  const below = page.locator('#coming-soon + *');
  const before = await below.boundingBox();
  await input.fill(email);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(status).toHaveText("Thanks! You're subscribed.");
  expect(await below.boundingBox()).toEqual(before);
  await expect(input).toBeEnabled();
  await input.scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'newsletter-subscribed');

  // Twice is fine, and says so.
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(status).toHaveText("You're already subscribed. Thanks!");

  // The admin's Newsletter tab: the count, and the CSV holding the address.
  await signUp(page, { admin: true });
  await page.goto('/admin-tools');
  await page.getByRole('tab', { name: 'Newsletter' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('status')).toHaveText(/^\d+ subscribers?$/);
  await expect(panel.getByRole('region', { name: 'Latest' }).getByRole('listitem')).toContainText([email]);
  await keepScreenshot(page, testInfo, 'admin-newsletter');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('newsletter-subscribers.csv');
  const csv = readFileSync((await file.path())!, 'utf8');
  expect(csv.startsWith('\uFEFFEmail,Date\r\n')).toBe(true);
  await page.setViewportSize({ width: 375, height: 812 });
  await keepScreenshot(page, testInfo, 'admin-newsletter-375');
  expect(csv).toMatch(new RegExp(`\\r\\n${email.replace(/[.+]/g, '\\$&')},\\d{4}-\\d\\d-\\d\\dT`));
});

test('what a visitor typed and sent before the app started is kept and sent by the live form', async ({
  page,
}) => {
  const email = uniqueEmail('early');
  // Hold the account remote back: the page shows its prerendered HTML only.
  const release = await holdRequests(page, '**/remotes/account/**');
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const early = page.locator('#prerendered form#newsletter');
  await early.getByRole('textbox', { name: 'Email address' }).fill(email);
  await early.getByRole('button', { name: 'Subscribe' }).click();
  release();

  const form = page.getByRole('form', { name: 'Newsletter' });
  await expect(form.getByRole('status')).toHaveText("Thanks! You're subscribed.");
  await expect(page.locator('#prerendered')).toHaveCount(0);
  await expect(form.getByRole('textbox', { name: 'Email address' })).toHaveValue(email);
  expect(new URL(page.url()).search).toBe('');
});

test('at 375 px the newsletter box fits and confirms', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Newsletter' });
  await form.getByRole('textbox', { name: 'Email address' }).fill(uniqueEmail('mobile'));
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByRole('status')).toHaveText("Thanks! You're subscribed.");
  const box = await form.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  await form.scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'newsletter-375');
});

test.describe('when the server refuses', () => {
  test.use({ allowConsoleErrors: /status of 429/ });
  test("the box shows the server's message and stays usable", async ({ page }) => {
    let refusals = 1;
    await page.route('**/api/newsletter', (route) =>
      refusals-- > 0
        ? route.fulfill({
            status: 429,
            json: {
              message: 'Too many attempts. Please wait a few minutes and try again.',
              error: 'RATE_LIMITED',
            },
          })
        : route.continue(),
    );
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Newsletter' });
    const input = form.getByRole('textbox', { name: 'Email address' });
    await input.fill(uniqueEmail('refused'));
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('status')).toHaveText(
      'Too many attempts. Please wait a few minutes and try again.',
    );
    await expect(input).toBeEnabled();
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('status')).toHaveText("Thanks! You're subscribed.");
  });
});
