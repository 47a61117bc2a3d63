// Helpers for the book journeys (e2e/books-*.spec.ts). The [stubbed API] specs STUB the studio and
// gallery calls with page.route, speaking the shapes of docs/product/creation-tools-qr.md (Data, API),
// to show failure states a real server cannot be made to show on demand. Sign-up,
// sessions, plans and credits are real.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page, Request, Route } from '@playwright/test';
import { expect, type SignedUpUser, signUp } from './support/fixtures';
import type { PictureFile } from './support/pictures';

/** Buys a plan through the simulated gateway (real credits and tier on the server). */
export async function buyPlan(page: Page, planId: 'basic' | 'standard' | 'premium'): Promise<void> {
  const session = await page.request.post('/api/create-checkout-session', { data: { planId } });
  expect(session.status(), await session.text()).toBe(200);
  const { url } = (await session.json()) as { url: string };
  const ref = url.split('/').pop();
  const paid = await page.request.post(`/api/simulated-checkout/${ref}/pay`, { maxRedirects: 0 });
  expect([200, 302, 303]).toContain(paid.status());
}

/** A new account on a plan bought through the simulated gateway: the start of most tool journeys. */
export async function signUpOnPlan(
  page: Page,
  planId: 'basic' | 'standard' | 'premium',
  options: { name?: string } = {},
): Promise<SignedUpUser> {
  const user = await signUp(page, options);
  await buyPlan(page, planId);
  return user;
}

/** A new account on the Basic plan with a KDP listing started through the API (202). */
export async function signUpWithListing(
  page: Page,
  listing: { bookTitle: string; bookPrompt: string },
): Promise<{ user: SignedUpUser; listingId: string }> {
  const user = await signUpOnPlan(page, 'basic');
  const created = await page.request.post('/api/kdp-listings/create', {
    data: { userId: user.id, ...listing },
  });
  expect(created.status(), await created.text()).toBe(202);
  return { user, listingId: (await created.json()).listingId as string };
}

/** A book PDF's text, white space folded (read back with pdftotext, as a reader's viewer would). */
export function pdfText(pdf: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'book-pdf-')), 'book.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-']).toString('utf8').replace(/\s+/g, ' ');
}

/**
 * [real backend] Signs up on the Basic plan, writes a book with the one-shot writer's form and
 * waits on My Books until it is done; returns the book's card.
 */
export async function writeFinishedBook(
  page: Page,
  book: { title: string; description: string },
  timeout = 150_000,
): Promise<Locator> {
  await signUpOnPlan(page, 'basic');
  await page.goto('/non-fiction-book');
  await page.getByLabel('Book Title').fill(book.title);
  await page.getByLabel('Book Description').fill(book.description);
  await page.getByRole('button', { name: 'Create Book (20 credits)' }).click();
  await page.getByRole('link', { name: 'Go to My Books' }).click();
  const card = page.getByRole('article', { name: book.title });
  await expect(card.getByTestId('status-badge')).toHaveText('Done', { timeout });
  return card;
}

/** Leo's rocket: the kids book the tool's journeys ask for. */
export const LEO_KIDS_BOOK = {
  story: 'Leo builds a rocket and visits the moon with his cat.',
  character: 'Leo',
  gender: 'Boy',
} as const;

/**
 * Opens the kids book tool with its story and character filled in and, given a photo, that photo
 * chosen and previewed (the browser decodes it first); the submit is the test's.
 */
export async function fillKidsBookForm(
  page: Page,
  book: { story: string; character: string; gender: 'Boy' | 'Girl' },
  photo?: PictureFile,
): Promise<void> {
  await page.goto('/kids-book-generator');
  await page.getByLabel('Story Description').fill(book.story);
  await page.getByLabel('Character Name').fill(book.character);
  await page.getByRole('radio', { name: book.gender }).click();
  if (!photo) return;
  await page.locator('input[type=file]').setInputFiles(photo);
  await expect(page.getByRole('img', { name: 'Preview of the chosen file' })).toBeVisible();
}

/**
 * Asks the real Gen 2.0 tool for a three-chapter book's outlines (the signed-in user needs a plan
 * with credits) and waits for the second option; returns that option's region.
 */
export async function orderGen2Outlines(page: Page, beforeSubmit?: () => Promise<void>) {
  await page.goto('/non-fiction-gen2');
  await page.getByLabel('Book Title').fill('Houseplants for Beginners');
  await page.getByLabel('Book Description').fill('A friendly guide to keeping houseplants alive and happy.');
  await page.getByRole('combobox', { name: 'Number of Chapters' }).click();
  await page.getByRole('option', { name: '3', exact: true }).click();
  await beforeSubmit?.();
  await page.getByRole('button', { name: 'Create Outline (20 credits)' }).click();
  const option2 = page.getByRole('region', { name: 'Outline Option 2' });
  await expect(option2).toBeVisible({ timeout: 40_000 });
  return option2;
}

