// Non-Fiction Gen 2.0 in the browser (docs/product/creation-tools-qr.md (Screens and routes, States, Validation, Messages)). STUBBED API: the Gen 2.0 routes,
// the book list and the generation stream answer through page.route with the spec's shapes, to
// show states a real server cannot be made to show on demand (the real backend's journeys are in
// e2e/books-real-backend.spec.ts); sign-up, plan and credits are real.
import type { Page } from '@playwright/test';
import { expectNoHorizontalOverflow, expectToast } from './account-helpers';
import {
  answerInTurn,
  buyPlan,
  overrideUser,
  recordJson,
  SSE_HEADERS,
  signUpOnPlan,
  sseBody,
} from './books-helpers';
import { expect, keepScreenshot, signUp, test } from './support/fixtures';

const OUTLINES = [
  'Chapter 1: Why houseplants\nChapter 2: Light\nChapter 3: Water',
  'Chapter 1: Choosing a plant\nChapter 2: Soil and pots\nChapter 3: Pests',
  'Chapter 1: A year of care\nChapter 2: Propagation\nChapter 3: Display',
];

async function fillForm(page: Page) {
  await page.getByLabel('Book Title').fill('Houseplants for Beginners');
  await page.getByLabel('Book Description').fill('A friendly guide to keeping houseplants alive and happy.');
}

