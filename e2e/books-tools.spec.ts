// The book tools' forms (docs/product/creation-tools-qr.md (Screens and routes, Validation, Messages)): non-fiction v1, coloring book, kids book. STUBBED
// API for the tool calls, to show failures on demand; sign-up, plans, credits are real
// (a balance or tier a test needs is set by overriding the /api/user answer).
import { expectNoHorizontalOverflow, expectToast } from './account-helpers';
import {
  answerInTurn,
  fillKidsBookForm,
  LEO_KIDS_BOOK,
  overrideUser,
  recordJson,
  signUpOnPlan,
} from './books-helpers';
import { expect, keepScreenshot, signUp, test } from './support/fixtures';
import { pictureFile } from './support/pictures';

test.describe('Non-fiction v1 [stubbed API]', () => {
  test('banner under 20 credits, validation messages, the two client checks', async ({ page }, testInfo) => {
    await signUp(page);
    await page.goto('/non-fiction-book');
    await expect(page.getByRole('heading', { level: 1, name: 'Non-fiction Book Writer' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(page.getByTestId('credits-banner')).toContainText(
      'You need at least 20 credits to create a non-fiction book. Please upgrade your subscription.',
    );
    await page.getByRole('button', { name: 'Create Book (20 credits)' }).click();
    await expect(page.getByText('Book title must be at least 3 characters.', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Book description must be at least 10 characters.', { exact: true }),
    ).toBeVisible();
    await page.getByLabel('Book Title').fill('Bees');
    await page.getByLabel('Book Description').fill('All about honey bees.');
    await page.getByRole('button', { name: 'Create Book (20 credits)' }).click();
    await expectToast(
      page,
      'Insufficient credits',
      'You need at least 20 credits to create a non-fiction book. Please upgrade your subscription.',
    );
    await page.setViewportSize({ width: 375, height: 740 });
    await expectNoHorizontalOverflow(page);
    await keepScreenshot(page, testInfo, 'non-fiction-375');
  });

  test('tutorial: written steps, and no frame while no TUTORIAL_VIDEO_URL is set', async ({ page }) => {
    await signUp(page);
    const tutorial = page.waitForResponse('**/api/studio/tutorial');
    await page.goto('/non-fiction-book');
    expect(await (await tutorial).json()).toEqual({ videoUrl: null });
    const card = page.getByTestId('tutorial');
    await expect(card.getByRole('heading', { level: 2, name: 'Tutorial' })).toBeVisible();
    await expect(card.getByRole('listitem')).toHaveCount(4);
    await expect(card.getByRole('listitem').first()).toHaveText('Give your book a clear, specific title.');
    await expect(page.locator('iframe')).toHaveCount(0);
  });

  test.describe('tutorial video', () => {
    // This server's CSP has no video origin (TUTORIAL_VIDEO_URL unset), so Chromium refuses the frame.
    test.use({ allowConsoleErrors: /Refused to frame|frame-src/ });

    test('the configured video is embedded above the steps [stubbed tutorial answer]', async ({ page }) => {
      await signUp(page);
      await page.route('**/api/studio/tutorial', (route) =>
        route.fulfill({ json: { videoUrl: 'https://videos.example.org/embed/abc' } }),
      );
      await page.goto('/non-fiction-book');
      const video = page.getByTitle('Tutorial video');
      await expect(video).toHaveAttribute('src', 'https://videos.example.org/embed/abc');
      await expect(video).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-presentation');
      await expect(page.getByTestId('tutorial').getByRole('listitem')).toHaveCount(4);
    });
  });

  test.describe('server answers', () => {
    test.use({ allowConsoleErrors: /status of (500|502)/ });

    test("success points to My Books; failures: the server's message, 'Server error: …', the fallback", async ({
      page,
    }) => {
      const user = await signUpOnPlan(page, 'basic');
      const requests = await answerInTurn(page, '**/api/submit-non-fiction-form', [
        { status: 500, json: { message: 'Writer is busy', error: 'INTERNAL' } },
        { status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' },
        { status: 500, json: {} },
        {
          status: 202,
          json: {
            success: true,
            message: 'Your book is being created. It will appear in My Books when it is ready.',
            bookId: 'nf1',
          },
        },
      ]);
      await page.goto('/non-fiction-book');
      await expect(page.getByTestId('credits-banner')).toHaveCount(0);
      await page.getByLabel('Book Title').fill('  Honey Bees  ');
      await page.getByLabel('Book Description').fill('Everything about honey bees.');
      const submit = page.getByRole('button', { name: 'Create Book (20 credits)' });
      await submit.click();
      await expectToast(page, 'Error', 'Writer is busy');
      await submit.click();
      await expectToast(page, 'Error', 'Server error: 502 Bad Gateway');
      await submit.click();
      await expectToast(page, 'Error', 'Failed to submit non-fiction book creation request');
      await submit.click();
      await expectToast(
        page,
        'Success!',
        'Your book is being created. It will appear in My Books when it is ready.',
      );
      await expect(page.getByRole('link', { name: 'Go to My Books' })).toHaveAttribute('href', '/my-books');
      expect(requests[3]?.postDataJSON()).toEqual({
        Title: 'Honey Bees',
        Description: 'Everything about honey bees.',
        User: [user.id],
        Status: 'In progress',
        paperType: 'white',
        length: 'standard',
        style: 'none',
      });
      await expect(page.getByLabel('Book Title')).toHaveValue('');
    });
  });
});

test.describe('Coloring book [stubbed API]', () => {
  test("'Upgrade Required' below Standard", async ({ page }) => {
    await signUpOnPlan(page, 'basic');
    await page.goto('/coloring-book-generator');
    await expect(page.getByTestId('upgrade-required')).toContainText('Upgrade Required');
    await expect(
      page.getByTestId('upgrade-required').getByRole('link', { name: 'View Plans' }),
    ).toHaveAttribute('href', '/pricing');
    await expect(page.getByRole('button', { name: /Generate Coloring Book/ })).toHaveCount(0);
  });

  test('cost of the chosen length, 30 by default; prompt message; credit check; start', async ({
    page,
  }, testInfo) => {
    const user = await signUpOnPlan(page, 'standard');
    const start = recordJson(202, {
      success: true,
      message: 'Your coloring book generation has started!',
      bookId: 'c1',
    });
    await page.route('**/api/generate-coloring-book', start.handler);
    await page.goto('/coloring-book-generator');
    await expect(page.getByRole('radio', { name: '30 designs (60 credits)' })).toBeChecked();
    await expect(page.getByTestId('tool-cost')).toContainText('Cost: 60 credits');
    for (const [pages, credits] of [
      [10, 20],
      [20, 40],
      [40, 80],
    ] as const) {
      await page.getByRole('radio', { name: `${pages} designs (${credits} credits)` }).click();
      await expect(page.getByTestId('tool-cost')).toContainText(`Cost: ${credits} credits`);
      await expect(
        page.getByRole('button', { name: `Generate Coloring Book (${credits} credits)` }),
      ).toBeVisible();
    }
    await page.getByRole('button', { name: 'Generate Coloring Book (80 credits)' }).click();
    await expect(
      page.getByText('Please provide a prompt for your coloring book.', { exact: true }),
    ).toBeVisible();
    await page.getByLabel('Coloring Book Prompt').fill('  Friendly dinosaurs  ');
    // The paperback's paper: white unless the author picks cream (the spine follows it).
    await expect(page.getByRole('radio', { name: 'White paper' })).toBeChecked();
    await page.getByRole('radio', { name: /^Cream paper/ }).click();
    await page.getByRole('button', { name: 'Generate Coloring Book (80 credits)' }).click();
    await expectToast(page, 'Success!', 'Your coloring book generation has started!');
    expect(start.bodies[0]).toEqual({
      prompt: 'Friendly dinosaurs',
      bookLength: 40,
      paperType: 'cream',
      style: 'none',
      userId: user.id,
    });
    await page.setViewportSize({ width: 375, height: 740 });
    await expectNoHorizontalOverflow(page);
    await keepScreenshot(page, testInfo, 'coloring-375');
  });

  test.describe('failures', () => {
    test.use({ allowConsoleErrors: /status of 500/ });

    test("'You need {n} credits…' before sending; 'Failed to generate coloring book' after", async ({
      page,
    }) => {
      await signUp(page);
      await overrideUser(page, { subscriptionTier: 'Standard', credits: 50 });
      await page.route('**/api/generate-coloring-book', (route) => route.fulfill({ status: 500, json: {} }));
      await page.goto('/coloring-book-generator');
      await page.getByLabel('Coloring Book Prompt').fill('Ocean animals');
      await page.getByRole('button', { name: 'Generate Coloring Book (60 credits)' }).click();
      await expectToast(
        page,
        'Insufficient credits',
        'You need 60 credits to generate a 30-page coloring book. You have 50 credits.',
      );
      await page.getByRole('radio', { name: '20 designs (40 credits)' }).click();
      await page.getByRole('button', { name: 'Generate Coloring Book (40 credits)' }).click();
      await expectToast(page, 'Error', 'Failed to generate coloring book');
    });
  });
});

test.describe('Kids book generator [stubbed API]', () => {
  test("'What You'll Get', every validation message, and the balance check", async ({ page }, testInfo) => {
    await signUp(page);
    await page.goto('/kids-book-generator');
    const card = page.getByTestId('what-you-get');
    await expect(card.getByRole('heading', { name: "What You'll Get" })).toBeVisible();
    for (const text of [
      'A 24-page book',
      'A custom character',
      'Downloadable content',
      '100 credits required',
      'Your balance: 0 credits',
    ])
      await expect(card).toContainText(text);

    const submit = page.getByRole('button', { name: 'Generate Kids Book (100 credits)' });
    await submit.click();
    await expect(
      page.getByText('Story description must be at least 20 characters long', { exact: true }),
    ).toBeVisible();
    await expect(
      page.getByText('Character name must be at least 2 characters long', { exact: true }),
    ).toBeVisible();
    await expect(
      page.getByText('Please select if the character is a boy or girl', { exact: true }),
    ).toBeVisible();
    await page.getByLabel('Story Description').fill('x'.repeat(501));
    await page.getByLabel('Character Name').fill('y'.repeat(31));
    await expect(
      page.getByText('Story description must not exceed 500 characters', { exact: true }),
    ).toBeVisible();
    await expect(
      page.getByText('Character name must not exceed 30 characters', { exact: true }),
    ).toBeVisible();

    await page.getByLabel('Story Description').fill('Mia finds a lost baby dragon in the garden.');
    await page.getByLabel('Character Name').fill('Mia');
    await page.getByRole('radio', { name: 'Girl' }).click();
    await submit.click();
    await expectToast(
      page,
      'Not Enough Credits',
      'You need at least 100 credits to generate a kids book. Please purchase more credits to continue.',
    );
    // The refusal stays on the page with a way to get credits.
    const short = page.getByTestId('not-enough-credits');
    await expect(short).toContainText('You need at least 100 credits to generate a kids book.');
    await expect(short.getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/pricing');

    // A file that is not a picture, though named .png, is refused at once with the upload message.
    await page.locator('input[type=file]').setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('these are my notes, not a picture'),
    });
    await expect(
      page.getByText('Upload Error: Failed to process the image. Please try again.'),
    ).toBeVisible();
    await expect(page.getByRole('img', { name: 'Preview of the chosen file' })).toHaveCount(0);
    await expect(page.getByText('No file chosen')).toBeVisible();
    await page.setViewportSize({ width: 375, height: 740 });
    await expectNoHorizontalOverflow(page);
    // The price stays on the button's one line on a phone (48 px is one line of the large button).
    expect((await submit.boundingBox())?.height).toBe(48);
    await keepScreenshot(page, testInfo, 'kids-generator-375');
  });

  test.describe('server answers', () => {
    test.use({ allowConsoleErrors: /status of (402|500)/ });

    test('multipart with the character image and x-user-id; INSUFFICIENT_CREDITS, failure and success texts', async ({
      page,
    }) => {
      const user = await signUpOnPlan(page, 'standard');
      const requests = await answerInTurn(page, '**/api/generate-kids-book', [
        { status: 402, json: { message: 'You need 100 credits', error: 'INSUFFICIENT_CREDITS' } },
        { status: 500, json: { message: 'Illustrator unavailable', error: 'INTERNAL' } },
        { status: 202, json: { success: true, bookId: 'k1', creditsUsed: 100, remainingCredits: 50 } },
      ]);
      // The picture is decoded in the browser before it may be sent: a real (tiny) PNG.
      await fillKidsBookForm(page, LEO_KIDS_BOOK, await pictureFile('leo.png', 24, 24, '#ffcc00'));
      const submit = page.getByRole('button', { name: 'Generate Kids Book (100 credits)' });
      await submit.click();
      await expectToast(
        page,
        'Not Enough Credits',
        'You need at least 100 credits to generate a kids book. Please purchase more credits to continue.',
      );
      await submit.click();
      await expectToast(page, 'Generation Failed', 'Illustrator unavailable');
      await submit.click();
      await expectToast(page, 'Book Generation Started!', 'Credits used: 100. Remaining credits: 50.');
      // 100 credits leave a trace on the page, not only a toast: where the book will appear.
      const confirmation = page.getByTestId('tool-confirmation');
      await expect(confirmation).toContainText('Book Generation Started!');
      await expect(confirmation.getByRole('link', { name: 'Go to My Books' })).toHaveAttribute(
        'href',
        '/my-books',
      );
      await expect(confirmation.getByTestId('tool-estimate')).not.toBeEmpty();

      const sent = {
        headers: requests[2]?.headers() ?? {},
        body: requests[2]?.postDataBuffer()?.toString('latin1') ?? '',
      };
      expect(sent.headers['x-user-id']).toBe(user.id);
      expect(sent.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      for (const [name, value] of [
        ['storyDescription', LEO_KIDS_BOOK.story],
        ['characterName', LEO_KIDS_BOOK.character],
        ['characterGender', 'boy'],
        ['userId', user.id],
      ])
        expect(sent.body).toContain(`name="${name}"\r\n\r\n${value}\r\n`);
      expect(sent.body).toContain('name="characterImage"; filename="leo.png"');
      await expect(page.getByLabel('Character Name')).toHaveValue('');
    });
  });
});
