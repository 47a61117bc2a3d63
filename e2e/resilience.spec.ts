// A remote that cannot be loaded shows a friendly message with Retry inside the layout; the
// rest of the app keeps working (docs/frontend.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectScreen, signUp, test } from './support/fixtures';

// The browser reports the refused requests we cause on purpose.
test.use({ allowConsoleErrors: /Failed to load resource|ERR_CONNECTION_REFUSED|ERR_FAILED/ });

/** The layout's card for a remote that could not be loaded, naming the section it serves. */
async function expectSectionDown(page: Page, section: string): Promise<void> {
  await expect(page.getByRole('heading', { name: "This page couldn't be loaded" })).toBeVisible();
  await expect(
    page.getByText(`The ${section} section is temporarily unavailable.`, { exact: false }),
  ).toBeVisible();
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** Moves on through the sidebar, and that screen loads. */
async function openFromSidebar(page: Page, link: string | RegExp, screen: string): Promise<void> {
  await sidebar(page).getByRole('link', { name: link }).click();
  await expectScreen(page, screen);
}

test('the gallery server is down: its pages say so, other remotes work, Retry recovers', async ({ page }) => {
  await signUp(page);
  await page.route('**/remotes/gallery/**', (route) => route.abort('connectionrefused'));

  await page.goto('/my-books');
  await expectSectionDown(page, 'Library');
  await expect(sidebar(page)).toBeVisible();

  // Other remotes are unaffected.
  await openFromSidebar(page, 'Dashboard', 'Dashboard');
  await openFromSidebar(page, /^Image Generator v2/, 'Image Generator v2');

  // The gallery comes back: Retry loads it without a page reload.
  await sidebar(page).getByRole('link', { name: 'My Images' }).click();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await page.unroute('**/remotes/gallery/**');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expectScreen(page, 'My Images');
  // Focus is not lost with the Retry button: it moves to the content that loaded.
  await expect(page.locator('#main-content')).toBeFocused();
  await openFromSidebar(page, 'My Books', 'My Books');
});

test('a remote entry that fails to load once is retried by the federation runtime: no Retry card', async ({
  page,
}) => {
  await signUp(page);
  const asked: string[] = [];
  await page.route('**/remotes/gallery/**/remoteEntry.js', (route) => {
    asked.push(new URL(route.request().url()).pathname);
    return asked.length === 1 ? route.abort('connectionrefused') : route.fallback();
  });
  await page.goto('/my-books');
  await expectScreen(page, 'My Books');
  await expect(page.getByRole('heading', { name: "This page couldn't be loaded" })).toHaveCount(0);
  // The second request came from the retry plugin's fresh address.
  expect(asked).toEqual(['/remotes/gallery/remoteEntry.js', '/remotes/gallery/~retry-1/remoteEntry.js']);
});

test('a bad manifest for one remote does not break the others', async ({ page }) => {
  await signUp(page);
  await page.route('**/remotes/qr/mf-manifest.json', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"not":"a manifest"}' }),
  );
  await page.goto('/qr-codes');
  await expect(page.getByRole('heading', { name: "This page couldn't be loaded" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();

  await openFromSidebar(page, 'Profile', 'My Profile');
});

test.describe('a remote built against a newer kit than the shell provides', () => {
  // The federation runtime says which versions disagree; that message is the point here.
  test.use({ allowConsoleErrors: /does not satisfy the requirement/ });

  test('is refused with the Retry card; the other remotes work', async ({ page }) => {
    const kit = JSON.parse(readFileSync(join(__dirname, '../kit/package.json'), 'utf8')).version as string;
    const [major, minor] = kit.split('.').map(Number);
    const newer = `${major}.${(minor ?? 0) + 1}.0`;
    await signUp(page);
    // The QR remote as if built from a later kit: it provides and requires that version.
    await page.route('**/remotes/qr/remoteEntry.js', async (route) => {
      const body = (await (await route.fetch()).text())
        .replaceAll(`"${kit}"`, `"${newer}"`)
        .replaceAll(`"^${kit}"`, `"^${newer}"`);
      expect(body).toContain(`requiredVersion:"^${newer}"`);
      await route.fulfill({ contentType: 'text/javascript', body });
    });
    await page.goto('/qr-codes');
    await expectSectionDown(page, 'QR codes');
    await openFromSidebar(page, 'Profile', 'My Profile');
  });
});

test.describe('a remote moved to another origin', () => {
  // Only the listing is stubbed here, so the server's CSP (which lists the origins REMOTE_URLS
  // names) does not know this origin: the browser refuses the connection before the network does.
  test.use({
    allowConsoleErrors:
      /Failed to load resource|ERR_CONNECTION_REFUSED|ERR_FAILED|violates the following Content Security Policy directive: "connect-src|Refused to connect because it violates/,
  });

  test('/remotes.json pointing a remote at a dead origin', async ({ page }) => {
    await signUp(page);
    await page.route('**/remotes.json', async (route) => {
      const listing = await (await route.fetch()).json();
      await route.fulfill({ json: { ...listing, studio: 'http://127.0.0.1:9/mf-manifest.json' } });
    });
    await page.goto('/kids-book-generator');
    await expectSectionDown(page, 'Creation tools');
    await openFromSidebar(page, 'My Books', 'My Books');
  });
});
