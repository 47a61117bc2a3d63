// A kids book from a photo too small for a likeness, against the real backend (offline provider):
// the server's advice shows in the form before anything is spent, and the user may go on with it
// ("continue with a smaller portrait" sends acceptSmallPhoto), by keyboard.
import { expectNoHorizontalOverflow, expectToast } from './account-helpers';
import { fillKidsBookForm, signUpOnPlan } from './books-helpers';
import { expectAxeClean } from './support/axe';
import { expect, keepScreenshot, test } from './support/fixtures';
import { pictureFile } from './support/pictures';

test.use({ allowConsoleErrors: /status of 400/ });

test('REAL backend: a small photo gets advice, then goes on as a smaller portrait', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await signUpOnPlan(page, 'premium');
  await fillKidsBookForm(
    page,
    { story: 'Sam finds a lost kite on the beach and flies it home.', character: 'Sam', gender: 'Boy' },
    await pictureFile('sam.jpg', 480, 640, '#3a7bd5'),
  );
  const balance = page.getByTestId('credit-balance');
  const before = await balance.textContent();
  const sent: string[] = [];
  // Read through a route (the browser hands a multipart body with a file to routes only), sent on as is.
  await page.route('**/api/generate-kids-book', (route) => {
    sent.push(route.request().postDataBuffer()?.toString('latin1') ?? '');
    return route.continue();
  });
  await page.getByRole('button', { name: 'Generate Kids Book (100 credits)' }).click();

  const advice = page.getByTestId('overridable-refusal');
  await expect(advice).toContainText(
    "This photo is 480×640 pixels, too small for the pictures to keep the child's likeness: use one of at least 768×1024",
  );
  // Focused, so a screen reader reads it and the keyboard is one Tab from the way on.
  await expect(advice).toBeFocused();
  await expect(balance).toHaveText(before ?? '');
  await expectAxeClean(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoHorizontalOverflow(page);
    await advice.scrollIntoViewIfNeeded();
    await keepScreenshot(page, testInfo, `kids-small-photo-${width}`);
  }

  await page.keyboard.press('Tab');
  const goOn = page.getByRole('button', { name: 'Continue with a smaller portrait' });
  await expect(goOn).toBeFocused();
  await page.keyboard.press('Enter');
  await expectToast(page, 'Book Generation Started!', /Credits used: 100\. Remaining credits: \d+\./);
  await expect(advice).toHaveCount(0);
  expect(sent).toHaveLength(2);
  expect(sent[0]).not.toContain('name="acceptSmallPhoto"');
  expect(sent[1]).toMatch(/name="acceptSmallPhoto"\r\n\r\nyes\r\n/);
  expect(sent[1]).toContain('name="characterImage"; filename="sam.jpg"');
});
