// Visual regression guard: the main account screens at 1280×720 and 375×812 against
// committed baselines (e2e/visual.spec.ts-snapshots/). Deterministic: the API is stubbed with fixed
// data, animations and the caret are off, the fonts are the system's (no web font download).
// After an intended change: `E2E_PORT=… npx playwright test e2e/visual.spec.ts --update-snapshots`,
// look at the new PNGs, commit them.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

const USER = {
  id: 'visual-user',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  credits: 42,
  subscriptionTier: 'Basic',
  isAdmin: false,
  createdAt: '2025-03-14T09:00:00.000Z',
};
const HISTORY = [
  {
    id: 'e2',
    at: '2025-03-15T10:00:00.000Z',
    amount: -18,
    kind: 'debited',
    reason: 'coloring-book',
    balanceAfter: 42,
  },
  {
    id: 'e1',
    at: '2025-03-14T09:05:00.000Z',
    amount: 60,
    kind: 'granted',
    reason: 'plan-purchase',
    planId: 'basic',
    balanceAfter: 60,
  },
];

async function fixedApi(page: Page, signedIn: boolean) {
  await page.route('**/api/**', (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/api/session') return route.fulfill({ json: { user: signedIn ? USER : null } });
    if (path === '/api/user' || path === '/api/current-user') return route.fulfill({ json: USER });
    if (path === '/api/payments/config') return route.fulfill({ json: { gateway: 'simulated' } });
    if (path === '/api/credits/history') return route.fulfill({ json: HISTORY });
    return route.fulfill({ json: [] });
  });
}

const SCREENS = [
  { name: 'landing', path: '/', signedIn: false, ready: 'heading' },
  { name: 'pricing', path: '/pricing', signedIn: false, ready: 'heading' },
  { name: 'dashboard', path: '/dashboard', signedIn: true, ready: 'heading' },
  { name: 'profile', path: '/profile', signedIn: true, ready: 'heading' },
] as const;
const WIDTHS = [
  { label: 'desktop', width: 1280, height: 720 },
  { label: 'mobile', width: 375, height: 812 },
] as const;

for (const viewport of WIDTHS) {
  test.describe(`${viewport.label} ${viewport.width}×${viewport.height}`, () => {
    test.use({
      viewport: { width: viewport.width, height: viewport.height },
      locale: 'en-US',
      timezoneId: 'UTC',
    });
    for (const screen of SCREENS) {
      test(`${screen.name} matches its baseline`, async ({ page }) => {
        await fixedApi(page, screen.signedIn);
        await page.goto(screen.path);
        await expect(page.locator('#prerendered')).toHaveCount(0);
        await expect(page.locator('main h1').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expect(page).toHaveScreenshot(`${screen.name}-${viewport.label}.png`, {
          animations: 'disabled',
          caret: 'hide',
          maxDiffPixelRatio: 0.01,
        });
      });
    }
  });
}
