// "Add a reader QR" against the real backend (offline provider): a finished book's card opens the
// dialog from the keyboard, a line the book fonts cannot print is said under its field, a bad link
// is said inside the dialog, a good offer makes the code and rebuilds the book free, and the
// rebuilt interior PDF carries the author's line (pdftotext).
import { pdfText, writeFinishedBook } from './books-helpers';
import { expectAxeClean } from './support/axe';
import { expect, test } from './support/fixtures';

// The refused link's 400 is the browser's console line for the error state under test.
test.use({ allowConsoleErrors: /status of 400/ });

test('REAL backend: add a reader QR to a finished book from My Books', async ({ page }) => {
  test.setTimeout(360_000);
  const card = await writeFinishedBook(page, {
    title: 'Window Boxes',
    description: 'Growing herbs and flowers in window boxes.',
  });
  const oldPdf = await card
    .getByRole('link', { name: /Download/ })
    .first()
    .getAttribute('href');
  const credits = (await (await page.request.get('/api/user')).json()).credits as number;

  // Keyboard: the button takes focus and Enter opens the dialog; Escape closes it.
  const open = card.getByRole('button', { name: 'Add a reader QR: Window Boxes' });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add a reader QR code' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await open.click();
  await expect(dialog.getByLabel('Line above the code')).toHaveValue('Get the bonus chapter');

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`reader-qr-${width}.png`) });
  }
  await expectAxeClean(page);

  // A line the book fonts cannot print: said under its field before anything is sent.
  await dialog.getByLabel('Link to the download or review page').fill('ftp://example.com/seeds.pdf');
  const line = dialog.getByLabel('Line above the code');
  await line.fill('Get the bonus chapter ★');
  await dialog.getByRole('button', { name: 'Add the code and rebuild' }).click();
  await expect(
    dialog.getByText(
      'The line above the code contains characters our book fonts cannot print (★). Remove them or use another wording.',
    ),
  ).toBeVisible();
  await expect(line).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('reader-qr-unprintable-1280.png') });
  await line.fill('Get the bonus chapter');

  // A link the server refuses: said in the dialog, which stays open.
  await dialog.getByRole('button', { name: 'Add the code and rebuild' }).click();
  await expect(dialog.getByText('The link must be a web address (https://…)')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('reader-qr-error-1280.png') });

  await dialog.getByLabel('Link to the download or review page').fill('https://example.com/seeds.pdf');
  await dialog.getByLabel('Words under the code (optional)').fill('A free chapter on saving your own seeds.');
  await dialog.getByRole('button', { name: 'Add the code and rebuild' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Reader QR code added').first()).toBeVisible();

  const download = card.getByRole('link', { name: /Download/ }).first();
  await expect(card.getByTestId('status-badge')).toHaveText('Done', { timeout: 150_000 });
  await expect(download).not.toHaveAttribute('href', oldPdf ?? '', { timeout: 150_000 });
  const pdf = await page.request.get((await download.getAttribute('href')) as string);
  const text = pdfText(await pdf.body());
  expect(text).toContain('Get the bonus chapter');
  expect(text).toContain('A free chapter on saving your own seeds.');
  expect((await (await page.request.get('/api/user')).json()).credits).toBe(credits);
  // The code is the author's, listed with their QR codes.
  await page.goto('/qr-codes');
  await expect(page.getByText('Window Boxes: readers').first()).toBeVisible();
});
