// Writing one chapter of a finished book again, against the real backend (offline provider): the
// Edit view opens the chapter versions, the dialog shows the price before anything is charged,
// the new version (honouring the note) appears beside the original, and using it rebuilds the
// book's files for free. Keyboard only, axe clean, right at 375 px and 1280 px.
import type { APIResponse, Page } from '@playwright/test';
import { pdfText, signUpOnPlan, signUpWithListing } from './books-helpers';
import { expectAxeClean } from './support/axe';
import { expect, test } from './support/fixtures';

const credits = async (page: Page) => (await (await page.request.get('/api/user')).json()).credits as number;

/**
 * A new account on the plan starts a book with its own request (given the user's id), which is
 * waited on until written and editable; returns the book's id.
 */
async function editableBook(
  page: Page,
  plan: 'basic' | 'premium',
  timeout: number,
  submit: (userId: string) => Promise<APIResponse>,
): Promise<string> {
  const user = await signUpOnPlan(page, plan);
  const submitted = await submit(user.id);
  expect(submitted.status()).toBe(202);
  const bookId = (await submitted.json()).bookId as string;
  await expect
    .poll(async () => (await (await page.request.get(`/api/books/${bookId}/edition`)).json()).editable, {
      timeout,
    })
    .toBe(true);
  return bookId;
}

/** The book's Edit view, then its versions screen (chapters or pages). */
async function openVersions(page: Page, bookId: string, screen: 'Chapter versions' | 'Page versions') {
  await page.goto(`/my-books/${bookId}/edit`);
  await page.getByRole('link', { name: screen }).click();
  await expect(page.getByRole('heading', { level: 1, name: screen })).toBeVisible();
}

test('REAL backend: write a chapter again with a note, keep both versions, and put the new one in the book', async ({
  page,
}) => {
  test.setTimeout(360_000);
  const bookId = await editableBook(page, 'basic', 150_000, (userId) =>
    page.request.post('/api/submit-non-fiction-form', {
      data: {
        Title: 'Window Boxes',
        Description: 'Growing herbs and flowers in window boxes.',
        User: [userId],
      },
    }),
  );
  const before = await credits(page);

  await openVersions(page, bookId, 'Chapter versions');
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

test('REAL backend: draw a kids page again with a note, see both pictures as thumbnails, and put the new one in the book', async ({
  page,
}) => {
  test.setTimeout(360_000);
  const bookId = await editableBook(page, 'premium', 200_000, (userId) =>
    page.request.post('/api/generate-kids-book', {
      multipart: {
        storyDescription: 'Pip the puppy learns to swim at the seaside',
        characterName: 'Pip',
        characterGender: 'boy',
        userId,
      },
    }),
  );
  const before = await credits(page);

  await openVersions(page, bookId, 'Page versions');
  const picture = page.locator('[data-part="page-2-picture"]');
  await expect(picture.getByText('In the book: version 1')).toBeVisible();
  const original = picture.getByRole('img', { name: 'Page 2, Version 1 (original)' });
  await original.scrollIntoViewIfNeeded();
  await expect(original).toBeVisible();
  await expect.poll(() => original.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Keyboard only: "Draw again" opens the dialog with the picture's price, shown first.
  await picture.getByRole('button', { name: /^Draw again/ }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('This costs 5 credits')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Draw again for 5 credits' })).toBeVisible();
  const note = dialog.getByLabel('Note to the illustrator (optional)');
  await expect(note).toBeFocused();
  await note.fill('draw a fox beside him');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  const redrawn = picture.getByRole('img', {
    name: 'Page 2, Version 2, drawn as asked: draw a fox beside him',
  });
  await expect(redrawn).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => redrawn.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await credits(page)).toBe(before - 5);
  await expectAxeClean(page);
  await picture.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('picture-versions-1280.png') });
  await page.setViewportSize({ width: 375, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAxeClean(page);
  await picture.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('picture-versions-375.png') });

  const use = picture.getByRole('button', { name: /^Use this version: Version 2/ });
  await use.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your changes are saved. The files are being rebuilt.')).toBeVisible();
  await expect(picture.getByText('In the book: version 2')).toBeVisible();
  expect(await credits(page)).toBe(before - 5);
});

test('REAL backend: write a listing field again from its details, see its price first, and use the new version', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { user, listingId } = await signUpWithListing(page, {
    bookTitle: 'Garden Bees',
    bookPrompt: 'A gentle guide to the bees in garden flowers',
  });
  await expect
    .poll(
      async () => (await (await page.request.get(`/api/kdp-listings/${listingId}/parts`)).json()).editable,
      {
        timeout: 60_000,
      },
    )
    .toBe(true);
  const before = await credits(page);

  await page.goto('/my-listings');
  await page.getByRole('button', { name: 'View details' }).first().click();
  const details = page.getByRole('dialog');
  const writeAgain = details.getByRole('button', { name: /^Write again: Subtitle \(3 credits\)/ });
  await expect(writeAgain).toBeVisible();
  await writeAgain.focus();
  await page.keyboard.press('Enter');
  const ask = page.getByRole('dialog', { name: 'Write “Subtitle” again' });
  await expect(ask.getByText('This costs 3 credits')).toBeVisible();
  await expect(ask.getByLabel('Note to the writer (optional)')).toBeFocused();
  await ask.getByLabel('Note to the writer (optional)').fill('warmer');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectAxeClean(page);
  await page.screenshot({ path: test.info().outputPath('listing-write-again-375.png') });
  await page.keyboard.press('Enter');
  await expect(ask).toBeHidden();

  const versions = details.getByText('Subtitle: 2 versions');
  await expect(versions).toBeVisible({ timeout: 60_000 });
  expect(await credits(page)).toBe(before - 3);
  await versions.focus();
  await page.keyboard.press('Enter');
  await expect(details.getByText('Asked: “warmer”')).toBeVisible();
  await expectAxeClean(page);
  await page.screenshot({ path: test.info().outputPath('listing-versions-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  const use = details.getByRole('button', { name: 'Use this version: Version 2 of Subtitle' });
  await use.focus();
  await page.keyboard.press('Enter');
  // The listing's details (and what its Copy button copies) now read the chosen version.
  await expect(details.getByText('In the listing')).toBeVisible();
  const parts = (await (await page.request.get(`/api/kdp-listings/${listingId}/parts`)).json()) as {
    parts: Array<{ part: string; text?: string }>;
  };
  const subtitle = parts.parts.find((p) => p.part === 'listing-subtitle')?.text ?? '';
  expect(subtitle).toContain('warmer');
  const listing = (
    (await (await page.request.get(`/api/kdp-listings/${user.id}`)).json()) as Array<{
      id: string;
      subtitle: string;
    }>
  ).find((l) => l.id === listingId);
  expect(listing?.subtitle).toBe(subtitle);
  await expect(details.getByText(subtitle, { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('listing-versions-1280.png'), fullPage: true });
  expect(await credits(page)).toBe(before - 3);
});
