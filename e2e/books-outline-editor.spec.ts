// The Gen 2.0 outline editor against the real backend (offline provider): new outlines once for
// free, then the chosen outline edited with buttons and keys only (rename, reorder, remove, add,
// no introduction), saved, read back from the server, and the book generated from it.
import { expectNoHorizontalOverflow, expectToast } from './account-helpers';
import { buyPlan, orderGen2Outlines } from './books-helpers';
import { expectAxeClean } from './support/axe';
import { expect, keepScreenshot, signUp, test } from './support/fixtures';

test.use({ allowConsoleErrors: /status of 422/ });

test('REAL backend: rewrite the outlines once, edit outline 2 by keyboard, save, generate the book from it', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  await signUp(page);
  await buyPlan(page, 'premium');
  const option2 = await orderGen2Outlines(page);
  await option2.getByRole('button', { name: 'Select Outline Option 2' }).click();

  const editor = page.getByTestId('outline-editor');
  await expect(editor.getByLabel('Chapter 3 title')).not.toHaveValue('');
  const before = await page.getByRole('textbox', { name: 'Outline Option 2 text' }).inputValue();
  // New outlines, once and free: the editor closes, the outlines come back, the offer is gone.
  await editor.getByRole('button', { name: 'Write Three New Outlines (free, once)' }).click();
  await expect(page.getByRole('textbox', { name: 'Outline Option 2 text' })).not.toHaveValue(before, {
    timeout: 40_000,
  });
  await option2.getByRole('button', { name: 'Select Outline Option 2' }).click();
  await expect(editor.getByTestId('rewrite-used')).toBeVisible();

  const second = await editor.getByLabel('Chapter 2 title').inputValue();
  const third = await editor.getByLabel('Chapter 3 title').inputValue();
  await editor.getByLabel('Chapter 1 title').fill('Light, Water and Patience');
  // Keyboard only: chapter 3 moves up twice, then the (old) chapter 1, now second, is removed.
  await editor.getByRole('button', { name: 'Move chapter 3 up' }).focus();
  await page.keyboard.press('Enter');
  await editor.getByRole('button', { name: 'Move chapter 2 up' }).focus();
  await page.keyboard.press('Enter');
  await expect(editor.getByLabel('Chapter 1 title')).toHaveValue(third);
  await expect(editor.getByLabel('Chapter 2 title')).toHaveValue('Light, Water and Patience');
  await editor.getByRole('button', { name: 'Remove chapter 2' }).focus();
  await page.keyboard.press('Space');
  await editor.getByRole('button', { name: 'Add Chapter' }).click();
  await expect(editor.getByRole('button', { name: 'Save Outline' })).toBeDisabled();
  await editor.getByLabel('Chapter 3 title').fill('Repotting Without Fear');
  await editor
    .getByLabel('Chapter 3 summary')
    .fill('When a plant needs a bigger pot, and how to move it gently.');
  await editor.getByLabel('Introduction (leave empty for none)').fill('');

  await expectAxeClean(page);
  await page.setViewportSize({ width: 375, height: 900 });
  await expectNoHorizontalOverflow(page);
  await editor.scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'outline-editor-375');
  await page.setViewportSize({ width: 1280, height: 900 });
  await keepScreenshot(page, testInfo, 'outline-editor-1280');

  await editor.getByRole('button', { name: 'Save Outline' }).click();
  await expectToast(page, 'Outline saved');
  const bookId = new URL(page.url()).searchParams.get('bookId');
  const saved = await page.request.get(`/api/non-fiction-gen2/books/${bookId}/outlines`);
  const body = (await saved.json()) as {
    outlines: { introduction?: string; chapters: { title: string }[] }[];
  };
  expect(body.outlines[1]?.chapters.map((c) => c.title)).toEqual([third, second, 'Repotting Without Fear']);
  expect(body.outlines[1]?.introduction).toBeUndefined();

  await page.getByRole('button', { name: 'Generate Book' }).click();
  await expect(page.getByTestId('generation-confirmation')).toBeVisible();
  const after = await page.request.get(`/api/non-fiction-gen2/books/${bookId}/outlines`);
  expect(((await after.json()) as { editable: boolean }).editable).toBe(false);
});
