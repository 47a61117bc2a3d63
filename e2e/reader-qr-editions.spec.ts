// A book's Readers panel against the real backend (offline provider): a book with reader codes
// opens the panel from the keyboard; its error state offers 'Try again'; with nobody signed up the
// list is empty; a reader on a phone signs up on the print code's landing page and the panel shows
// them on the print row with 100% conversion and the CSV link; the bonus is set from the book's
// own pages. Axe-clean and screenshotted at 375 and 1280 px.
import { writeFinishedBook } from './books-helpers';
import { expectAxeClean } from './support/axe';
import { expect, test } from './support/fixtures';

// The error state under test is a 500 the browser reports on the console.
test.use({ allowConsoleErrors: /status of 500/ });

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

test('REAL backend: the Readers panel shows a book’s readers per edition', async ({ page, browser }) => {
  test.setTimeout(360_000);
  const card = await writeFinishedBook(page, {
    title: 'Herb Pots',
    description: 'Growing herbs in pots on a sunny windowsill.',
  });
  const books = (await (await page.request.get('/api/user')).json()) as { id: string };
  const list = (await (await page.request.get(`/api/airtable/books/${books.id}`)).json()) as Array<{
    id: string;
    title: string;
  }>;
  const bookId = list.find((b) => b.title === 'Herb Pots')?.id as string;
  const made = await page.request.post(`/api/books/${bookId}/reader-qr`, {
    data: { offer: 'newsletter', heading: 'Join my readers' },
  });
  expect(made.status()).toBe(202);
  const { readerQr } = (await made.json()) as { readerQr: { qrId: string; url: string } };

  // Once rebuilt with its codes, the card has Readers; the keyboard opens it.
  const open = card.getByRole('button', { name: 'Readers: Herb Pots' });
  // (The code was asked for over the API, so the page learns of the rebuild by reloading.)
  await expect(async () => {
    await page.reload();
    await expect(open).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 150_000 });

  // The error state first: the panel says so and offers Try again.
  await page.route('**/api/books/*/readers', (route) => route.fulfill({ status: 500, body: '{}' }));
  await open.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Readers: Herb Pots' });
  await expect(panel.getByText('The readers could not be loaded')).toBeVisible();
  await page.unroute('**/api/books/*/readers');
  await panel.getByRole('button', { name: 'Try again' }).click();

  // Nobody yet: three editions at zero, an empty list.
  await expect(panel.getByText('No readers have signed up yet')).toBeVisible();
  await expect(panel.locator('tbody tr')).toHaveCount(3);
  await expectAxeClean(page);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // A reader scans the print code on a phone and signs up on its landing page.
  const phone = await browser.newContext({ userAgent: PHONE, viewport: { width: 375, height: 800 } });
  const reader = await phone.newPage();
  await reader.goto(new URL(readerQr.url).pathname);
  await reader.getByLabel('Email').fill('reader@example.com');
  await reader.getByRole('button', { name: 'Join my readers' }).click();
  await expect(reader.getByText('Success!')).toBeVisible();
  await phone.close();

  await page.reload();
  await card.getByRole('button', { name: 'Readers: Herb Pots' }).click();
  const print = panel.locator('tr[data-edition="print"]');
  await expect(print).toContainText('1', { timeout: 30_000 });
  await expect(print.locator('td').nth(2)).toHaveText('1');
  await expect(print.locator('td').nth(3)).toHaveText('100%');
  await expect(panel.locator('tr[data-edition="ebook"] td').nth(2)).toHaveText('0');
  await expect(panel.getByRole('cell', { name: 'reader@example.com' })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
    'href',
    `/api/books/${bookId}/readers/emails.csv`,
  );

  // The bonus from the book's own pages.
  await panel.getByLabel('Or give pages of this book').fill('1-2');
  await panel.getByRole('button', { name: 'Use these pages' }).click();
  await expect(panel.getByText('Readers now get Herb-Pots-bonus.pdf.')).toBeVisible();

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`readers-${width}.png`), fullPage: true });
    await expectAxeClean(page);
  }
});
