// Editing a QR code: the detail screen's Edit button opens the create form pre-filled;
// a direct code's new target is where /r/{id} sends scanners at once, a landing code's new title is
// on its public page, and neither changes what the printed code encodes. Also at 375 px.
import { createCode, startDirectCode } from './qr-helpers';
import { expect, signUp, test } from './support/fixtures';

type Code = { id: string; encodedUrl: string; url: string };

test.describe('direct code', () => {
  // The refused save below answers 400 on purpose; Chromium logs every failed request.
  test.use({ allowConsoleErrors: /the server responded with a status of 400 \(Bad Request\)/ });

  test('a direct code: edit the target, the short address redirects to it, the address stays', async ({
    page,
  }) => {
    await startDirectCode(page, 'Back cover', 'https://example.com/old-book');
    const id = await createCode(page);
    const before = (await (await page.request.get(`/api/qr-codes/${id}`)).json()).qrCode as Code;

    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await expect(page).toHaveURL(`/qr-codes/${id}/edit`);
    await expect(page.getByRole('heading', { name: 'Edit QR Code' })).toBeVisible();
    await expect(page.getByText(/What this code encodes never changes after printing/)).toBeVisible();
    // The type cannot be chosen again: no radio buttons, the badge only.
    await expect(page.getByRole('radio')).toHaveCount(0);
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Back cover');
    const target = page.getByLabel('Target URL');
    await expect(target).toHaveValue('https://example.com/old-book');

    // The create form's messages: an address that is not http(s) is refused by the server.
    await target.fill('ftp://example.com/new-book');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Please enter a valid http(s) URL')).toBeVisible();
    await expect(page).toHaveURL(`/qr-codes/${id}/edit`);

    await target.fill('https://example.com/new-book');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('QR code updated', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(`/qr-codes/${id}`);
    await page.getByRole('tab', { name: 'Details' }).click();
    await expect(page.getByText('https://example.com/new-book').first()).toBeVisible();

    const scan = await page.request.get(`/r/${id}`, { maxRedirects: 0 });
    expect(scan.status()).toBe(302);
    expect(scan.headers().location).toBe('https://example.com/new-book');
    const after = (await (await page.request.get(`/api/qr-codes/${id}`)).json()).qrCode as Code;
    expect(after.encodedUrl).toBe(before.encodedUrl);
    expect(after.encodedUrl).toMatch(new RegExp(`/r/${id}$`));
  });
});

test('a landing code at 375 px: edit the page title, the public page shows it', async ({
  page,
  browser,
}, testInfo) => {
  await signUp(page);
  const created = await page.request.post('/api/qr-codes', {
    data: { title: 'Flyer', linkType: 'landing', landingPage: { title: 'Reader Club' } },
  });
  expect(created.status()).toBe(201);
  const code = (await created.json()).qrCode as Code;

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/qr-codes/${code.id}`);
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  const pageTitle = page.getByLabel('Page title');
  await expect(pageTitle).toHaveValue('Reader Club');
  await expect(page.getByLabel('Target URL')).toHaveCount(0);
  await pageTitle.fill('Book Club Night');
  // The preview is the server's page in a frame.
  await expect(
    page
      .frameLocator('iframe[title="Landing page preview"]')
      .getByRole('heading', { name: 'Book Club Night' }),
  ).toBeVisible();
  // Nothing wider than the phone's screen.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('edit-375.png'), fullPage: true });
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('QR code updated', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(`/qr-codes/${code.id}`);

  const phone = await browser.newContext({
    viewport: { width: 375, height: 740 },
    baseURL: testInfo.project.use.baseURL,
  });
  const visitor = await phone.newPage();
  const response = await visitor.goto(`/qr-landing/${code.id}`);
  expect(response?.status()).toBe(200);
  await expect(visitor.getByRole('heading', { name: 'Book Club Night' })).toBeVisible();
  await phone.close();
  const after = (await (await page.request.get(`/api/qr-codes/${code.id}`)).json()).qrCode as Code;
  expect(after.encodedUrl).toBe(code.encodedUrl);
});
