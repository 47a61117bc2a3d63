// The QR journey: create a landing code, open its public page on a phone in a fresh
// context, sign up, see the scan, the signup and the conversion on the detail screen, export the CSV.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Frame, FrameLocator, Page } from '@playwright/test';
import { expectNoHorizontalOverflow } from './account-helpers';
import {
  createCode,
  refreshUntil,
  startDirectCode,
  startLandingCode,
  stat,
  visitorPhone,
} from './qr-helpers';
import { expect, keepScreenshot, signUp, test } from './support/fixtures';
import { pictureFile } from './support/pictures';

/** The form's live preview: the server's landing page in a sandboxed frame. */
const previewFrame = (page: Page): FrameLocator => page.frameLocator('iframe[title="Landing page preview"]');

test('a landing code: create, public page at 375 px, sign up, analytics, CSV', async ({
  page,
  browser,
}, testInfo) => {
  await startLandingCode(page, 'Spring flyer', 'Reader Club');
  await expect(previewFrame(page).getByRole('heading', { name: 'Reader Club' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('create-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('create-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  const id = await createCode(page);
  await expect(page.getByRole('heading', { name: 'Spring flyer' })).toBeVisible();
  await expect(page.getByText('Landing Page', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Tracking Enabled', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('No analytics data available yet')).toBeVisible();

  // A visitor's phone: a fresh context, nothing of the app loaded.
  const { phone, visitor } = await visitorPhone(browser, testInfo, { viewport: { width: 375, height: 740 } });
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
  // The earlier "Email Required" toast does not linger beside the success.
  await expect(visitor.getByRole('alert')).toHaveCount(0, { timeout: 1000 });
  await visitor.screenshot({ path: testInfo.outputPath('landing-375.png'), fullPage: true });
  await phone.close();

  // The owner sees the scan, the signup and the conversion.
  await refreshUntil(page, () => expect(stat(page, 'Total Scans')).toHaveText('1', { timeout: 1000 }));
  await expect(stat(page, 'Email Signups')).toHaveText('1');
  await expect(stat(page, 'Conversion Rate')).toHaveText('100%');
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

test('a direct code offers its tracked address to copy, and its tab bar keeps a normal height', async ({
  page,
}, testInfo) => {
  await startDirectCode(page, 'Shop link', 'https://example.com/shop');
  // Brand colours typed as hex codes; the code's preview follows them before it exists.
  const preview = page.getByTestId('qr-preview');
  const before = await preview.getAttribute('src');
  await page.getByLabel('Code colour', { exact: true }).fill('#1A237E');
  await expect(page.getByLabel('Code colour picker')).toHaveValue('#1a237e');
  await expect(preview).not.toHaveAttribute('src', before ?? '');
  await expect(preview).toHaveAttribute('src', /1A237E/i);
  await page.getByLabel('Code colour', { exact: true }).fill('#EEEEEE');
  await expect(page.getByRole('button', { name: 'Create QR Code' })).toBeDisabled();
  await page.getByLabel('Code colour', { exact: true }).fill('#1A237E');
  await page.screenshot({ path: testInfo.outputPath('create-direct-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: testInfo.outputPath('create-direct-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  const id = await createCode(page);
  // The address the code encodes (/r/{id}) is shown with its own copy button.
  await expect(page.getByText('Tracked address (share this one)')).toBeVisible();
  await expect(page.getByText(new RegExp(`/r/${id}$`))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy Tracked address (share this one)' })).toBeVisible();
  // The tab row is one row of tabs, not stretched to the QR card's height.
  for (const tab of ['Analytics', 'Details']) {
    await page.getByRole('tab', { name: tab }).click();
    const box = await page.getByRole('tablist', { name: 'QR code' }).boundingBox();
    expect(box?.height ?? 0).toBeLessThan(64);
  }
  await page.screenshot({ path: testInfo.outputPath('detail-direct-1280.png'), fullPage: true });
  // The nav has its QR Codes entry.
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'QR Codes' }),
  ).toBeVisible();
  // On a phone the list shows its key columns without scrolling sideways.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/qr-codes');
  await expect(page.getByRole('link', { name: 'Shop link' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('list-375.png'), fullPage: true });
  for (const name of ['Title', 'Scans']) {
    const header = await page.getByRole('columnheader', { name, exact: true }).boundingBox();
    expect((header?.x ?? 999) + (header?.width ?? 0)).toBeLessThanOrEqual(375);
  }
});

test('the landing page on a phone: the hero is a banner, a wordmark logo keeps its shape, the form is above the fold', async ({
  page,
  browser,
}, testInfo) => {
  await startLandingCode(page, 'Book launch', 'Get chapter one free');
  await page
    .locator('input[type=file]')
    .nth(0)
    .setInputFiles(await pictureFile('wordmark.jpg', 800, 200, '#1a237e'));
  await expect(previewFrame(page).getByAltText('Logo')).toBeVisible();
  await page
    .locator('input[type=file]')
    .nth(1)
    .setInputFiles(await pictureFile('hero.jpg', 1600, 900, '#cc6633'));
  await expect(previewFrame(page).locator('img.hero')).toBeVisible();
  const id = await createCode(page);

  const { phone, visitor } = await visitorPhone(browser, testInfo, { viewport: { width: 375, height: 812 } });
  const requested: string[] = [];
  visitor.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await visitor.goto(`/qr-landing/${id}`);
  // Sharp: the browser picks a variant at least as wide as the banner's device pixels, AVIF first.
  const sharpness = await visitor.locator('img.hero').evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    return { src: img.currentSrc, needed: img.clientWidth * devicePixelRatio };
  });
  expect(sharpness.src).toMatch(/-\d+w\.avif$/);
  expect(Number(/-(\d+)w\.avif$/.exec(sharpness.src)?.[1])).toBeGreaterThanOrEqual(sharpness.needed);
  // The page's icon is the owner's logo: no request for a missing /favicon.ico.
  expect(requested).not.toContain('/favicon.ico');
  await expect(visitor.locator('link[rel=icon]')).toHaveAttribute('href', /^\/qr-images\//);
  const email = await visitor.getByLabel('Email').boundingBox();
  expect((email?.y ?? 999) + (email?.height ?? 0)).toBeLessThanOrEqual(812);
  const hero = await visitor.locator('img.hero').boundingBox();
  const logo = await visitor.locator('img.logo').boundingBox();
  const button = await visitor.getByRole('button', { name: 'Sign Up' }).boundingBox();
  await visitor.screenshot({ path: testInfo.outputPath('landing-hero-375.png') });
  // A 3:2 banner, not a tall crop.
  expect((hero?.width ?? 0) / (hero?.height ?? 1)).toBeCloseTo(1.5, 1);
  // The wordmark keeps its 4:1 shape.
  expect((logo?.width ?? 0) / (logo?.height ?? 1)).toBeCloseTo(4, 0);
  // The email field and the button are in the first screen.
  expect((button?.y ?? 999) + (button?.height ?? 0)).toBeLessThanOrEqual(812);
  await phone.close();
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

/** Where and how the landing page draws its parts, in its own document's coordinates. */
async function landingLayout(target: Page | Frame) {
  return target.evaluate(() =>
    ['img.logo', 'img.hero', 'h1', '.desc', '#qr-name', '#qr-email', 'button', 'footer'].map((selector) => {
      const element = document.querySelector(selector);
      if (!element) return { selector, missing: true };
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return {
        selector,
        box: [box.x, box.y + window.scrollY, box.width, box.height].map(Math.round),
        color: style.color,
        background: style.backgroundColor,
        font: `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`,
      };
    }),
  );
}

test('the live preview is what a visitor gets, at phone and desktop widths', async ({
  page,
  browser,
}, testInfo) => {
  await startLandingCode(page, 'Same page', 'What you see');
  await page.getByLabel('Page description').fill('is what your readers get.');
  await page.getByLabel('Button text').fill('Count me in');
  await page.getByLabel('Button colour', { exact: true }).fill('#1A237E');
  await page
    .locator('input[type=file]')
    .nth(1)
    .setInputFiles(await pictureFile('hero.jpg', 1200, 800, '#2a6f97'));
  const frame = async () => {
    await expect(previewFrame(page).getByRole('button', { name: 'Count me in' })).toBeVisible();
    await expect(previewFrame(page).locator('img.hero')).toBeVisible();
    const handle = await page.locator('iframe[title="Landing page preview"]').elementHandle();
    const content = await handle?.contentFrame();
    if (!content) throw new Error('no preview frame');
    await content.locator('img.hero').evaluate((img: HTMLImageElement) => img.decode());
    return content;
  };
  // The window the preview draws the page in (its frame's size before scaling).
  const frameWindow = async () => {
    const iframe = page.locator('iframe[title="Landing page preview"]');
    return {
      width: Number(await iframe.getAttribute('width')),
      height: Number(await iframe.getAttribute('height')),
    };
  };
  const phonePreview = await landingLayout(await frame());
  const phoneWindow = await frameWindow();
  expect(phoneWindow.width).toBe(375);
  await page.screenshot({ path: testInfo.outputPath('preview-phone-1280.png') });
  await page.getByRole('button', { name: 'Desktop' }).click();
  await expect(page.getByRole('button', { name: 'Desktop' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('iframe[title="Landing page preview"]')).toHaveAttribute('width', '1280');
  const desktopPreview = await landingLayout(await frame());
  const desktopWindow = await frameWindow();
  await page.screenshot({ path: testInfo.outputPath('preview-desktop-1280.png') });
  const id = await createCode(page);

  for (const [viewport, preview] of [
    [phoneWindow, phonePreview],
    [desktopWindow, desktopPreview],
  ] as const) {
    const context = await browser.newContext({ viewport, baseURL: testInfo.project.use.baseURL });
    const visitor = await context.newPage();
    await visitor.goto(`/qr-landing/${id}`);
    await visitor.locator('img.hero').evaluate((img: HTMLImageElement) => img.decode());
    expect(await landingLayout(visitor)).toEqual(preview);
    await context.close();
  }
});

test('with JavaScript off, a reader signs up through the plain form and sees the thank-you', async ({
  page,
  browser,
}, testInfo) => {
  await startLandingCode(page, 'No script', 'Old phones welcome');
  const id = await createCode(page);

  const { phone, visitor } = await visitorPhone(browser, testInfo, {
    viewport: { width: 375, height: 812 },
    javaScriptEnabled: false,
  });
  await visitor.goto(`/qr-landing/${id}`);
  // A mistake comes back as the page with its message and what was typed.
  await visitor.getByPlaceholder('Your name').fill('Nora No-Script');
  await visitor.getByRole('button', { name: 'Sign Up' }).click();
  await expect(visitor.getByRole('alert')).toContainText('Please enter your email address.');
  await expect(visitor.getByPlaceholder('Your name')).toHaveValue('Nora No-Script');
  await visitor.getByLabel('Email').fill('nora@example.com');
  await visitor.getByRole('button', { name: 'Sign Up' }).click();
  await expect(visitor.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(visitor.getByText("Thank you for signing up! We'll be in touch soon.")).toBeVisible();
  await expect(visitor.locator('form')).toBeHidden();
  await visitor.screenshot({ path: testInfo.outputPath('nojs-thanks-375.png') });
  await phone.close();

  await page.getByRole('tab', { name: 'Email Signups' }).click();
  await refreshUntil(page, () =>
    expect(page.getByRole('cell', { name: 'nora@example.com' })).toBeVisible({ timeout: 1000 }),
  );
});

test('a logo in the middle of the code: the form refuses a size that would not scan', async ({
  page,
}, testInfo) => {
  await startDirectCode(page, 'Logo code', 'https://example.com/logo');
  await page
    .locator('input[type=file]')
    .last()
    .setInputFiles(await pictureFile('mark.png', 200, 200, '#c62828'));
  const size = page.getByLabel(/Logo size/);
  await expect(size).toHaveValue('15');
  await expect(page.getByAltText('Preview of the QR code with these colours and logo')).toBeVisible();
  await size.fill('28');
  await expect(page.getByText(/hides too much of it to scan/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create QR Code' })).toBeDisabled();
  await size.fill('20');
  await expect(page.getByText(/hides too much of it to scan/)).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('create-logo-1280.png'), fullPage: true });
  const id = await createCode(page);
  const code = await page.request.get(`/api/qr-codes/${id}`);
  expect((await code.json()).qrCode.logo).toEqual({ url: expect.stringMatching(/^\/qr-images\//), size: 20 });
});

test('[stubbed analytics] a breakdown names its top values and sums the rest as Other, at both widths', async ({
  page,
}, testInfo) => {
  await signUp(page);
  const created = await page.request.post('/api/qr-codes', {
    data: { title: 'Poster', linkType: 'direct', url: 'https://example.com/' },
  });
  const id = ((await created.json()) as { qrCode: { id: string } }).qrCode.id;
  // The server's answer after a flood of made-up referrers: ten names, then its own Other row.
  const hosts = Array.from({ length: 10 }, (_, i) => ({
    name: `a-very-long-made-up-referrer-host-number-${i}.example`,
    count: 20 - i,
  }));
  await page.route(`**/api/qr-codes/${id}/analytics*`, (route) =>
    route.fulfill({
      json: {
        success: true,
        analytics: {
          scanCount: 6000,
          uniqueVisitors: 600,
          emailSignupCount: 0,
          conversionRate: 0,
          dailyAnalytics: [
            { date: '2026-11-27', scans: 6000, uniqueVisitors: 600, signups: 0, conversionRate: 0 },
          ],
          breakdowns: {
            device: [{ name: 'Mobile', count: 6000 }],
            os: [{ name: 'Android', count: 6000 }],
            browser: [{ name: 'Chrome', count: 6000 }],
            referrer: [...hosts, { name: 'Other', count: 5845, other: true }],
          },
          refusedSignups: { token: 0, honeypot: 0, ceiling: 0 },
        },
      },
    }),
  );
  await page.goto(`/qr-codes/${id}`);
  const referrers = page
    .locator('div')
    .filter({ has: page.getByRole('heading', { name: 'Referrers', level: 5 }) })
    .last();
  await expect(referrers.getByRole('listitem')).toHaveCount(6);
  await expect(referrers.getByRole('listitem').first()).toContainText(hosts[0]?.name ?? '');
  // The five hosts past the first five and the server's Other: 15 + 14 + 13 + 12 + 11 + 5845.
  await expect(referrers.getByTestId('breakdown-other')).toHaveText(`Other${15 + 14 + 13 + 12 + 11 + 5845}`);
  // A breakdown with nothing left over has no Other row.
  await expect(page.getByTestId('breakdown-other')).toHaveCount(1);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await referrers.scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'qr-breakdown-other-1280');
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalOverflow(page);
  await referrers.scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'qr-breakdown-other-375');
});
