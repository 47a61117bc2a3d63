// The kids book viewer /kids-book/{bookId} (docs/product/creation-tools-qr.md (Screens and routes, Messages)). STUBBED API: GET /api/kids-book/{id}
// answers through page.route with the record of docs/product/creation-tools-qr.md (Data), to show every page state on demand.
import type { Page } from '@playwright/test';
import { expectNoHorizontalOverflow, expectToast } from './account-helpers';
import { expect, keepScreenshot, signUp, test } from './support/fixtures';

// One white pixel as a PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);

/** Pages 1..20 have text, 1..18 a picture; 19 and 20 text only; 21..24 nothing. */
function record() {
  const pages: Record<string, string> = {};
  for (let n = 1; n <= 20; n += 1) pages[`Page${n}`] = `Page ${n}: Mia and the dragon walk on.`;
  for (let n = 1; n <= 18; n += 1) pages[`PNG${n}`] = `/files/kids/p${n}.png`;
  pages.PNG22 = '/files/kids/p22.png';
  delete pages.Page22;
  return {
    id: 'k1',
    title: "Mia's Dragon Day",
    storyDescription: 'Mia finds a lost baby dragon and helps it home.',
    status: 'Done',
    generationStatus: 'completed',
    createdAt: '2025-06-01T10:00:00.000Z',
    ...pages,
  };
}

/** A new signed-up reader, with the book and its pictures stubbed. */
async function signUpWithStubbedBook(page: Page) {
  await signUp(page);
  await page.route('**/api/kids-book/k1', (route) => route.fulfill({ json: record() }));
  await page.route('**/files/kids/*.png', (route) => route.fulfill({ body: PNG, contentType: 'image/png' }));
}

const indicator = (page: Page) => page.getByTestId('page-indicator');

