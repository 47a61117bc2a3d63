// Image journeys: a coloring page and an image edit made through their screens and found in
// My Images (tabs, Original/Edited toggle, download names); a KDP listing created and read in its
// details dialog with the KDP rule marks; the screens at 375 px without sideways overflow.
import type { Page } from '@playwright/test';
import { expectNoHorizontalOverflow, expectToast } from './account-helpers';
import { buyPlan } from './books-helpers';
import { expect, keepScreenshot, signUp, test } from './support/fixtures';
import { pictureFile } from './support/pictures';

test.describe.configure({ timeout: 90_000 });

/** 60 credits through the simulated Basic checkout (the account area's own flow). */
async function buyBasic(page: Page): Promise<void> {
  await buyPlan(page, 'basic');
  await expect
    .poll(async () => ((await (await page.request.get('/api/user')).json()) as { credits: number }).credits)
    .toBe(60);
}

const balance = (page: Page) => page.getByTestId('credit-balance');

test('a coloring page and an edit appear in My Images with tabs, the toggle and download names', async ({
  page,
}, testInfo) => {
  await signUp(page);
  await buyBasic(page);

  // Coloring page: the spec's message for a blank prompt, then a start that clears the field.
  await page.goto('/coloring-book-page-generator');
  await expect(balance(page)).toContainText('60 credits');
  await page.getByRole('button', { name: 'Generate Page (4 credits)' }).click();
  await expect(page.getByText('Please provide a prompt for your coloring page.')).toBeVisible();
  const prompt = page.getByLabel('Describe your coloring page');
  await prompt.fill('A friendly dragon reading in a garden');
  await page.getByRole('button', { name: 'Generate Page (4 credits)' }).click();
  await expectToast(page, 'Success!', 'Your coloring page generation has started!');
  await expect(prompt).toHaveValue('');
  await expect(balance(page)).toContainText('56 credits');

  // Image editor: a PNG from this machine, its preview, then the edit.
  await page.goto('/image-editor');
  await page.getByRole('button', { name: 'Edit Image (6 credits)' }).click();
  await expectToast(page, 'Image Required', 'Please select an image to edit.');
  // A text file named .png: a clear message at once, never a broken-image preview.
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
  await expectToast(page, 'Upload Error', 'Failed to process the image. Please try again.');
  await expect(page.getByRole('alert').filter({ hasText: 'Upload Error' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Preview of the chosen file' })).toHaveCount(0);
  await page.locator('input[type="file"]').setInputFiles(await pictureFile('sky.png', 120, 80, '#3366cc'));
  await expect(page.getByRole('img', { name: 'Preview of the chosen file' })).toBeVisible();
  await page.getByLabel('Describe your edit').fill('Make the sky orange');
  await page.getByRole('button', { name: 'Edit Image (6 credits)' }).click();
  await expectToast(page, 'Edit Started!', '6 credits used. 50 credits remaining.');
  await expect(
    page.getByTestId('tool-confirmation').getByRole('link', { name: 'Go to My Images' }),
  ).toHaveAttribute('href', '/my-images');
  await expect(page.getByLabel('Describe your edit')).toHaveValue('');
  await expect(page.getByRole('img', { name: 'Preview of the chosen file' })).toHaveCount(0);

  // My Images: both, completed (the in-progress cards refresh themselves).
  await page.goto('/my-images');
  await expect(page.getByRole('heading', { name: 'My Images', level: 1 })).toBeVisible();
  const cards = page.getByTestId('image-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.getByText('Completed', { exact: true })).toHaveCount(2, { timeout: 30_000 });
  await expect(cards.first()).toContainText('AI Image Editor');
  await expect(cards.first()).toContainText(new Date().toLocaleDateString('en-US'));
  await keepScreenshot(page, testInfo, 'my-images-1280');

  await page.getByRole('tab', { name: 'Coloring Books' }).click();
  const coloring = page.getByRole('tabpanel').getByTestId('image-card');
  await expect(coloring).toHaveCount(1);
  await expect(coloring).toContainText('A friendly dragon reading in a garden');
  // The card shows the small preview, not the print file.
  await expect(coloring.getByRole('img')).toHaveAttribute('src', /\?preview$/);
  await expect
    .poll(() => coloring.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(300);
  await keepScreenshot(page, testInfo, 'my-images-coloring-1280');
  const coloringDownload = page.waitForEvent('download');
  await coloring.getByRole('button', { name: 'Download image' }).click();
  expect((await coloringDownload).suggestedFilename()).toMatch(
    /^ai-book-studio-coloring-\d{4}-\d{2}-\d{2}-a-friendly-dragon\.png$/,
  );
  await expectToast(
    page,
    'Download Complete',
    /^ai-book-studio-coloring-.*\.png has been downloaded successfully\.$/,
  );

  await page.getByRole('tab', { name: 'AI Image Editor' }).click();
  const editor = page.getByRole('tabpanel').getByTestId('image-card');
  await expect(editor).toHaveCount(1);
  await expect(editor.getByTestId('version-label')).toHaveText('Edited');
  await editor.getByRole('button', { name: 'Original' }).click();
  await expect(editor.getByTestId('version-label')).toHaveText('Original');
  const originalDownload = page.waitForEvent('download');
  await editor.getByRole('button', { name: 'Download original image' }).click();
  expect((await originalDownload).suggestedFilename()).toMatch(
    /^ai-book-studio-image-\d{4}-\d{2}-\d{2}-make-the-sky-original\.png$/,
  );
  await editor.getByRole('button', { name: 'Edited' }).click();
  const editedDownload = page.waitForEvent('download');
  await editor.getByRole('button', { name: 'Download edited image' }).click();
  expect((await editedDownload).suggestedFilename()).toMatch(/-make-the-sky-edited\.png$/);

  await page.getByRole('tab', { name: 'In Progress' }).click();
  await expect(page.getByRole('tabpanel').getByText('No images found')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole('tab', { name: 'All Images' }).click();
  await expect(page.getByRole('tabpanel').getByTestId('image-card')).toHaveCount(2);
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'my-images-375');
});

test('a KDP listing is created and read in its details dialog with each KDP rule passed', async ({
  page,
}, testInfo) => {
  await signUp(page);
  await page.goto('/kdp-listing-generator');
  await page.getByLabel('Book title').fill('Garden Bees');
  await page.getByLabel('What is your book about?').fill('A gentle guide to bees');
  // Not enough credits yet: the spec's wording with the balance.
  await page.getByRole('button', { name: 'Generate Listing (10 credits)' }).click();
  await expectToast(
    page,
    'Insufficient credits',
    'You need 10 credits to create a KDP listing. You currently have 0 credits.',
  );
  await page.getByLabel('What is your book about?').fill('too short');
  await page.getByRole('button', { name: 'Generate Listing (10 credits)' }).click();
  await expect(page.getByText('Book prompt must be at least 20 characters long')).toBeVisible();

  await buyBasic(page);
  await page.reload();
  await page.getByLabel('Book title').fill('Garden Bees');
  await page
    .getByLabel('What is your book about?')
    .fill('A gentle guide to the bees that visit garden flowers');
  await page.getByRole('button', { name: 'Generate Listing (10 credits)' }).click();
  await expectToast(page, 'Success!', 'Your KDP listing is being created.');
  await expect(balance(page)).toContainText('50 credits');
  await page.getByRole('link', { name: 'View My KDP Listings' }).click();

  await expect(page).toHaveURL(/\/my-listings$/);
  await expect(page.getByRole('tab', { name: 'Completed (1)' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('tab', { name: 'All (1)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'In progress (0)' })).toBeVisible();
  const card = page.getByTestId('listing-card');
  await expect(card).toContainText('A gentle guide to the bees that visit garden flowers');
  await card.getByRole('button', { name: 'View details' }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Garden Bees' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Description (HTML for KDP)' })).toBeVisible();
  await expect(
    dialog.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^Copy keyword/ }) }),
  ).toHaveCount(7);
  const checks = dialog.getByTestId('listing-check');
  await expect(checks).toHaveCount(6);
  await expect(dialog.locator('[data-testid="listing-check"][data-passed="true"]')).toHaveCount(6);
  await expect(checks.first()).toContainText('Title and subtitle under 200 characters');
  await keepScreenshot(page, testInfo, 'my-listings-dialog-1280');
});

test('the image screens fit a 375 px phone', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signUp(page);
  for (const [path, heading] of [
    ['/coloring-book-page-generator', 'Coloring Page Generator'],
    ['/image-generator-v2', 'Image Generator v2'],
    ['/image-editor', 'AI Image Editor'],
    ['/kdp-listing-generator', 'KDP Listing Generator'],
    ['/my-images', 'My Images'],
    ['/my-listings', 'My KDP Listings'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await keepScreenshot(page, testInfo, `375${path.replace(/\//g, '-')}`);
  }
  await expect(page.getByRole('heading', { name: 'No listings yet' }).first()).toBeVisible();
  await page.goto('/my-images');
  await expect(
    page.getByText("You haven't generated any images yet. Create your first AI image to see it here."),
  ).toBeVisible();
  await keepScreenshot(page, testInfo, 'my-images-375-empty');
});

test('My Images opens the live progress stream while a card is in progress, and the card then completes', async ({
  page,
}) => {
  const { id: userId } = await signUp(page);
  // The v2 list answers "In progress" until the page has asked for the stream, "Done" after.
  let told = false;
  const record = (done: boolean) => ({
    id: 'live-1',
    prompt: 'a lighthouse at dusk',
    status: done ? 'Done' : 'In progress',
    generationStatus: done ? 'completed' : 'running',
    image: done ? '/api/files/none.png' : null,
    createdTime: '2026-11-22T10:00:00.000Z',
  });
  await page.route(`**/api/image-generations-v2/${userId}`, (route) =>
    route.fulfill({ json: [record(told)] }),
  );
  const png = (await pictureFile('none.png', 8, 8, '#223344')).buffer;
  await page.route('**/api/files/none.png*', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: png }),
  );
  const stream = page.waitForRequest('**/api/generations/events');
  await page.route('**/api/generations/events', async (route) => {
    told = true;
    await route.fulfill({
      status: 200,
      headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' },
      body: `retry: 600000\nid: 1\nevent: progress\ndata: ${JSON.stringify({
        generationId: 'live-1',
        status: 'completed',
        progress: 100,
        step: 'Done',
      })}\n\n`,
    });
  });
  await page.goto('/my-images');
  // Asked for only while a card is in progress: the first answer had one.
  await stream;
  await expect(page.getByText('Completed').first()).toBeVisible();
});

test('My Images reads its lists again when the stream says it could not replay what was missed', async ({
  page,
}) => {
  const { id: userId } = await signUp(page);
  await page.route(`**/api/image-generations-v2/${userId}`, (route) =>
    route.fulfill({
      json: [
        {
          id: 'live-2',
          prompt: 'a harbour at dawn',
          status: 'In progress',
          generationStatus: 'running',
          image: null,
          createdTime: '2026-11-22T10:00:00.000Z',
        },
      ],
    }),
  );
  // A list with nothing in progress is never polled: read again, it was told to.
  let coloringReads = 0;
  await page.route(`**/api/coloring-book-generations/${userId}`, (route) => {
    coloringReads += 1;
    return route.fulfill({ json: [] });
  });
  const stream = page.waitForRequest('**/api/generations/events');
  await page.route('**/api/generations/events', (route) =>
    route.fulfill({
      status: 200,
      headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' },
      body: 'retry: 600000\nevent: resync\ndata: {}\n\nid: 9\n\n',
    }),
  );
  await page.goto('/my-images');
  await stream;
  await expect.poll(() => coloringReads).toBe(2);
});
