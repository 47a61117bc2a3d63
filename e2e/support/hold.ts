import type { Page } from '@playwright/test';

/**
 * Holds back every request matching `url` until the returned `release` is called, so a test can see
 * a loading state on a positive signal rather than hope a fixed delay outlasts it.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
