// The dashboard's Book Progress rules (docs/product/accounts-billing-admin.md (Screens and routes: Dashboard)) with stubbed book lists (the studio tools that
// create books live in another remote): 5 books, or 3 under 390 px; pink for Fantasy; the error alert.
import type { Page } from '@playwright/test';
import { expectNoHorizontalOverflow, expectToast } from './account-helpers';
import { expect, keepScreenshot, signUp, test } from './support/fixtures';

const book = (i: number, theme = 'Animals') => ({
  id: `book-${i}`,
  title: `Stub Book ${i}`,
  type: 'coloring-book',
  status: 'In progress',
  generationStatus: 'running',
  progress: 10 * i,
  currentStep: `Drawing page ${i}`,
  theme,
  createdAt: '2025-06-01T10:00:00.000Z',
});

async function stubBooks(page: Page, inProgress: unknown[], all: unknown[]) {
  // The live progress stream is not part of these tests: refused (204), the lists stay as stubbed.
  await page.route('**/api/generations/events', (route) => route.fulfill({ status: 204, body: '' }));
  await page.route(/\/api\/airtable\/books\/[^/]+\/status\/in-progress$/, (route) =>
    route.fulfill({ json: inProgress }),
  );
  await page.route(/\/api\/airtable\/books\/[^/]+$/, (route) => route.fulfill({ json: all }));
}

test('Book Progress shows 3 books under 390 px and 5 above, with the right button', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const inProgress = [book(1, 'Fantasy'), book(2), book(3), book(4), book(5), book(6), book(7)];
  await stubBooks(page, inProgress, [
    ...inProgress,
    { ...book(8), status: 'Done', generationStatus: 'completed' },
    { ...book(9), status: 'Done', generationStatus: 'completed' },
  ]);
  await signUp(page);
  await page.goto('/dashboard');

  const progress = page.getByRole('heading', { name: 'Book Progress' }).locator('..').locator('..');
  const items = progress.getByRole('listitem');
  await expect(items).toHaveCount(3);
  await expect(progress.getByRole('link', { name: 'View 4 More' })).toHaveAttribute('href', '/my-books');
  await expect(items.first()).toContainText('Stub Book 1');
  await expect(items.first()).toContainText('In Progress');
  await expect(items.first()).toContainText('Drawing page 1');
  await expect(items.first()).toContainText('10%');
  await expect(items.first()).toContainText('Created Jun 1, 2025');
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'dashboard-books-375');

  // Fantasy is pink, other themes green.
  const bar = (title: string) =>
    page
      .getByRole('progressbar', { name: `${title} progress` })
      .locator('div')
      .first();
  const pink = await bar('Stub Book 1').evaluate((el) => getComputedStyle(el).backgroundColor);
  const green = await bar('Stub Book 2').evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(pink).toBe('rgb(219, 39, 119)');
  expect(green).toBe('rgb(22, 163, 74)');

  // Stats: total, in progress, done.
  const stats = page.getByRole('list', { name: 'Book statistics' });
  await expect(stats.getByRole('listitem').nth(0)).toContainText('9');
  await expect(stats.getByRole('listitem').nth(1)).toContainText('7');
  await expect(stats.getByRole('listitem').nth(2)).toContainText('2');

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(items).toHaveCount(5);
  await expect(progress.getByRole('link', { name: 'View 2 More' })).toBeVisible();

  // Quick Actions.
  const actions = page.getByRole('navigation', { name: 'Quick Actions' });
  for (const [label, href] of [
    ['Create New Book', '/create-book'],
    ['View All Books', '/my-books'],
    ['Generate Coloring Page', '/coloring-book-page-generator'],
    ['Account Settings', '/settings'],
  ] as const) {
    await expect(actions.getByRole('link', { name: label })).toHaveAttribute('href', href);
  }
});

test('a short list offers View All Books', async ({ page }) => {
  await stubBooks(page, [book(1), book(2)], [book(1), book(2)]);
  await signUp(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'View All Books' }).first()).toBeVisible();
  await expect(page.getByText('Stub Book 2')).toBeVisible();
});

test.describe('a failing book read', () => {
  test.use({ allowConsoleErrors: /status of 500/ });

  test('shows the dashboard error alert and the toast', async ({ page }) => {
    await page.route(/\/api\/airtable\/books\//, (route) =>
      route.fulfill({ status: 500, json: { message: 'Read store unavailable', error: 'INTERNAL' } }),
    );
    await signUp(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('alert').filter({ hasText: 'Error loading dashboard data.' })).toHaveText(
      'Error loading dashboard data. Please try refreshing the page.',
    );
    await expectToast(page, 'Failed to fetch books', 'Read store unavailable');
  });
});
