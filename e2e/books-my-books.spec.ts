// My Books (docs/product/creation-tools-qr.md (Screens and routes, States, Validation, Messages)). STUBBED API: the book list, the generate call and the
// generation stream answer through page.route with the spec's shapes, to show states a real
// server cannot be made to show on demand; sign-up and sessions are real.
import type { Page } from '@playwright/test';
import { expectNoHorizontalOverflow, expectToast } from './account-helpers';
import {
  answerInTurn,
  expectToastText,
  FINISHED_GEN2_BOOK,
  noResumeOffers,
  noStream,
  RUNNING_COLORING_BOOK,
  SSE_HEADERS,
  STUBBED_BOOK_DATE,
  signUpWithStubbedBooks,
  sseBody,
  WRITING_GEN2_BOOK,
} from './books-helpers';
import { expect, keepScreenshot, signUp, test } from './support/fixtures';

const at = STUBBED_BOOK_DATE;
const BOOKS = [
  {
    id: 'v2-ready',
    title: 'Garden Birds Guide',
    type: 'non-fiction-v2',
    status: 'Outline finished',
    generationStatus: 'outlines-ready',
    progress: 30,
    createdAt: at,
    outlineText1: 'Birds outline one',
    outlineText2: 'Birds outline two',
    outlineText3: 'Birds outline three',
  },
  WRITING_GEN2_BOOK,
  {
    id: 'v2-creating',
    title: 'Ocean Tides',
    type: 'non-fiction-v2',
    status: 'In progress (outline creation)',
    generationStatus: 'running',
    progress: 5,
    createdAt: at,
  },
  FINISHED_GEN2_BOOK,
  {
    id: 'color-done',
    title: 'Dino Coloring',
    type: 'coloring-book',
    status: 'Done',
    generationStatus: 'completed',
    progress: 100,
    createdAt: at,
    shareLink: '/files/dino.pdf',
  },
  RUNNING_COLORING_BOOK,
  {
    id: 'kids-done',
    title: "Mia's Dragon",
    type: 'kids-book',
    status: 'Done',
    generationStatus: 'completed',
    progress: 100,
    createdAt: at,
  },
  {
    id: 'v1-failed',
    title: 'Broken Birdhouse',
    type: 'non-fiction',
    status: 'ERROR',
    generationStatus: 'failed',
    progress: 0,
    createdAt: at,
    error: 'The writer stopped; your 20 credits were refunded.',
  },
  {
    id: 'v1-sample',
    title: 'Legacy Sample',
    type: 'non-fiction',
    status: 'Done',
    generationStatus: 'completed',
    progress: 100,
    createdAt: at,
  },
];

const card = (page: Page, title: string) => page.getByRole('article', { name: title });

test.beforeEach(({ page }) => noResumeOffers(page));