test.describe('Gen 2.0 [stubbed API]', () => {
  // 422 (outlines still generating) is logged by Chromium as a failed resource.
  test.use({ allowConsoleErrors: /status of 422/ });
  // The outline editor opens on the chosen outline: its read answers in the editor's shape.
  test.beforeEach(async ({ page }) => {
    const outline = { chapters: [{ title: 'First Steps', summary: 'Where to begin.' }] };
    await page.route('**/api/non-fiction-gen2/books/*/outlines', (route) =>
      route.fulfill({
        json: {
          status: 'outlines-ready',
          editable: true,
          rewritesLeft: 1,
          outlines: [outline, outline, outline],
        },
      }),
    );
  });

  test('submit, watch outlines arrive, pick outline 2, generate, see progress move without reload, download PDF and EPUB', async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000);
    const user = await signUpOnPlan(page, 'standard');

    const submit = recordJson(202, {
      success: true,
      bookId: 'g2-book',
      generationId: 'g2-book',
      creditsUsed: 20,
      remainingCredits: 130,
    });
    await page.route('**/api/non-fiction-gen2/submit', submit.handler);
    let outlineCalls = 0;
    await page.route('**/api/non-fiction-gen2/outlines?**', (route) => {
      outlineCalls += 1;
      expect(new URL(route.request().url()).searchParams.get('bookId')).toBe('g2-book');
      if (outlineCalls === 1)
        return route.fulfill({ status: 422, json: { message: 'Outlines are being generated' } });
      if (outlineCalls === 2)
        return route.fulfill({
          json: [
            {
              id: 'g2-book',
              status: 'In progress (outline creation)',
              generationStatus: 'running',
              bookGenerated: false,
            },
          ],
        });
      return route.fulfill({
        json: [
          {
            id: 'g2-book',
            status: 'Outline finished',
            generationStatus: 'outlines-ready',
            outline1: OUTLINES[0],
            outline2: OUTLINES[1],
            outline3: OUTLINES[2],
            bookGenerated: false,
          },
        ],
      });
    });
    const generate = recordJson(200, { success: true, bookGenerated: true });
    await page.route('**/api/non-fiction-gen2/generate-book', generate.handler);

    // The book list and the stream move together: 35 %, then 80 %, then done with its files.
    let phase = 0;
    const book = () => ({
      id: 'g2-book',
      userId: user.id,
      title: 'Houseplants for Beginners',
      type: 'non-fiction-v2',
      status: phase < 2 ? 'In progress (book creation)' : 'Done',
      generationStatus: phase < 2 ? 'book-running' : 'completed',
      progress: [10, 35, 100][phase],
      createdAt: '2025-06-01T10:00:00.000Z',
      ...(phase === 2 ? { downloadLink: '/files/g2.pdf', epubFile: '/files/g2.epub' } : {}),
    });
    await page.route(/\/api\/airtable\/books\/[^/]+$/, (route) => route.fulfill({ json: [book()] }));
    // The stream's event for this book's progress.
    const progressed = (id: string, progress: number, step: string) => ({
      id,
      data: { generationId: 'g2-book', type: 'GenerationProgressed', kind: 'non-fiction-v2', progress, step },
    });
    let connections = 0;
    await page.route('**/api/generations/events', (route) => {
      connections += 1;
      if (connections === 1) {
        phase = 1;
        return route.fulfill({
          headers: SSE_HEADERS,
          body: sseBody([progressed('1', 35, 'Writing chapter 2 of 5')], 1500),
        });
      }
      phase = 2;
      return route.fulfill({
        headers: SSE_HEADERS,
        body: sseBody(
          [
            progressed('2', 80, 'Writing chapter 4 of 5'),
            {
              id: '3',
              data: {
                generationId: 'g2-book',
                type: 'GenerationCompleted',
                status: 'completed',
                kind: 'non-fiction-v2',
              },
            },
          ],
          60_000,
        ),
      });
    });
    await page.route('**/files/g2.*', (route) =>
      route.fulfill({ body: 'file', headers: { 'Content-Type': 'application/octet-stream' } }),
    );

    await page.goto('/non-fiction-gen2');
    await expect(page.getByRole('heading', { level: 1, name: 'Non-Fiction Gen 2.0' })).toBeVisible();
    const steps = page
      .getByRole('heading', { name: 'How it works' })
      .locator('..')
      .locator('..')
      .getByRole('listitem');
    await expect(steps).toHaveText([/^1\s*Create Outline/, /^2\s*Select Outline/, /^3\s*Generate Book/]);
    await expect(page.getByTestId('content-policy')).toContainText('suitable for all ages');
    await expect(page.getByTestId('low-credits')).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Number of Chapters' })).toHaveText('5');
    await expect(page.getByRole('radio', { name: 'Yes' })).toBeChecked();

    await fillForm(page);
    await page.getByRole('combobox', { name: 'Number of Chapters' }).click();
    await page.getByRole('option', { name: '7', exact: true }).click();
    await page.getByRole('radio', { name: 'No' }).click();
    await page.getByRole('button', { name: 'Create Outline (20 credits)' }).click();

    await expect(page.getByTestId('outline-waiting')).toContainText('Creating your outline (5-10 minutes)');
    expect(submit.bodies[0]).toEqual({
      userId: user.id,
      title: 'Houseplants for Beginners',
      description: 'A friendly guide to keeping houseplants alive and happy.',
      numChapters: '7',
      includeIntroduction: 'no',
      paperType: 'white',
      length: 'standard',
      style: 'none',
    });
    await expect(page).toHaveURL(/\/non-fiction-gen2\?bookId=g2-book$/);

    // Polled every 5 s: 422, then in creation, then finished.
    const option2 = page.getByRole('region', { name: 'Outline Option 2' });
    await expect(option2).toBeVisible({ timeout: 20_000 });
    expect(outlineCalls).toBe(3);
    await expect(page.getByRole('textbox', { name: 'Outline Option 2 text' })).toHaveValue(
      OUTLINES[1] as string,
    );
    const generateButton = page.getByRole('button', { name: 'Generate Book' });
    await expect(generateButton).toBeDisabled();
    await option2.getByRole('button', { name: 'Select Outline Option 2' }).click();
    await expect(option2.getByRole('button', { name: 'Select Outline Option 2' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(option2).toContainText('Selected');
    await expect(option2).toHaveAttribute('data-selected', 'true');
    await expect(page.getByRole('region', { name: 'Outline Option 1' })).not.toHaveAttribute(
      'data-selected',
      'true',
    );
    await keepScreenshot(page, testInfo, 'gen2-outlines-1280');
    await generateButton.click();

    const confirmation = page.getByTestId('generation-confirmation');
    await expect(confirmation).toBeVisible();
    expect(generate.bodies[0]).toEqual({ outlineId: 'g2-book', outlineIndex: 1, userId: user.id });
    await expect(confirmation.getByRole('progressbar', { name: 'Book progress' })).toHaveAttribute(
      'aria-valuenow',
      '35',
    );
    await expect(confirmation).toContainText('Writing chapter 2 of 5');
    await expect(confirmation).toContainText('Generating your book (15-20 minutes)');
    // The stream reconnects (Last-Event-ID) and carries the rest: no reload, no polling of the list.
    await expect(confirmation.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      '/files/g2.pdf',
      { timeout: 10_000 },
    );
    await expect(confirmation.getByRole('link', { name: 'Download EPUB' })).toHaveAttribute(
      'href',
      '/files/g2.epub',
    );
    await expect(confirmation).toContainText('Your book is ready.');
    // Once done, nothing on the page still speaks of outlines to pick or a book still to come.
    await expect(confirmation).not.toContainText('Book generation started');
    await expect(confirmation).not.toContainText('when it is complete');
    await expect(page.getByRole('heading', { name: 'Select Your Outline' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Your Book', level: 2 })).toBeVisible();
    const pdf = page.waitForEvent('download');
    await confirmation.getByRole('link', { name: 'Download PDF' }).click();
    expect((await pdf).suggestedFilename()).toBe('g2.pdf');

    await page.getByRole('button', { name: 'Create Another Book' }).click();
    await expect(page).toHaveURL(/\/non-fiction-gen2$/);
    await expect(page.getByLabel('Book Title')).toHaveValue('');
  });

  test('the form shows every validation message of the product rules', async ({ page }) => {
    await signUp(page);
    await page.goto('/non-fiction-gen2');
    await page.getByRole('button', { name: 'Create Outline (20 credits)' }).click();
    await expect(page.getByText('Title must be at least 3 characters long', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Description must be at least 20 characters long', { exact: true }),
    ).toBeVisible();
    await expect(page.getByLabel('Book Title')).toBeFocused();
    await page.getByLabel('Book Title').fill('Ok title');
    await expect(page.getByText('Title must be at least 3 characters long', { exact: true })).toHaveCount(0);
  });

  test('low credits: the warning, and the toast on submit', async ({ page }) => {
    await signUp(page);
    await page.goto('/non-fiction-gen2');
    const text = 'You need 20 credits to create this book. You currently have 0 credits.';
    await expect(page.getByTestId('low-credits')).toContainText(text);
    // The warning offers the way out, like the other tools' credit banners.
    await expect(page.getByTestId('low-credits').getByRole('link', { name: 'View Plans' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    await fillForm(page);
    await page.getByRole('button', { name: 'Create Outline (20 credits)' }).click();
    await expectToast(page, 'Low credits', text);
  });

  test.describe('failures', () => {
    test.use({ allowConsoleErrors: /status of (422|500|502)/ });

    test("submit failure: the server's message, else 'Failed to submit book request'", async ({ page }) => {
      await signUp(page);
      await overrideUser(page, { credits: 100 });
      await answerInTurn(page, '**/api/non-fiction-gen2/submit', [
        { status: 500, json: { message: 'The writer is resting', error: 'INTERNAL' } },
        { status: 502, body: '' },
      ]);
      await page.goto('/non-fiction-gen2');
      await fillForm(page);
      await page.getByRole('button', { name: 'Create Outline (20 credits)' }).click();
      await expectToast(page, 'Error', 'The writer is resting');
      await page.getByRole('button', { name: 'Create Outline (20 credits)' }).click();
      await expectToast(page, 'Error', 'Failed to submit book request');
    });

    test("a failed outline fetch keeps the waiting state; a failed generate says 'Failed to generate book'", async ({
      page,
    }) => {
      test.setTimeout(45_000);
      await signUp(page);
      await answerInTurn(page, '**/api/non-fiction-gen2/outlines?**', [
        { status: 500, json: { message: 'Read store down' } },
        {
          json: [
            {
              id: 'b9',
              status: 'Outline finished',
              generationStatus: 'outlines-ready',
              outline1: 'A',
              outline2: 'B',
              outline3: 'C',
              bookGenerated: false,
            },
          ],
        },
      ]);
      await page.route('**/api/non-fiction-gen2/generate-book', (route) =>
        route.fulfill({ status: 500, json: {} }),
      );
      await page.goto('/non-fiction-gen2?bookId=b9');
      await expect(page.getByTestId('outline-waiting')).toContainText('Creating your outline (5-10 minutes)');
      await expect(page.getByRole('region', { name: 'Outline Option 3' })).toBeVisible({ timeout: 12_000 });
      await page.getByRole('button', { name: 'Select Outline Option 3' }).click();
      await page.getByRole('button', { name: 'Generate Book' }).click();
      await expectToast(page, 'Error', 'Failed to generate book');
    });
  });

  test('375 px: no horizontal overflow on the form and the outlines', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signUp(page);
    await page.route('**/api/non-fiction-gen2/outlines?**', (route) =>
      route.fulfill({
        json: [
          {
            id: 'b1',
            status: 'Outline finished',
            generationStatus: 'outlines-ready',
            outline1: OUTLINES[0],
            outline2: OUTLINES[1],
            outline3: OUTLINES[2],
          },
        ],
      }),
    );
    await page.goto('/non-fiction-gen2');
    await expect(page.getByLabel('Book Title')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await keepScreenshot(page, testInfo, 'gen2-form-375');
    await page.goto('/non-fiction-gen2?bookId=b1');
    await expect(page.getByRole('region', { name: 'Outline Option 3' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await keepScreenshot(page, testInfo, 'gen2-outlines-375');
  });
});

const GEN2_BODY = {
  title: 'Garden Birds Guide',
  description: 'A friendly guide to the birds of your garden and how to help them.',
  numChapters: 5,
  includeIntroduction: 'yes',
};

test.describe("Gen 2.0 with a book that is not the user's", () => {
  // The server's 404 for the outlines (Chromium logs it).
  test.use({ allowConsoleErrors: /status of 404/ });
  test('an unknown or foreign ?bookId= shows "Book not found" and stops asking, not a spinner', async ({
    page,
    browser,
  }, testInfo) => {
    // Another user's real book id: the server answers 404 as for an id that never existed.
    const other = await browser.newPage();
    await signUp(other);
    await buyPlan(other, 'basic');
    const made = await other.request.post('/api/non-fiction-gen2/submit', {
      data: { userId: (await (await other.request.get('/api/user')).json()).id, ...GEN2_BODY },
    });
    expect(made.status(), await made.text()).toBeLessThan(300);
    const foreignId = ((await made.json()) as { bookId: string }).bookId;
    await other.close();

    await signUp(page);
    for (const bookId of ['no-such-book', foreignId]) {
      let reads = 0;
      page.on('request', (request) => {
        if (request.url().includes(`/api/non-fiction-gen2/outlines?bookId=${bookId}`)) reads += 1;
      });
      await page.goto(`/non-fiction-gen2?bookId=${bookId}`);
      await expect(page.getByTestId('outline-not-found')).toContainText('Book not found', {
        timeout: 15_000,
      });
      await expect(page.getByTestId('outline-waiting')).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Go to My Books' })).toHaveAttribute('href', '/my-books');
      // Asked once: a 404 is not retried every 5 s.
      expect(reads).toBe(1);
    }
    await keepScreenshot(page, testInfo, 'gen2-not-found-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await keepScreenshot(page, testInfo, 'gen2-not-found-375');
    await page.getByRole('button', { name: 'Create Another Book' }).click();
    await expect(page.getByLabel('Book Title')).toBeVisible();
  });
});