/**
 * Serves the signed-in user with the real answer changed (a tier or balance the test needs): both
 * GET /api/user and the app's start-up check GET /api/session (`{ user }`).
 */
export async function overrideUser(page: Page, changes: { credits?: number; subscriptionTier?: string }) {
  await page.route(/\/api\/(user|session)$/, async (route) => {
    const response = await route.fetch();
    if (!response.ok()) return route.fulfill({ response });
    const body = await response.json();
    const json = route.request().url().endsWith('/session')
      ? { ...body, user: body.user ? { ...body.user, ...changes } : body.user }
      : { ...body, ...changes };
    return route.fulfill({ response, json });
  });
}

/** Answers a route's calls in turn (the last answer from then on); returns the requests, in order. */
export async function answerInTurn(
  page: Page,
  url: string,
  answers: Parameters<Route['fulfill']>[0][],
): Promise<Request[]> {
  const requests: Request[] = [];
  await page.route(url, (route) => {
    requests.push(route.request());
    return route.fulfill(answers[Math.min(requests.length, answers.length) - 1]);
  });
  return requests;
}

/** Fulfils a JSON request and records its body. */
export function recordJson(status: number, json: unknown) {
  const bodies: unknown[] = [];
  const handler = (route: Route) => {
    bodies.push(route.request().postDataJSON());
    return route.fulfill({ status, json });
  };
  return { bodies, handler };
}

/**
 * A server-sent-events body as GET /api/generations/events writes it (`event: progress`, the log
 * position as id), one event per entry; retry: ms before the browser reconnects.
 */
export function sseBody(events: { id: string; data: unknown }[], retryMs = 300): string {
  const lines = events.map((e) => `id: ${e.id}\nevent: progress\ndata: ${JSON.stringify(e.data)}\n\n`);
  return `: connected\nretry: ${retryMs}\n\n${lines.join('')}`;
}

export const SSE_HEADERS = { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' };

/**
 * A toast, found by CSS rather than by role: a modal dialog marks the rest of the page (the
 * toast region included) aria-hidden, which hides it from role queries.
 */
export async function expectToastText(page: Page, title: string, description?: string): Promise<void> {
  const region = page.locator('[role="region"][aria-label^="Notifications"]');
  await expect(region.getByText(title, { exact: true }).first()).toBeVisible();
  if (description) await expect(region.getByText(description, { exact: true }).first()).toBeVisible();
}

/**
 * Failed books of a stubbed list ask whether they can be continued: answered as the server answers
 * for a job that cannot be (`null`), so they offer nothing.
 */
export async function noResumeOffers(page: Page): Promise<void> {
  await page.route('**/api/generations/*/resume', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: null }) : route.fallback(),
  );
}

/** The date of every book in a stubbed list (the cards show it). */
export const STUBBED_BOOK_DATE = '2025-06-01T10:00:00.000Z';

/** No stream unless a test says otherwise: a refused stream (204 closes an EventSource for good). */
export async function noStream(page: Page): Promise<void> {
  await page.route('**/api/generations/events', (route) => route.fulfill({ status: 204, body: '' }));
}

/**
 * [stubbed API] A new signed-up user, no progress stream, and My Books' list answering `books` (a
 * function is asked on every read). With `held`, the list waits until the returned release() is called.
 */
export async function signUpWithStubbedBooks(
  page: Page,
  books: unknown[] | (() => unknown[]),
  options: { held?: boolean } = {},
): Promise<{ user: SignedUpUser; release: () => void }> {
  const user = await signUp(page);
  await noStream(page);
  let release = () => {};
  const gate = options.held ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  await page.route(/\/api\/airtable\/books\/[^/]+$/, async (route) => {
    await gate;
    await route.fulfill({ json: typeof books === 'function' ? books() : books });
  });
  return { user, release };
}

/** A finished Gen 2.0 book of a stubbed list, with both downloads: the PDF and the EPUB. */
export const FINISHED_GEN2_BOOK = {
  id: 'v2-done',
  title: 'Baking Bread',
  type: 'non-fiction-v2',
  status: 'Done',
  generationStatus: 'completed',
  progress: 100,
  createdAt: STUBBED_BOOK_DATE,
  downloadLink: '/files/bread.pdf',
  epubFile: '/files/bread.epub',
};

/** A Gen 2.0 book of a stubbed list, writing its chapters. */
export const WRITING_GEN2_BOOK = {
  id: 'v2-writing',
  title: 'Stars at Night',
  type: 'non-fiction-v2',
  status: 'In progress (book creation)',
  generationStatus: 'book-running',
  progress: 40,
  createdAt: STUBBED_BOOK_DATE,
};

/** A coloring book of a stubbed list, half drawn. */
export const RUNNING_COLORING_BOOK = {
  id: 'color-run',
  title: 'Jungle Coloring',
  type: 'coloring-book',
  status: 'In progress',
  generationStatus: 'running',
  progress: 50,
  createdAt: STUBBED_BOOK_DATE,
};