test.describe('Kids book viewer [stubbed API]', () => {
  test('title, description, status, date; Previous/Next clamped to 1..24; the overview jumps and dims empty pages', async ({
    page,
  }, testInfo) => {
    await signUpWithStubbedBook(page);
    await page.goto('/kids-book/k1');
    await expect(page.getByRole('heading', { level: 1, name: "Mia's Dragon Day" })).toBeVisible();
    await expect(page.getByText('Mia finds a lost baby dragon and helps it home.')).toBeVisible();
    await expect(page.getByText('Done', { exact: true })).toBeVisible();
    await expect(page.getByText('Created June 1, 2025')).toBeVisible();

    await expect(indicator(page)).toHaveText('Page 1 of 24');
    await expect(page.getByTestId('page-text')).toHaveText('Page 1: Mia and the dragon walk on.');
    await expect(page.getByRole('img', { name: 'Illustration of page 1' })).toHaveAttribute(
      'src',
      '/files/kids/p1.png',
    );
    const previous = page.getByRole('button', { name: 'Previous' });
    const next = page.getByRole('button', { name: 'Next' });
    await expect(previous).toBeDisabled();
    await next.click();
    await expect(indicator(page)).toHaveText('Page 2 of 24');
    await previous.click();
    await expect(indicator(page)).toHaveText('Page 1 of 24');

    // 24 overview buttons; pages with neither text nor image are dimmed.
    const overview = page.getByRole('button', { name: /^Go to page \d+$/ });
    await expect(overview).toHaveCount(24);
    for (const n of [21, 23, 24])
      await expect(page.getByRole('button', { name: `Go to page ${n}`, exact: true })).toHaveAttribute(
        'data-empty',
        'true',
      );
    for (const n of [1, 19, 22])
      await expect(page.getByRole('button', { name: `Go to page ${n}`, exact: true })).not.toHaveAttribute(
        'data-empty',
        'true',
      );
    const opacity = await page
      .getByRole('button', { name: 'Go to page 24', exact: true })
      .evaluate((el) => getComputedStyle(el).opacity);
    expect(Number(opacity)).toBeLessThan(1);

    await page.getByRole('button', { name: 'Go to page 23', exact: true }).click();
    await expect(indicator(page)).toHaveText('Page 23 of 24');
    await expect(page.getByRole('button', { name: 'Go to page 23', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await next.click();
    await expect(indicator(page)).toHaveText('Page 24 of 24');
    await expect(next).toBeDisabled();
    await expect(page.getByText('Image not available for this page', { exact: true })).toBeVisible();
    await expect(page.getByText('Text not available for this page', { exact: true })).toBeVisible();

    // Text only (19), picture only (22).
    await page.getByRole('button', { name: 'Go to page 19', exact: true }).click();
    await expect(page.getByText('Image not available for this page', { exact: true })).toBeVisible();
    await expect(page.getByTestId('page-text')).toHaveText('Page 19: Mia and the dragon walk on.');
    await page.getByRole('button', { name: 'Go to page 22', exact: true }).click();
    await expect(page.getByText('Text not available for this page', { exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Illustration of page 22' })).toBeVisible();
    await keepScreenshot(page, testInfo, 'kids-viewer-1280');
  });

  test("Copy Text → 'Copied to clipboard'; Download Image saves a PNG → 'Download started'", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signUpWithStubbedBook(page);
    await page.goto('/kids-book/k1');
    await page.getByRole('button', { name: 'Copy Text' }).click();
    await expectToast(page, 'Copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      'Page 1: Mia and the dragon walk on.',
    );
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Image' }).click();
    expect((await download).suggestedFilename()).toBe('mia-s-dragon-day-page-1.png');
    await expectToast(page, 'Download started');
  });

  test("a refused clipboard: 'Copy failed: Failed to copy text to clipboard.'", async ({ page }) => {
    // The browser refuses the write (as without permission or focus).
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: {
          writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
        },
      });
    });
    await signUpWithStubbedBook(page);
    await page.goto('/kids-book/k1');
    await page.getByRole('button', { name: 'Copy Text' }).click();
    await expectToast(page, 'Copy failed', 'Failed to copy text to clipboard.');
  });

  test.describe('failures', () => {
    test.use({ allowConsoleErrors: /status of (404|500)/ });

    test("a missing book: 'Book Not Found' and 'The requested book could not be found.'", async ({
      page,
    }) => {
      await signUp(page);
      await page.route('**/api/kids-book/nope', (route) =>
        route.fulfill({ status: 404, json: { message: 'Not found', error: 'NOT_FOUND' } }),
      );
      await page.goto('/kids-book/nope');
      await expect(page.getByRole('heading', { level: 1, name: 'Book Not Found' })).toBeVisible();
      await expect(page.getByText('The requested book could not be found.', { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to My Books' })).toHaveAttribute('href', '/my-books');
    });

    test("a picture that cannot be fetched: 'Download failed: Failed to download image.'", async ({
      page,
    }) => {
      await signUp(page);
      await page.route('**/api/kids-book/k1', (route) => route.fulfill({ json: record() }));
      // The picture is shown; fetching it again for the download fails.
      await page.route('**/files/kids/*.png', (route) =>
        route.request().resourceType() === 'image'
          ? route.fulfill({ body: PNG, contentType: 'image/png' })
          : route.fulfill({ status: 500, body: '' }),
      );
      await page.goto('/kids-book/k1');
      await page.getByRole('button', { name: 'Download Image' }).click();
      await expectToast(page, 'Download failed', 'Failed to download image.');
    });
  });

  test('a page number in the overview brings that page back into view (1280 × 800)', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signUpWithStubbedBook(page);
    await page.goto('/kids-book/k1');
    const five = page.getByRole('button', { name: 'Go to page 5', exact: true });
    await five.scrollIntoViewIfNeeded();
    await expect(indicator(page)).not.toBeInViewport();
    await five.click();
    await expect(indicator(page)).toHaveText('Page 5 of 24');
    await expect(indicator(page)).toBeInViewport();
    await expect(page.getByRole('img', { name: 'Illustration of page 5' })).toBeInViewport({ ratio: 0.5 });
  });

  test('a picture that cannot be decoded shows the missing-picture state, not a broken image', async ({
    page,
  }, testInfo) => {
    await signUpWithStubbedBook(page);
    // Page 2's file answers, but is not a picture.
    await page.route('**/files/kids/p2.png', (route) =>
      route.fulfill({ body: 'not a png', contentType: 'image/png' }),
    );
    await page.goto('/kids-book/k1');
    await expect(page.getByRole('img', { name: 'Illustration of page 1' })).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(indicator(page)).toHaveText('Page 2 of 24');
    await expect(page.getByText('Image not available for this page', { exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Illustration of page 2' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Download Image' })).toBeDisabled();
    await expect(page.getByTestId('page-text')).toHaveText('Page 2: Mia and the dragon walk on.');
    await keepScreenshot(page, testInfo, 'kids-viewer-broken-picture-1280');
    // The next page's picture is shown again.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('img', { name: 'Illustration of page 3' })).toBeVisible();
  });

  test('375 px: no horizontal overflow', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signUpWithStubbedBook(page);
    await page.goto('/kids-book/k1');
    await expect(indicator(page)).toHaveText('Page 1 of 24');
    await expect(page.getByRole('img', { name: 'Illustration of page 1' })).toBeVisible();
    // 'Page 1 of 24' between Previous and Next stays on one line.
    const lines = await indicator(page).evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(lines).toBe(1);
    // …and Previous, the indicator and Next fit inside the page's width, beside each other.
    const pager = page.getByRole('navigation', { name: 'Pages' });
    expect(await pager.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await expectNoHorizontalOverflow(page);
    await keepScreenshot(page, testInfo, 'kids-viewer-375');
  });
});
