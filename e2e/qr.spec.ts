// The QR journey (issue 11): create a landing code, open its public page on a phone in a fresh
// context, sign up, see the scan, the signup and the conversion on the detail screen, export the CSV.
import { readFileSync } from 'node:fs';
import { devices } from '@playwright/test';
import { expect, signUp, test } from './support/fixtures';

test('a landing code: create, public page at 375 px, sign up, analytics, CSV', async ({
  page,
  browser,
}, testInfo) => {
  await signUp(page);
  await page.goto('/qr-codes/new');
  await page.getByLabel('Title', { exact: true }).fill('Spring flyer');
  await page.getByLabel('Page title').fill('Reader Club');
  await expect(
    page
      .getByRole('complementary', { name: 'Landing page preview' })
      .getByRole('heading', { name: 'Reader Club' }),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('create-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('create-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Create QR Code' }).click();
  await expect(page).toHaveURL(/\/qr-codes\/[A-Za-z0-9]{12}$/);
  const id = page.url().split('/').pop() as string;
  await expect(page.getByRole('heading', { name: 'Spring flyer' })).toBeVisible();
  await expect(page.getByText('Landing Page', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Tracking Enabled', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('No analytics data available yet')).toBeVisible();

  // A visitor's phone: a fresh context, nothing of the app loaded.
  const phone = await browser.newContext({
    ...devices['iPhone 13'],
    viewport: { width: 375, height: 740 },
    baseURL: testInfo.project.use.baseURL,
  });
  const visitor = await phone.newPage();
  const scripts: string[] = [];
  visitor.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  const response = await visitor.goto(`/qr-landing/${id}`);
  expect(response?.status()).toBe(200);
  await expect(visitor.getByRole('heading', { name: 'Reader Club' })).toBeVisible();
  expect(scripts.every((url) => /\/qr-landing-[0-9a-f]+\.js$/.test(url))).toBe(true);
  await visitor.getByRole('button', { name: 'Sign Up' }).click();
  await expect(visitor.getByText('Email Required')).toBeVisible();
  await expect(visitor.getByText('Please enter your email address.')).toBeVisible();
  await visitor.getByPlaceholder('Your name').fill('Riley Reader');
  await visitor.getByLabel('Email').fill('riley@example.com');
  await visitor.getByRole('button', { name: 'Sign Up' }).click();
  await expect(visitor.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(visitor.getByText("Thank you for signing up! We'll be in touch soon.")).toBeVisible();
  await visitor.screenshot({ path: testInfo.outputPath('landing-375.png'), fullPage: true });
  await phone.close();

  // The owner sees the scan, the signup and the conversion.
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh Data' }).click();
    await expect(page.locator('[data-stat="Total Scans"]')).toHaveText('1', { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await expect(page.locator('[data-stat="Email Signups"]')).toHaveText('1');
  await expect(page.locator('[data-stat="Conversion Rate"]')).toHaveText('100%');
  await page.screenshot({ path: testInfo.outputPath('detail-1280.png'), fullPage: true });

  await page.getByRole('tab', { name: 'Email Signups' }).click();
  await expect(page.getByText('People who signed up through your QR code landing page')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'riley@example.com' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(`qr-${id}-emails.csv`);
  const csv = readFileSync((await file.path()) as string, 'utf8');
  expect(csv).toMatch(/^\uFEFFEmail,Name,Date\r\nriley@example.com,Riley Reader,\d{4}-/);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('detail-375.png'), fullPage: true });
});

test('a hero over 5 MB or of another format is refused under its picker and never sent', async ({ page }) => {
  await signUp(page);
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/qr-uploads')) uploads.push(request.method());
  });
  await page.goto('/qr-codes/new');
  const hero = page.locator('input[type=file]').nth(1);
  await hero.setInputFiles({
    name: 'photo6.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  await expect(
    page.getByRole('alert').filter({ hasText: 'File Too Large: Please select an image smaller than 5MB' }),
  ).toBeVisible();
  // The picker does not pretend the refused file was taken.
  await expect(page.getByText('photo6.jpg')).toHaveCount(0);
  await hero.setInputFiles({ name: 'cat.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Invalid File Type: Please select an image file (JPG, PNG or WebP)' }),
  ).toBeVisible();
  expect(uploads).toEqual([]);
});
