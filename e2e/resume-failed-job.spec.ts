// Continuing a failed book from My Books, against a server of its own whose AI provider is the
// fake OpenAI server: its quota runs out after three calls, so a non-fiction book fails after its
// outline and a chapter or two, every time. The failed card offers "Continue from chapter N — X
// credits"; the confirmation says the price again; a refused continuation is said in the dialog;
// a confirmed one charges the price and the book finishes. Keyboard only, 375 px, axe clean.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { type FakeOpenAi, startFakeOpenAi } from '../services/src/testing/fake-openai.fixture';
import { expectToast } from './account-helpers';
import { signUpOnPlan } from './books-helpers';
import { expectAxeClean } from './support/axe';
import { expect, keepScreenshot, test } from './support/fixtures';

// A server of its own (the fake provider), beside the one the other specs share.
const port = Number(process.env.E2E_PORT ?? 3217) + 11;
const origin = `http://127.0.0.1:${port}`;
// The refused continuation's 409 is part of the journey.
test.use({ baseURL: origin, allowConsoleErrors: /status of 409/ });
test.describe.configure({ mode: 'serial', timeout: 150_000 });

let fake: FakeOpenAi;
let app: ChildProcess | undefined;
let dataDir = '';

test.beforeAll(async () => {
  test.setTimeout(90_000);
  fake = await startFakeOpenAi();
  dataDir = mkdtempSync(join(tmpdir(), 'studio-resume-'));
  // The embedded runtime `npm run serve` compiled for the suite's own server: started as it is.
  app = spawn(process.execPath, ['--enable-source-maps', 'services/dist/main/embedded.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      AI_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: fake.baseURL,
      OPENAI_TEXT_MODEL: 'gpt-4o-mini',
      OPENAI_IMAGE_MODEL: 'gpt-image-1',
    },
    stdio: 'ignore',
    detached: true,
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${origin}/api/health`)).ok;
        } catch {
          return false;
        }
      },
      { timeout: 60_000 },
    )
    .toBe(true);
});

test.afterAll(async () => {
  // Stop the whole group (the runtime's own threads and children with it).
  if (app?.pid && app.exitCode === null) {
    const exited = new Promise((resolve) => app?.once('exit', resolve));
    process.kill(-app.pid, 'SIGTERM');
    await exited;
  }
  await fake?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A non-fiction book the provider stops serving after three calls: it fails part way. */
async function failedBook(page: Page, userId: string, title: string): Promise<string> {
  fake.behave({ failAfter: { calls: 3, status: 429, code: 'insufficient_quota' } });
  const started = await page.request.post('/api/submit-non-fiction-form', {
    data: {
      Title: title,
      Description: 'A practical guide for busy parents, one step at a time',
      User: [userId],
      Status: 'In progress',
    },
  });
  expect(started.status(), await started.text()).toBe(202);
  const { generationId } = (await started.json()) as { generationId: string };
  await expect
    .poll(
      // `null` until the job has failed with a part made.
      async () =>
        (await (await page.request.get(`/api/generations/${generationId}/resume`)).json())?.credits ?? 0,
      {
        timeout: 60_000,
      },
    )
    .toBeGreaterThan(0);
  return generationId;
}

const credits = async (page: Page) =>
  ((await (await page.request.get('/api/user')).json()) as { credits: number }).credits;

test('a failed book is continued from its failed chapter, for the share of its price left', async ({
  page,
}, testInfo) => {
  const { id } = await signUpOnPlan(page, 'basic');
  const raced = await failedBook(page, id, 'Calm Mornings');
  await failedBook(page, id, 'Quiet Evenings');
  fake.behave({});
  expect(await credits(page)).toBe(60);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/my-books');
  const card = page.getByRole('article', { name: 'Quiet Evenings' });
  await expect(card.getByTestId('status-badge')).toHaveText('ERROR');
  const offer = card.getByRole('button', { name: /^Continue from (chapter \d+|the \w+) — \d+ credits?$/ });
  await expect(offer).toBeVisible();
  const [, from, price] =
    /^Continue from (.+) — (\d+) credits?$/.exec((await offer.textContent()) ?? '') ?? [];
  expect(Number(price)).toBeLessThan(20);
  // The button fits the phone's width.
  const box = await offer.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
  await expectAxeClean(page);

  // Keyboard: open the confirmation, close it with Escape, open it again.
  await offer.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Continue this book?' });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByText(`"Quiet Evenings" will continue from ${from}.`, { exact: false }),
  ).toBeVisible();
  await expect(dialog.getByTestId('resume-price')).toContainText(`${price} credit`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(offer).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expectAxeClean(page);
  await keepScreenshot(page, testInfo, 'resume-confirm-375');

  // The other failed book, continued elsewhere meanwhile: its confirmation is refused and says why.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.keyboard.press('Escape');
  const other = page.getByRole('article', { name: 'Calm Mornings' });
  await other.getByRole('button', { name: /^Continue from/ }).click();
  const otherDialog = page.getByRole('dialog', { name: 'Continue this book?' });
  expect((await page.request.post(`/api/generations/${raced}/resume`, { data: {} })).status()).toBe(202);
  await otherDialog.getByRole('button', { name: /^Continue for \d+ credits?$/ }).click();
  await expect(otherDialog.getByRole('alert')).toContainText('This book is already being continued');
  await expectAxeClean(page);
  await page.keyboard.press('Escape');
  const afterRace = await credits(page);

  // Confirmed: charged the price once, and the book finishes from where it stopped.
  await offer.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole('button', {
    name: `Continue for ${price} credit${price === '1' ? '' : 's'}`,
  });
  await confirm.focus();
  await page.keyboard.press('Enter');
  await expectToast(
    page,
    'Your book is continuing',
    `It picks up from ${from}. It will be ready in My Books.`,
  );
  await expect(dialog).toBeHidden();
  expect(await credits(page)).toBe(afterRace - Number(price));
  await expect(card.getByTestId('status-badge')).toHaveText('Done', { timeout: 90_000 });
  await expect(card.getByRole('button', { name: /^Continue from/ })).toHaveCount(0);
  await expect(card.getByRole('link', { name: 'Download' }).first()).toBeVisible();
  await expectAxeClean(page);
});
