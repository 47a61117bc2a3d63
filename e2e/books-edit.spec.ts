// Editing a finished book against the real backend (offline provider): My Books shows the cover,
// Edit opens the book's words, a changed chapter is saved, the files are rebuilt while the screen
// follows, and the rebuilt interior PDF carries the new text (read back with pdftotext).
import { pdfText, writeFinishedBook } from './books-helpers';
import { expect, test } from './support/fixtures';

test('REAL backend: edit a chapter of a finished book and find the new text in the rebuilt PDF', async ({
  page,
}) => {
  test.setTimeout(360_000);
  const card = await writeFinishedBook(page, {
    title: 'Window Boxes',
    description: 'Growing herbs and flowers in window boxes.',
  });
  // The card shows the book's cover.
  const cover = card.getByRole('img', { name: 'Cover of Window Boxes' });
  await expect(cover).toBeVisible();
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const credits = (await (await page.request.get('/api/user')).json()).credits as number;

  await card.getByRole('link', { name: 'Edit Window Boxes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Book' })).toBeVisible();
  const oldPdf = await page.getByRole('link', { name: 'Interior PDF' }).getAttribute('href');
  const chapter = page.getByLabel('Text of part 2');
  await expect(chapter).not.toHaveValue('');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath('edit-375.png'), fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath('edit-1280.png'), fullPage: false });

  // A field in error at the top of this long page: saving from the bottom moves focus (and the
  // view) to it, with its message.
  const title = page.getByLabel('Title', { exact: true });
  await title.fill('');
  const save = page.getByRole('button', { name: 'Save and rebuild files' });
  await save.scrollIntoViewIfNeeded();
  await save.click();
  await expect(title).toBeFocused();
  await expect(title).toBeInViewport();
  await expect(title).toHaveAttribute('aria-invalid', 'true');

  await chapter.fill('Basil wants six hours of sun.\n\nWater it at dawn, never at noon.');
  await title.fill('Herbs on the Sill');
  // The back cover's copy, written from the book, is edited with it.
  const blurb = page.getByLabel('Back cover blurb');
  await expect(blurb).not.toHaveValue('');
  await blurb.fill('Herbs for every sill.');
  await page.getByRole('button', { name: 'Save and rebuild files' }).click();
  await expect(page.getByText('Your changes are saved. The files are being rebuilt.')).toBeVisible();
  // Once rebuilt, the screen offers the new files (under new names) and the form again.
  const interior = page.getByRole('link', { name: 'Interior PDF' });
  await expect(interior).toBeVisible({ timeout: 150_000 });
  await expect(interior).not.toHaveAttribute('href', oldPdf ?? '');
  await expect(page.getByLabel('Text of part 2')).toHaveValue(
    'Basil wants six hours of sun.\n\nWater it at dawn, never at noon.',
  );

  const href = (await interior.getAttribute('href')) as string;
  const download = await page.request.get(href);
  expect(download.status()).toBe(200);
  const text = pdfText(await download.body());
  expect(text).toContain('Herbs on the Sill');
  expect(text).toContain('Basil wants six hours of sun.');
  expect(text).toContain('Water it at dawn, never at noon.');
  await expect(page.getByLabel('Back cover blurb')).toHaveValue('Herbs for every sill.');
  const coverPdf = await page.request.get(
    (await page.getByRole('link', { name: 'Cover PDF' }).getAttribute('href')) as string,
  );
  expect(pdfText(await coverPdf.body())).toContain('Herbs for every sill.');
  // Free: the balance is as it was.
  expect((await (await page.request.get('/api/user')).json()).credits).toBe(credits);

  await page.getByRole('link', { name: 'Back to My Books' }).click();
  await expect(
    page.getByRole('article', { name: 'Herbs on the Sill' }).getByTestId('status-badge'),
  ).toHaveText('Done');
  await page.screenshot({ path: test.info().outputPath('my-books-1280.png') });
});
