// The Gen 2.0 outline editor against the real backend (offline provider): new outlines once for
// free, once more for their price (shown on the button, confirmed, charged once), then the chosen outline edited with buttons and keys only (rename, reorder, remove, add,
// no introduction), saved, read back from the server, and the book generated from it; the book's
// length (with its live page estimate) and brief chosen in the form, the brief edited in the editor.
import { expectNoHorizontalOverflow, expectToast } from './account-helpers';
import { orderGen2Outlines, signUpOnPlan } from './books-helpers';
import { expectAxeClean } from './support/axe';
import { expect, keepScreenshot, test } from './support/fixtures';

test.use({ allowConsoleErrors: /status of 422/ });

test('REAL backend: rewrite the outlines once, edit outline 2 by keyboard, save, generate the book from it', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  await signUpOnPlan(page, 'premium');
  const option2 = await orderGen2Outlines(page, async () => {
    // Three chapters and the introduction: the estimate follows the length as it is chosen.
    const estimate = page.getByTestId('page-estimate');
    await expect(estimate).toHaveText('About 24 pages (6×9 paperback) for 4 chapters.');
    await page.getByRole('radio', { name: /^Long/ }).focus();
    await page.keyboard.press('Space');
    await expect(estimate).toHaveText('About 28 pages (6×9 paperback) for 4 chapters.');
    await page.getByLabel('Audience').fill('Retired teachers with a sunny flat');
    await page.getByLabel('Key terms').fill('repotting, drainage');
  });
  await option2.getByRole('button', { name: 'Select Outline Option 2' }).click();

  const editor = page.getByTestId('outline-editor');
  const brief = editor.getByTestId('brief-editor');
  await expect(brief.getByLabel('Audience')).toHaveValue('Retired teachers with a sunny flat');
  await expect(brief.getByLabel('Key terms')).toHaveValue('repotting, drainage');
  // The fields left empty in the form hold the defaults the chapters would be written with.
  await expect(brief.getByLabel('Tone of voice')).not.toHaveValue('');
  await brief.getByLabel('Things to avoid').fill('Brand names, toxic sprays');
  await brief.getByRole('button', { name: 'Save Brief' }).click();
  await expectToast(page, 'Brief saved');
  await expect(editor.getByLabel('Chapter 3 title')).not.toHaveValue('');
  const before = await page.getByRole('textbox', { name: 'Outline Option 2 text' }).inputValue();
  // New outlines, once and free: the editor closes, the outlines come back, the offer is gone.
  await editor.getByRole('button', { name: 'Write Three New Outlines (free, once)' }).click();
  await expect(page.getByRole('textbox', { name: 'Outline Option 2 text' })).not.toHaveValue(before, {
    timeout: 40_000,
  });
  await option2.getByRole('button', { name: 'Select Outline Option 2' }).click();
  await expect(editor.getByTestId('rewrite-used')).toBeVisible();
  // Beyond the free rewrite the price is on the button, and it is charged once, when confirmed.
  const balance = async () =>
    ((await (await page.request.get('/api/user')).json()) as { credits: number }).credits;
  const before2 = await page.getByRole('textbox', { name: 'Outline Option 2 text' }).inputValue();
  const credits = await balance();
  await editor.getByRole('button', { name: 'Rewrite outlines — 2 credits' }).click();
  await expect(editor.getByTestId('paid-rewrite')).toContainText('for 2 credits');
  await editor.getByRole('button', { name: 'Spend 2 credits' }).click();
  await expect(page.getByRole('textbox', { name: 'Outline Option 2 text' })).not.toHaveValue(before2, {
    timeout: 40_000,
  });
  expect(await balance()).toBe(credits - 2);
  await option2.getByRole('button', { name: 'Select Outline Option 2' }).click();
  await expect(editor.getByRole('button', { name: 'Rewrite outlines — 2 credits' })).toBeVisible();

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
  expect(body).toMatchObject({
    length: 'long',
    brief: { audience: 'Retired teachers with a sunny flat', avoid: 'Brand names, toxic sprays' },
  });
  // Three chapters, no introduction, long: the editor's estimate follows the draft.
  await expect(editor.getByTestId('page-estimate')).toHaveText(
    'Length: Long, about 2,000 words a chapter. About 24 pages (6×9 paperback) for 3 chapters.',
  );

  await page.getByRole('button', { name: 'Generate Book' }).click();
  await expect(page.getByTestId('generation-confirmation')).toBeVisible();
  const after = await page.request.get(`/api/non-fiction-gen2/books/${bookId}/outlines`);
  expect(((await after.json()) as { editable: boolean }).editable).toBe(false);
});
