// Writing one chapter of a finished book again, against the real backend (offline provider): the
// Edit view opens the chapter versions, the dialog shows the price before anything is charged,
// the new version (honouring the note) appears beside the original, and using it rebuilds the
// book's files for free. Keyboard only, axe clean, right at 375 px and 1280 px.
import { buyPlan, pdfText } from './books-helpers';
import { expectAxeClean } from './support/axe';
import { expect, signUp, test } from './support/fixtures';

const credits = async (page: import('@playwright/test').Page) =>
  (await (await page.request.get('/api/user')).json()).credits as number;

test('REAL backend: write a chapter again with a note, keep both versions, and put the new one in the book', async ({
  page,
}) => {
  test.setTimeout(360_000);
  await signUp(page);
  await buyPlan(page, 'basic');
  const user = (await (await page.request.get('/api/user')).json()) as { id: string };
  const submitted = await page.request.post('/api/submit-non-fiction-form', {
    data: {
      Title: 'Window Boxes',
      Description: 'Growing herbs and flowers in window boxes.',
      User: [user.id],
    },
  });
  expect(submitted.status()).toBe(202);
  const bookId = (await submitted.json()).bookId as string;
  await expect
    .poll(async () => (await (await page.request.get(`/api/books/${bookId}/edition`)).json()).editable, {
      timeout: 150_000,
    })
    .toBe(true);
  const before = await credits(page);

  await page.goto(`/my-books/${bookId}/edit`);
  await page.getByRole('link', { name: 'Chapter versions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Chapter versions' })).toBeVisible();
  const chapter = page.locator('[data-part="chapter-2"]');
  await expect(chapter.getByText('In the book: version 1')).toBeVisible();
  await expectAxeClean(page);

  // Keyboard only: the chapter's "Write again" opens the dialog, whose price is shown first.
  const writeAgain = chapter.getByRole('button', { name: /^Write again/ });
  await writeAgain.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const price = (await (await page.request.get(`/api/books/${bookId}/parts`)).json()).price as number;
  await expect(dialog.getByText(`This costs ${price} credit`)).toBeVisible();
  const note = dialog.getByLabel('Note to the writer (optional)');
  await expect(note).toBeFocused();
  await note.fill('more practical');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectAxeClean(page);
  await page.screenshot({ path: test.info().outputPath('regenerate-dialog-375.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  // The new version appears beside the original; the book keeps the original until it is chosen.
  await expect(chapter.getByRole('heading', { name: 'Version 2' })).toBeVisible({ timeout: 60_000 });
  await expect(chapter.getByText('Asked: “more practical”', { exact: true })).toBeVisible();
  await expect(chapter.getByText('In the book: version 1')).toBeVisible();
  expect(await credits(page)).toBe(before - price);
  await chapter.getByText('Read this version:').last().click();
  await expect(
    chapter.getByText('This version was rewritten as the author asked: “more practical”.'),
  ).toBeVisible();
  await expectAxeClean(page);
  await page.screenshot({ path: test.info().outputPath('versions-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('versions-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  const oldPdf = (await (await page.request.get(`/api/books/${bookId}/edition`)).json())
    .interiorFile as string;
  const use = chapter.getByRole('button', { name: /^Use this version: Version 2/ });
  await use.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your changes are saved. The files are being rebuilt.')).toBeVisible();
  await expect(chapter.getByText('In the book: version 2')).toBeVisible();
  // The rebuilt interior has the chosen version, and choosing cost nothing.
  let newPdf = '';
  await expect
    .poll(
      async () => {
        const edition = await (await page.request.get(`/api/books/${bookId}/edition`)).json();
        newPdf = edition.editable && edition.interiorFile !== oldPdf ? edition.interiorFile : '';
        return newPdf;
      },
      { timeout: 150_000 },
    )
    .not.toBe('');
  const text = pdfText(await (await page.request.get(newPdf)).body());
  expect(text).toContain('rewritten as the author asked: “more practical”');
  expect(await credits(page)).toBe(before - price);
});
