// The book journeys against the real backend (offline provider): Gen 2.0 from submit to downloaded
// PDF and EPUB with live progress, a Basic plan book without EPUB, and a kids book from the form to
// its viewer. The [stubbed API] specs cover the failure states a real server cannot be made to
// show on demand.
import { expectToast } from './account-helpers';
import {
  fillKidsBookForm,
  LEO_KIDS_BOOK,
  orderGen2Outlines,
  signUpOnPlan,
  writeFinishedBook,
} from './books-helpers';
import { expect, test } from './support/fixtures';

test.use({ allowConsoleErrors: /status of 422/ });

test('REAL backend: Gen 2.0 submit, outlines, pick 2, generate, live progress, PDF + EPUB; My Books', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpOnPlan(page, 'premium');
  const option2 = await orderGen2Outlines(page);
  expect(await page.getByRole('textbox', { name: 'Outline Option 2 text' }).inputValue()).not.toBe('');
  await option2.getByRole('button', { name: 'Select Outline Option 2' }).click();
  await page.getByRole('button', { name: 'Generate Book' }).click();
  const confirmation = page.getByTestId('generation-confirmation');
  await expect(confirmation).toBeVisible();
  const seen = new Set<string>();
  const bar = confirmation.getByRole('progressbar', { name: 'Book progress' });
  for (let i = 0; i < 200; i++) {
    if (await confirmation.getByRole('link', { name: 'Download PDF' }).count()) break;
    // Read without waiting: the bar goes away when the book is done, maybe right after a count().
    for (const value of await bar.evaluateAll((bars) => bars.map((b) => b.getAttribute('aria-valuenow'))))
      seen.add(value ?? '');
    await page.waitForTimeout(100);
  }
  expect(
    [...seen].some((v) => Number(v) > 0 && Number(v) < 100),
    'a progress value between 0 and 100 was shown',
  ).toBe(true);
  await expect(confirmation.getByRole('link', { name: 'Download PDF' })).toBeVisible({ timeout: 60_000 });
  await expect(confirmation.getByRole('link', { name: 'Download EPUB' })).toBeVisible();
  const pdf = page.waitForEvent('download');
  await confirmation.getByRole('link', { name: 'Download PDF' }).click();
  expect((await pdf).suggestedFilename()).toMatch(/\.pdf$/);
  await page.goto('/my-books');
  const card = page.getByRole('article', { name: 'Houseplants for Beginners' });
  await expect(card.getByTestId('status-badge')).toHaveText('Done');
  await expect(card.getByRole('link', { name: 'Download EPUB' })).toBeVisible();
});

test('REAL backend: kids book through the form, then the viewer', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpOnPlan(page, 'premium');
  await fillKidsBookForm(page, LEO_KIDS_BOOK);
  await page.getByRole('button', { name: 'Generate Kids Book (100 credits)' }).click();
  await expectToast(page, 'Book Generation Started!', /Credits used: 100\. Remaining credits: \d+\./);
  await page.goto('/my-books');
  const card = page.getByRole('article').first();
  await expect(card.getByTestId('status-badge')).toHaveText('Done', { timeout: 90_000 });
  // My Books offers the print PDF (8.5×8.5 with bleed) and the ebook, named after the book.
  const title = (await card.getByRole('heading').first().textContent())?.trim() ?? '';
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const fromCard = page.waitForEvent('download');
  await card.getByRole('link', { name: 'Download', exact: true }).click();
  expect((await fromCard).suggestedFilename()).toBe(`${slug}-interior-8.5x8.5.pdf`);
  await expect(card.getByRole('link', { name: 'Download EPUB' })).toBeVisible();
  await card.getByRole('link', { name: 'View' }).click();
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 1 of 24');
  // The viewer offers them too.
  const files = page.getByRole('region', { name: 'Book files' });
  const print = page.waitForEvent('download');
  await files.getByRole('link', { name: 'Download print PDF' }).click();
  expect((await print).suggestedFilename()).toBe(`${slug}-interior-8.5x8.5.pdf`);
  const ebook = page.waitForEvent('download');
  await files.getByRole('link', { name: 'Download EPUB' }).click();
  expect((await ebook).suggestedFilename()).toBe(`${slug}.epub`);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`kids-viewer-${width}.png`) });
  }
  await expect(page.getByTestId('page-text')).toContainText('Leo');
  await expect(page.getByRole('img', { name: 'Illustration of page 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Go to page 24', exact: true }).click();
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 24 of 24');
});

test('REAL backend: a Basic plan book has a PDF and no EPUB, and My Books says why', async ({ page }) => {
  test.setTimeout(120_000);
  const card = await writeFinishedBook(
    page,
    {
      title: 'Window Boxes',
      description: 'Growing herbs and flowers in window boxes.',
    },
    60_000,
  );
  await expect(card.getByRole('link', { name: 'Download', exact: true })).toBeVisible();
  await expect(card.getByTestId('pdf-only')).toHaveText(
    'PDF only: EPUB is included in the Standard and Premium plans.',
  );
  await expect(card.getByRole('link', { name: 'Download EPUB' })).toHaveCount(0);
});