test.describe('My Books [stubbed API]', () => {
  test('header, create buttons, cards with badges, dates, progress and actions', async ({
    page,
  }, testInfo) => {
    const { release } = await signUpWithStubbedBooks(page, BOOKS, { held: true });
    await page.goto('/my-books');
    await expect(page.getByTestId('books-loading')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'My Books' })).toBeVisible();
    await expect(page.getByText('Manage your book projects', { exact: true })).toBeVisible();
    for (const [label, href] of [
      ['Create Non-Fiction 2.0', '/non-fiction-gen2'],
      ['Create Coloring Book', '/coloring-book-generator'],
      ['Create Kids Book', '/kids-book-generator'],
    ] as const)
      await expect(page.getByRole('link', { name: label }).first()).toHaveAttribute('href', href);
    await expect(page.getByRole('article')).toHaveCount(BOOKS.length);
    await expect(page.getByTestId('books-loading')).toHaveCount(0);

    const birds = card(page, 'Garden Birds Guide');
    await expect(birds.getByTestId('type-badge')).toHaveText('Non-Fiction 2.0');
    await expect(birds.getByTestId('status-badge')).toHaveText('Outline finished');
    await expect(birds).toContainText('Created on Jun 1, 2025');
    await expect(birds.getByTestId('progress-percent')).toHaveText('30%');
    await expect(birds).toContainText('Outline ready. Book generation will start soon.');
    await expect(card(page, 'Stars at Night')).toContainText('Generating your book (15-20 minutes)');
    await expect(card(page, 'Ocean Tides')).toContainText('Creating your outline (5-10 minutes)');
    await expect(card(page, 'Jungle Coloring')).toContainText('Creating your coloring book (1-2 minutes)');
    await expect(card(page, 'Broken Birdhouse')).toContainText(
      'The writer stopped; your 20 credits were refunded.',
    );

    // Badge colours: in progress yellow, done green, error red, other grey.
    const colour = (title: string) =>
      card(page, title)
        .getByTestId('status-badge')
        .evaluate((el) => getComputedStyle(el).color);
    expect(await colour('Jungle Coloring')).toBe('rgb(161, 98, 7)');
    expect(await colour('Baking Bread')).toBe('rgb(21, 128, 61)');
    expect(await colour('Broken Birdhouse')).toBe('rgb(185, 28, 28)');
    expect(await colour('Garden Birds Guide')).toBe('rgb(91, 91, 115)');

    // Actions of docs/product/creation-tools-qr.md (States).
    await expect(
      card(page, 'Baking Bread').getByRole('link', { name: 'Download', exact: true }),
    ).toHaveAttribute('href', '/files/bread.pdf');
    await expect(card(page, 'Baking Bread').getByRole('link', { name: 'Download EPUB' })).toHaveAttribute(
      'href',
      '/files/bread.epub',
    );
    await expect(card(page, 'Dino Coloring').getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      '/files/dino.pdf',
    );
    await expect(card(page, "Mia's Dragon").getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      '/kids-book/kids-done',
    );
    // A finished book without its file says so; no placeholder "(Sample)" link to another site
    // (its only link is Edit, which every finished book has).
    const legacy = card(page, 'Legacy Sample');
    await expect(legacy.getByRole('link')).toHaveText(['Edit']);
    await expect(card(page, 'Baking Bread').getByRole('link', { name: 'Edit Baking Bread' })).toHaveAttribute(
      'href',
      /\/my-books\/.+\/edit$/,
    );
    await expect(legacy).toContainText('The file of this book is not available. Please contact support.');
    await expect(card(page, 'Jungle Coloring').getByRole('link')).toHaveCount(0);
    await expect(card(page, 'Stars at Night').getByRole('button', { name: 'Processing...' })).toHaveCount(0);

    // Grid: 4 columns at 1280 px.
    const columns = () =>
      page
        .getByRole('list', { name: 'My Books' })
        .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(await columns()).toBe(4);
    await keepScreenshot(page, testInfo, 'my-books-grid-1280');

    // List view: one column, long dates, Gen 2.0's disabled Processing...
    await page.getByRole('button', { name: 'List' }).click();
    await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    expect(await columns()).toBe(1);
    await expect(birds).toContainText('Created on June 1, 2025');
    await expect(card(page, 'Stars at Night').getByRole('button', { name: 'Processing...' })).toBeDisabled();
    await keepScreenshot(page, testInfo, 'my-books-list-1280');

    // Outlines ready: the card offers the next step, which opens the outlines to choose from.
    await birds.getByRole('button', { name: 'Choose outline' }).click();
    await expect(page.getByRole('dialog', { name: 'Book Outlines: Garden Birds Guide' })).toBeVisible();
  });

  test('search (case-insensitive title) and the status filter, with both empty states', async ({ page }) => {
    await signUpWithStubbedBooks(page, BOOKS);
    await page.goto('/my-books');
    const search = page.getByPlaceholder('Search books...');
    await search.fill('BIRD');
    await expect(page.getByRole('article')).toHaveText([/Garden Birds Guide/, /Broken Birdhouse/]);

    const filter = page.getByRole('combobox', { name: 'Filter by status' });
    await expect(filter).toHaveText('All Status');
    await filter.click();
    await page.getByRole('option', { name: 'Draft' }).click();
    await expect(page.getByRole('article')).toHaveText([/Broken Birdhouse/]);

    await search.fill('');
    await filter.click();
    await page.getByRole('option', { name: 'In Progress' }).click();
    // Exactly 'In progress': Gen 2.0's finer statuses are not included.
    await expect(page.getByRole('article')).toHaveText([/Jungle Coloring/]);

    await filter.click();
    await page.getByRole('option', { name: 'Complete' }).click();
    await expect(page.getByRole('article')).toHaveCount(4);

    await search.fill('zebra');
    await expect(page.getByRole('heading', { name: 'No books found' })).toBeVisible();
    await expect(page.getByText('Try adjusting your search or filters', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Non-Fiction', exact: true })).toHaveCount(0);
  });

  test("an empty library: 'Start creating your first book' and the create links", async ({
    page,
  }, testInfo) => {
    await signUpWithStubbedBooks(page, []);
    await page.goto('/my-books');
    await expect(page.getByRole('heading', { name: 'No books found' })).toBeVisible();
    await expect(page.getByText('Start creating your first book', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Non-Fiction', exact: true })).toHaveAttribute(
      'href',
      '/non-fiction-book',
    );
    await page.setViewportSize({ width: 375, height: 740 });
    await expectNoHorizontalOverflow(page);
    await keepScreenshot(page, testInfo, 'my-books-empty-375');
  });

  test('card clicks: kids books open their viewer; Gen 2.0 opens the outline dialog; others nothing', async ({
    page,
  }, testInfo) => {
    await signUpWithStubbedBooks(page, BOOKS);
    await page.route('**/api/kids-book/kids-done', (route) =>
      route.fulfill({ json: { title: "Mia's Dragon", Page1: 'Hello' } }),
    );
    await page.goto('/my-books');
    await card(page, 'Dino Coloring').click({ position: { x: 10, y: 10 } });
    await expect(page).toHaveURL(/\/my-books$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await card(page, "Mia's Dragon").click({ position: { x: 10, y: 10 } });
    await expect(page).toHaveURL(/\/kids-book\/kids-done$/);
    await page.goBack();
    // Keyboard: the title is a button.
    await card(page, 'Ocean Tides').getByRole('button', { name: 'Ocean Tides', exact: true }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Book Outlines: Ocean Tides' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('View the generated outlines for your non-fiction book');
    // Outlines still being written: that message alone, not also 'No outlines are available'.
    await expect(dialog).toContainText(
      'Your outline is still being created. Please check back later when the book status is "Outline finished".',
    );
    await expect(dialog).not.toContainText('No outlines are available for this book.');
    await keepScreenshot(page, testInfo, 'outline-dialog-still-creating-1280');
    await page.setViewportSize({ width: 375, height: 740 });
    await keepScreenshot(page, testInfo, 'outline-dialog-still-creating-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(dialog.getByRole('button', { name: 'Generate Book' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    // A book with no outline text that is not waiting for one: only 'No outlines are available'.
    await card(page, 'Baking Bread').getByRole('button', { name: 'Baking Bread', exact: true }).click();
    const none = page.getByRole('dialog', { name: 'Book Outlines: Baking Bread' });
    await expect(none).toContainText(
      'No outlines are available for this book. This feature is only available for Non-Fiction Gen 2.0 books with completed outlines.',
    );
    await expect(none).not.toContainText('Your outline is still being created.');
  });

  test.describe('outline dialog generate', () => {
    test.use({ allowConsoleErrors: /status of 500/ });

    test('Generate Book only with a selection; failure toasts, then success closes the dialog', async ({
      page,
    }, testInfo) => {
      const { user } = await signUpWithStubbedBooks(page, BOOKS);
      const requests = await answerInTurn(page, '**/api/non-fiction-gen2/generate-book', [
        { status: 500, json: { message: 'Writer unavailable', error: 'INTERNAL' } },
        { status: 500, json: {} },
        { json: { success: true, bookGenerated: true } },
      ]);
      await page.goto('/my-books');
      await card(page, 'Garden Birds Guide').click({ position: { x: 10, y: 10 } });
      const dialog = page.getByRole('dialog', { name: 'Book Outlines: Garden Birds Guide' });
      for (const n of [1, 2, 3])
        await expect(dialog.getByRole('region', { name: `Outline Option ${n}` })).toBeVisible();
      const box = dialog.getByRole('textbox', { name: 'Outline Option 1 text' });
      await expect(box).toHaveValue('Birds outline one');
      expect(await box.evaluate((el) => getComputedStyle(el).height)).toBe('384px'); // 24rem
      const generate = dialog.getByRole('button', { name: 'Generate Book' });
      await expect(generate).toBeDisabled();
      await dialog.getByRole('button', { name: 'Select Outline Option 3' }).click();
      await expect(generate).toBeEnabled();
      await keepScreenshot(page, testInfo, 'outline-dialog-1280');

      await generate.click();
      await expectToastText(page, 'Error', 'Writer unavailable');
      await expect(dialog.getByRole('alert')).toContainText('Writer unavailable');
      await generate.click();
      await expectToastText(page, 'Error', 'Failed to generate book. Please try again.');
      await generate.click();
      await expectToastText(
        page,
        'Success!',
        "Your book is now being generated. It will appear in your 'My Books' section when complete.",
      );
      await expect(dialog).toHaveCount(0);
      expect(requests[2]?.postDataJSON()).toEqual({
        outlineId: 'v2-ready',
        userId: user.id,
        outlineIndex: 2,
      });
    });
  });

  test.describe('a failing list', () => {
    test.use({ allowConsoleErrors: /status of 500/ });

    test("shows 'Failed to load books data. Please try again later.'", async ({ page }) => {
      await signUp(page);
      await noStream(page);
      await page.route(/\/api\/airtable\/books\/[^/]+$/, (route) =>
        route.fulfill({ status: 500, json: { message: 'down' } }),
      );
      await page.goto('/my-books');
      await expect(page.getByRole('alert').filter({ hasText: 'Failed to load books data' })).toHaveText(
        'Failed to load books data. Please try again later.',
      );
      await expectToast(page, 'Failed to fetch books', 'Failed to load books data. Please try again later.');
    });
  });

  test('progress bars move live from the generation stream, without reloading the list', async ({ page }) => {
    await signUp(page);
    let listReads = 0;
    await page.route(/\/api\/airtable\/books\/[^/]+$/, (route) => {
      listReads += 1;
      return route.fulfill({ json: BOOKS });
    });
    await page.route('**/api/generations/events', (route) =>
      route.fulfill({
        headers: SSE_HEADERS,
        // Events that bring a status carry it (the dashboard test below sends progress only).
        body: sseBody(
          [
            {
              id: '7',
              data: {
                generationId: 'color-run',
                status: 'running',
                progress: 65,
                step: 'Drawing design 20 of 30',
              },
            },
            {
              id: '8',
              data: {
                generationId: 'v2-writing',
                status: 'book-running',
                progress: 72,
                step: 'Writing chapter 4 of 5',
              },
            },
          ],
          60_000,
        ),
      }),
    );
    await page.goto('/my-books');
    await expect(card(page, 'Jungle Coloring').getByTestId('progress-percent')).toHaveText('65%');
    await expect(card(page, 'Jungle Coloring').getByRole('progressbar')).toHaveAttribute(
      'aria-valuenow',
      '65',
    );
    await expect(card(page, 'Jungle Coloring')).toContainText('Drawing design 20 of 30');
    await expect(card(page, 'Stars at Night').getByTestId('progress-percent')).toHaveText('72%');
    expect(listReads).toBe(1);
  });

  test('375 px: one column and no horizontal overflow, with the dialog open too', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signUpWithStubbedBooks(page, BOOKS);
    await page.goto('/my-books');
    await expect(page.getByRole('article')).toHaveCount(BOOKS.length);
    const columns = await page
      .getByRole('list', { name: 'My Books' })
      .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(1);
    await expectNoHorizontalOverflow(page);
    await keepScreenshot(page, testInfo, 'my-books-375');
    await card(page, 'Garden Birds Guide').getByRole('button', { name: 'Garden Birds Guide' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await keepScreenshot(page, testInfo, 'outline-dialog-375');
  });
});

test('[stubbed API] the dashboard Book Progress moves live from the generation stream too', async ({
  page,
}) => {
  await signUp(page);
  const running = BOOKS.filter((b) => b.status.startsWith('In progress'));
  await page.route(/\/api\/airtable\/books\/[^/]+\/status\/in-progress$/, (route) =>
    route.fulfill({ json: running }),
  );
  await page.route(/\/api\/airtable\/books\/[^/]+$/, (route) => route.fulfill({ json: BOOKS }));
  await page.route('**/api/generations/events', (route) =>
    route.fulfill({
      headers: SSE_HEADERS,
      body: sseBody(
        [
          {
            id: '3',
            data: {
              generationId: 'color-run',
              type: 'GenerationProgressed',
              kind: 'coloring-book',
              progress: 90,
              step: 'Drawing design 27 of 30',
            },
          },
        ],
        60_000,
      ),
    }),
  );
  await page.goto('/dashboard');
  const item = page.getByRole('listitem').filter({ hasText: 'Jungle Coloring' });
  await expect(item).toContainText('90%');
  await expect(item).toContainText('Drawing design 27 of 30');
  await expect(item.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '90');
});

test('[stubbed API] a resync from the stream reads the list again at once', async ({ page }) => {
  await signUp(page);
  let listReads = 0;
  await page.route(/\/api\/airtable\/books\/[^/]+$/, (route) => {
    listReads += 1;
    const progress = listReads === 1 ? 50 : 75;
    return route.fulfill({ json: BOOKS.map((b) => (b.id === 'color-run' ? { ...b, progress } : b)) });
  });
  // Resumed from too old a position: no events, only the word to refetch, then the resume point.
  await page.route('**/api/generations/events', (route) =>
    route.fulfill({
      headers: SSE_HEADERS,
      body: ': connected\nretry: 60000\n\nevent: resync\ndata: {}\n\nid: 40\n\n',
    }),
  );
  await page.goto('/my-books');
  const percent = card(page, 'Jungle Coloring').getByTestId('progress-percent');
  // Well before the 30 s safety refetch an open stream has.
  await expect(percent).toHaveText('75%', { timeout: 5_000 });
  expect(listReads).toBe(2);
});

test('[stubbed API] a refused stream falls back to refetching the list every 10 s', async ({ page }) => {
  let listReads = 0;
  await signUpWithStubbedBooks(page, () => {
    listReads += 1;
    const progress = listReads === 1 ? 50 : 75;
    return BOOKS.map((b) => (b.id === 'color-run' ? { ...b, progress } : b));
  });
  await page.goto('/my-books');
  const percent = card(page, 'Jungle Coloring').getByTestId('progress-percent');
  await expect(percent).toHaveText('50%');
  await expect(percent).toHaveText('75%', { timeout: 15_000 });
  expect(listReads).toBe(2);
});
