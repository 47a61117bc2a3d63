// Layout at every width: cards that keep their shape, tab strips that scroll instead of wrapping,
// tabs not clipped on a desk, toasts clear of the primary button, one empty-state design.
// My Books' list is STUBBED (page.route, the spec's shapes) to get a row of mixed heights.
import type { Locator } from '@playwright/test';
import {
  FINISHED_GEN2_BOOK,
  fillKidsBookForm,
  noResumeOffers,
  noStream,
  STUBBED_BOOK_DATE,
  signUpWithStubbedBooks,
} from './books-helpers';
import { expect, keepScreenshot, signUp, test } from './support/fixtures';

const PHONE = { width: 375, height: 812 };

type Box = { x: number; y: number; width: number; height: number };
async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`no box for ${locator}`);
  return found;
}

const at = STUBBED_BOOK_DATE;
// One row of four at 1280 px: a short error card, two long in-progress cards, a finished one with two downloads.
const MIXED_ROW = [
  {
    id: 'err',
    title: 'Errored Book',
    type: 'non-fiction',
    status: 'ERROR',
    generationStatus: 'failed',
    progress: 40,
    createdAt: at,
  },
  {
    id: 'long',
    title: 'A very long book title that goes on and on to test how the card copes with wrapping text',
    type: 'kids-book',
    status: 'In progress (book creation)',
    generationStatus: 'book-running',
    progress: 10,
    createdAt: at,
    currentStep: 'Illustrating page 3 of 24',
  },
  {
    id: 'writing',
    title: 'Writing Chapters',
    type: 'non-fiction-v2',
    status: 'In progress (book creation)',
    generationStatus: 'book-running',
    progress: 55,
    createdAt: at,
    currentStep: 'Writing chapter 3',
  },
  { ...FINISHED_GEN2_BOOK, id: 'done' },
];

test('My Books: cards in a row of mixed heights keep their shape (one-line badges, actions at the foot)', async ({
  page,
}, testInfo) => {
  await signUpWithStubbedBooks(page, MIXED_ROW);
  await noResumeOffers(page);
  await page.goto('/my-books');
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(MIXED_ROW.length);
  const first = await box(cards.first());
  // One row, one height.
  for (let i = 1; i < MIXED_ROW.length; i++) {
    const b = await box(cards.nth(i));
    expect(Math.round(b.y)).toBe(Math.round(first.y));
    expect(Math.round(b.height)).toBe(Math.round(first.height));
  }
  // The short card does not stretch its badges into blobs: a one-word badge is one line tall.
  const error = page.getByRole('article', { name: 'Errored Book' });
  const badge = await box(error.getByTestId('status-badge'));
  expect(badge.height).toBeLessThan(30);
  // Its progress row sits right under its date, not pushed down by the stretched rows.
  const date = await box(error.getByText(/^Created on/));
  const bar = await box(error.getByRole('progressbar'));
  expect(bar.y - (date.y + date.height)).toBeLessThan(48);
  // The finished card's actions (two downloads, Edit, then Add a reader QR) stay together (same
  // line or the next), at the card's foot, inside its padding.
  const done = page.getByRole('article', { name: 'Baking Bread' });
  const doneBox = await box(done);
  const pdf = await box(done.getByRole('link', { name: 'Download', exact: true }));
  const epub = await box(done.getByRole('link', { name: 'Download EPUB' }));
  const edit = await box(done.getByRole('link', { name: 'Edit Baking Bread' }));
  const readerQr = await box(done.getByRole('button', { name: 'Add a reader QR: Baking Bread' }));
  expect(epub.y - (pdf.y + pdf.height)).toBeLessThanOrEqual(12);
  expect(edit.y - (epub.y + epub.height)).toBeLessThanOrEqual(12);
  expect(readerQr.y - (edit.y + edit.height)).toBeLessThanOrEqual(12);
  const foot = Math.max(...[pdf, epub, edit, readerQr].map((b) => b.y + b.height));
  expect(doneBox.y + doneBox.height - foot).toBeLessThan(24);
  for (const b of [pdf, epub, edit, readerQr])
    expect(b.x + b.width).toBeLessThanOrEqual(doneBox.x + doneBox.width - 15);
  await keepScreenshot(page, testInfo, 'my-books-mixed-row-1280');
  await page.setViewportSize(PHONE);
  await expect(cards.first()).toBeVisible();
  await keepScreenshot(page, testInfo, 'my-books-mixed-row-375');
});

/** The strip is one row (every tab on the same line) and scrolls sideways when it holds more than fits. */
async function expectOneScrollingRow(tablist: Locator) {
  const tabs = tablist.getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  const count = await tabs.count();
  expect(count).toBeGreaterThan(1);
  const tops = new Set<number>();
  for (let i = 0; i < count; i++) tops.add(Math.round((await box(tabs.nth(i))).y));
  expect([...tops]).toHaveLength(1);
  const { scrollWidth, clientWidth, overflowX } = await tablist.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
    overflowX: getComputedStyle(el).overflowX,
  }));
  expect(overflowX).toBe('auto');
  expect(scrollWidth).toBeGreaterThan(clientWidth);
}

