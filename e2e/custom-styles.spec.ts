// Custom styles: the style picker on the tool forms (presets for every plan, "My styles" on
// Premium, an upgrade hint otherwise) and the My styles dialog (save with a reference picture,
// use it in a tool, delete after a confirmation), at 1280 and 375 px, by keyboard, axe clean.
import type { Page } from '@playwright/test';
import { expectNoHorizontalOverflow, expectToast } from './account-helpers';
import { signUpOnPlan } from './books-helpers';
import { expectAxeClean } from './support/axe';
import { expect, keepScreenshot, test } from './support/fixtures';
import { pictureFile } from './support/pictures';

test.describe.configure({ timeout: 120_000 });

/** A new account on the plan, at the tool's form; returns the form's style picker. */
async function stylePicker(page: Page, plan: 'standard' | 'premium', toolPath: string) {
  await signUpOnPlan(page, plan);
  await page.goto(toolPath);
  return page.getByRole('radiogroup', { name: 'Art Style' });
}

test('Premium saves a style with a picture, draws with it and deletes it after a confirmation', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const styles = await stylePicker(page, 'premium', '/image-generator-v2');
  await expect(styles.getByRole('radio', { name: 'Default' })).toBeChecked();
  for (const preset of ['Watercolour', 'Pencil', 'Flat vector', 'Clay', 'Comic'])
    await expect(styles.getByRole('radio', { name: preset })).toBeVisible();
  await expect(page.getByText('You have no saved styles yet.')).toBeVisible();

  // The dialog: empty, then a style saved with its reference picture.
  await page.getByRole('button', { name: 'Manage my styles' }).click();
  const dialog = page.getByRole('dialog', { name: 'My styles' });
  await expect(dialog.getByText('You have no saved styles yet.')).toBeVisible();
  await expect(dialog.getByText('0 of 20 saved')).toBeVisible();
  await expectAxeClean(page);
  await dialog.getByLabel('Style name').fill('Ink garden');
  await dialog.getByLabel('Describe the style').fill('Thick brush ink outlines with one coral accent colour');
  await dialog.locator('input[type=file]').setInputFiles(await pictureFile('coral.png', 120, 80, '#ff7f50'));
  await dialog.getByRole('button', { name: 'Save style' }).click();
  await expectToast(page, 'Style saved');
  await expect(dialog.getByRole('img', { name: 'Reference picture of Ink garden' })).toBeVisible();
  await expect(dialog.getByText('1 of 20 saved')).toBeVisible();
  await keepScreenshot(page, testInfo, 'my-styles-1280');
  await expectAxeClean(page);
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();

  // Chosen by keyboard from the presets down to the saved style, then used.
  const mine = styles.getByRole('radio', { name: 'Ink garden (My styles)' });
  await styles.getByRole('radio', { name: 'Comic' }).click();
  await page.keyboard.press('ArrowDown');
  await expect(mine).toBeFocused();
  await page.keyboard.press('Space');
  await expect(mine).toBeChecked();
  // Saving a style in the dialog did not submit the tool's form.
  await expect(page.getByText('Prompt Required: Please enter a prompt for your image.')).toHaveCount(0);
  await page.getByLabel('Prompt').fill('A heron standing in a pond');
  const started = page.waitForRequest(
    (r) => r.url().endsWith('/api/generate-image-v2') && r.method() === 'POST',
  );
  await page.getByRole('button', { name: /Generate Image/ }).click();
  expect((await started).postDataJSON()).toMatchObject({
    style: expect.stringMatching(/^saved:[0-9a-f-]{36}$/),
  });
  await expect(page.getByText('Image Generation Started').first()).toBeVisible();

  // Deleted after a confirmation: the list is empty again, the picker back to presets.
  await page.getByRole('button', { name: 'Manage my styles' }).click();
  await dialog.getByRole('button', { name: 'Delete Ink garden' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Ink garden' });
  await expect(confirm).toContainText('Pictures made with it stay as they are.');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(dialog.getByText('You have no saved styles yet.')).toBeVisible();
  await expect(dialog.getByText('0 of 20 saved')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(mine).toHaveCount(0);
});

test('other plans pick presets and see an upgrade hint; at 375 px nothing runs off the screen', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const styles = await stylePicker(page, 'standard', '/kids-book-generator');
  await styles.getByRole('radio', { name: 'Watercolour' }).click();
  await expect(styles.getByRole('radio', { name: 'Watercolour' })).toBeChecked();
  const hint = page.getByTestId('styles-upgrade');
  await expect(hint).toContainText('with the Premium plan');
  await expect(hint.getByRole('link', { name: 'View plans' })).toHaveAttribute('href', '/pricing');
  await expect(page.getByRole('button', { name: 'Manage my styles' })).toHaveCount(0);
  // The server says the same to a direct call.
  const refused = await page.request.post('/api/styles', {
    data: { name: 'Mine', description: 'A style of my very own' },
  });
  expect(refused.status()).toBe(403);
  await expectNoHorizontalOverflow(page);
  await styles.scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'styles-basic-375');
  await expectAxeClean(page);

  // A coloring book says where its style goes.
  await page.goto('/coloring-book-generator');
  await expect(
    page.getByText('The style is for the cover: the pages stay black and white line art'),
  ).toBeVisible();
  await expectNoHorizontalOverflow(page);
});
