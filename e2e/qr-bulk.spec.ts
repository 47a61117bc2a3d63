// QR codes from a CSV: the list's "Create many from a CSV" screen offers a template, refuses a file
// with bad rows whole (each row's problem listed, nothing created), makes a direct code per row of
// a good file and downloads their PNGs and SVGs as one ZIP. Keyboard only, at 1280 and 375 px.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createCode, startDirectCode } from './qr-helpers';
import { expectAxeClean } from './support/axe';
import { expect, keepScreenshot, signUp, test } from './support/fixtures';

const BAD =
  'title,target\nFine,https://example.com/fine\n,https://example.com/untitled\nNot a link,ftp://example.com/x\n';
const GOOD =
  'title,target\n"Book one, paperback",https://example.com/one\nCafé noir,https://example.com/two\n';

// The refused file answers 400 on purpose; Chromium logs every failed request.
test.use({ allowConsoleErrors: /the server responded with a status of 400 \(Bad Request\)/ });

for (const width of [1280, 375]) {
  test(`codes from a CSV at ${width} px, by keyboard: the template, a refused file, then the ZIP`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await signUp(page);
    await page.goto('/qr-codes');
    await page.getByRole('link', { name: 'Create many from a CSV' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/qr-codes/bulk');
    await expect(page.getByRole('heading', { name: 'Create many from a CSV' })).toBeVisible();
    await expectAxeClean(page);

    const templateButton = page.getByRole('button', { name: 'Download the template' });
    await templateButton.focus();
    const [template] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(template.suggestedFilename()).toBe('qr-codes-template.csv');
    expect(readFileSync(await template.path(), 'utf8')).toMatch(/^title,target\r\n/);

    const chooseFile = async (name: string, csv: string) => {
      await page.getByRole('button', { name: /CSV file Choose file/ }).focus();
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
      await chooser.setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await expect(page.getByText(name)).toBeVisible();
    };

    await chooseFile('bad.csv', BAD);
    await page.getByRole('button', { name: 'Create codes' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Row 3, title: Please enter a title. Nothing was created.')).toBeVisible();
    const problems = page.getByRole('table', { name: 'Rows to fix' });
    await expect(problems.getByRole('row')).toHaveCount(3);
    await expect(problems.getByRole('row').nth(2)).toContainText('4targetPlease enter a valid http(s) URL');
    await expectAxeClean(page);
    await keepScreenshot(page, testInfo, `qr-bulk-refused-${width}`);
    expect((await (await page.request.get('/api/qr-codes')).json()).qrCodes).toEqual([]);

    await chooseFile('books.csv', GOOD);
    await expect(problems).toHaveCount(0);
    await page.getByRole('button', { name: 'Create codes' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: '2 QR codes created.' })).toBeVisible();
    await expectAxeClean(page);
    await keepScreenshot(page, testInfo, `qr-bulk-done-${width}`);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    await page.getByRole('button', { name: 'Download ZIP' }).focus();
    const [zip] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(zip.suggestedFilename()).toBe('qr-codes.zip');
    // Read with Info-ZIP's unzip, as a user's archive tool would.
    const archive = await zip.path();
    expect(execFileSync('unzip', ['-Z1', archive], { encoding: 'utf8' }).trim().split('\n').sort()).toEqual([
      'Book-one-paperback.png',
      'Book-one-paperback.svg',
      'Cafe-noir.png',
      'Cafe-noir.svg',
    ]);
    const codes = (await (await page.request.get('/api/qr-codes')).json()).qrCodes as Array<{
      id: string;
      title: string;
    }>;
    const cafe = codes.find((c) => c.title === 'Café noir');
    const out = testInfo.outputPath('unzipped');
    execFileSync('unzip', ['-q', '-o', archive, 'Cafe-noir.png', '-d', out]);
    expect(
      execFileSync('zbarimg', ['--quiet', '--raw', `${out}/Cafe-noir.png`], { encoding: 'utf8' }).trim(),
    ).toMatch(new RegExp(`/r/${cafe?.id}$`));

    await page.getByRole('link', { name: 'Back to QR Codes' }).click();
    await expect(page.getByRole('link', { name: 'Book one, paperback' })).toBeVisible();
  });
}

test('a direct code with campaign tags: the final address is shown as typed and is where scanners go', async ({
  page,
}) => {
  await startDirectCode(page, 'Flyer', 'https://example.com/book?ref=shelf');
  await page.getByLabel('Source (e.g. flyer)').fill('flyer');
  await page.getByLabel('Medium (e.g. print)').fill('print');
  await page.getByLabel('Campaign', { exact: true }).fill('spring sale');
  const final =
    'https://example.com/book?ref=shelf&utm_source=flyer&utm_medium=print&utm_campaign=spring+sale';
  await expect(page.locator('output')).toHaveText(final);
  await expectAxeClean(page);
  const id = await createCode(page);
  const scan = await page.request.get(`/r/${id}`, { maxRedirects: 0 });
  expect([scan.status(), scan.headers().location]).toEqual([302, final]);
});
