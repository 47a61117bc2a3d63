// "Add a reader QR" against the real backend (offline provider): a finished book's card opens the
// dialog from the keyboard, a line the book fonts cannot print is said under its field, a bad link
// is said inside the dialog, a good offer makes the code and rebuilds the book free, and the
// rebuilt interior PDF carries the author's line (pdftotext).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pdfText, writeFinishedBook } from './books-helpers';
import { expectAxeClean } from './support/axe';
import { expect, test } from './support/fixtures';

/** What zbarimg reads on a PDF's first page at 300 dpi. */
const pdfCode = (pdf: Buffer): string => {
  const dir = mkdtempSync(join(tmpdir(), 'reader-qr-'));
  writeFileSync(join(dir, 'cover.pdf'), pdf);
  execFileSync('pdftoppm', ['-r', '300', '-png', '-singlefile', join(dir, 'cover.pdf'), join(dir, 'cover')]);
  return execFileSync('zbarimg', ['--quiet', '--raw', join(dir, 'cover.png')], {
    stdio: ['ignore', 'pipe', 'ignore'],
  })
    .toString('utf8')
    .trim();
};

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
  const backCover = dialog.getByRole('switch', { name: 'Also print the code on the back cover' });
  await backCover.focus();
  await page.keyboard.press('Space');
  await expect(backCover).toBeChecked();
  await dialog.getByRole('button', { name: 'Add the code and rebuild' }).click();
  // Three landing codes and the cover as their hero are made before the answer: seconds when the
  // suite's other worker has the same server drawing a kids book.
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page.getByText('Reader QR code added').first()).toBeVisible();

  const download = card.getByRole('link', { name: /Download/ }).first();
  await expect(card.getByTestId('status-badge')).toHaveText('Done', { timeout: 150_000 });
  await expect(download).not.toHaveAttribute('href', oldPdf ?? '', { timeout: 150_000 });
  const pdf = await page.request.get((await download.getAttribute('href')) as string);
  const text = pdfText(await pdf.body());
  expect(text).toContain('Get the bonus chapter');
  expect(text).toContain('A free chapter on saving your own seeds.');
  const user = (await (await page.request.get('/api/user')).json()) as { id: string; credits: number };
  expect(user.credits).toBe(credits);
  // The paperback's back cover carries the print code too.
  const books = (await (await page.request.get(`/api/airtable/books/${user.id}`)).json()) as Array<{
    title: string;
    coverFile: string;
  }>;
  const cover = books.find((b) => b.title === 'Window Boxes')?.coverFile as string;
  expect(pdfCode(await (await page.request.get(cover)).body())).toMatch(/\/r\/[A-Za-z0-9]{12}$/);
  // The code is the author's, listed with their QR codes.
  await page.goto('/qr-codes');
  await expect(page.getByText('Window Boxes: readers').first()).toBeVisible();
});