test('375 px: the gallery tab bars are one row that scrolls, not blocks of wrapped tabs', async ({
  page,
}, testInfo) => {
  await page.setViewportSize(PHONE);
  await signUp(page);
  await page.goto('/my-images');
  await expectOneScrollingRow(page.getByRole('tablist', { name: 'Filter images' }));
  // Nothing but the strip scrolls: the page itself keeps its width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await keepScreenshot(page, testInfo, 'my-images-tabs-375');
  await page.goto('/my-listings');
  await expectOneScrollingRow(page.getByRole('tablist', { name: 'Filter listings' }));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await keepScreenshot(page, testInfo, 'my-listings-tabs-375');
});

test('1280 px: every Admin Tools tab is wholly inside the strip and the window', async ({
  page,
}, testInfo) => {
  await signUp(page, { admin: true });
  await page.goto('/admin-tools');
  const strip = page.getByRole('tablist', { name: 'Admin Tools' });
  const last = strip.getByRole('tab', { name: 'Newsletter' });
  await expect(last).toBeVisible();
  const stripBox = await box(strip);
  const lastBox = await box(last);
  expect(lastBox.x + lastBox.width).toBeLessThanOrEqual(stripBox.x + stripBox.width);
  expect(lastBox.x + lastBox.width).toBeLessThanOrEqual(1280);
  // Nothing hidden beyond the edge either.
  expect(await strip.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await keepScreenshot(page, testInfo, 'admin-tabs-1280');
  await page.setViewportSize(PHONE);
  await expectOneScrollingRow(strip);
  await keepScreenshot(page, testInfo, 'admin-tabs-375');
});

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

// On a phone the bottom toast lands on a submit button at the window's foot; on a desk it sits
// beside the form (the 1280 px run is a look at that, kept with the phone's screenshot).
for (const viewport of [PHONE, { width: 1280, height: 800 }])
  test(`${viewport.width} px: the toast after a submit does not cover the submit button`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    await signUp(page); // a new account has 0 credits: the kids book is refused
    await fillKidsBookForm(page, {
      story: 'Mia finds a lost baby dragon in the garden and helps it home.',
      character: 'Mia',
      gender: 'Girl',
    });
    const submit = page.getByRole('button', { name: 'Generate Kids Book (100 credits)' });
    // The button at the foot of the window, where a thumb or a scroll leaves it.
    await submit.evaluate((el) => {
      const box = el.getBoundingClientRect();
      window.scrollBy(0, box.bottom - window.innerHeight + 8);
    });
    await submit.click();
    const toast = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
    await expect(toast.getByText('Not Enough Credits')).toBeVisible();
    // Both boxes once the toast has settled where it stays.
    await expect
      .poll(async () => intersects(await box(toast), await box(submit)), { timeout: 3000 })
      .toBe(false);
    await expect(toast).toBeInViewport({ ratio: 1 });
    await keepScreenshot(page, testInfo, `toast-clear-of-submit-${viewport.width}`);
  });

test('empty states share one design: My Books, My Images, My KDP Listings and QR codes', async ({
  page,
}, testInfo) => {
  test.slow(); // four screens and a phone look
  await signUp(page); // a new account owns nothing
  await noStream(page);
  const looks: string[] = [];
  for (const [path, heading, action] of [
    ['/my-books', 'No books found', 'Create Non-Fiction 2.0'],
    ['/my-images', 'No images found', 'Generate Your First Image'],
    ['/my-listings', 'No listings yet', 'Create Your First Listing'],
    ['/qr-codes', 'No QR codes yet', 'Create QR Code'],
  ] as const) {
    await page.goto(path);
    const empty = page.locator('[data-empty-state]:visible');
    await expect(empty).toHaveCount(1);
    await expect(empty.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    await expect(empty.getByRole('link', { name: action })).toBeVisible();
    await expect(empty.locator('svg').first()).toBeVisible();
    looks.push(
      await empty.evaluate((el) => {
        const style = getComputedStyle(el);
        const title = getComputedStyle(el.querySelector('h2') as Element);
        return [style.borderStyle, style.borderRadius, style.padding, style.textAlign, title.fontSize].join(
          ' ',
        );
      }),
    );
    await keepScreenshot(page, testInfo, `empty${path.replace('/', '-')}-1280`);
  }
  expect(new Set(looks).size).toBe(1);
  await page.setViewportSize(PHONE);
  await page.goto('/my-listings');
  await expect(page.locator('[data-empty-state]:visible')).toBeVisible();
  await keepScreenshot(page, testInfo, 'empty-my-listings-375');
});
