// The Content-Security-Policy in a real browser: the landing page and the
// dashboard render with Emotion's styles signed by the per-response nonce, and the browser
// reports no violation. (The console guard of the fixtures also fails on a CSP console error.)
import type { Page } from '@playwright/test';
import { expect, expectScreen, signUp, test } from './support/fixtures';

declare global {
  interface Window {
    cspViolations: string[];
  }
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
});

/** The page's policy uses a nonce for styles, and every Emotion <style> tag carries it. */
async function expectSignedStyles(page: Page) {
  const styles = await page.evaluate(() => {
    const meta = document.querySelector('meta[name="csp-nonce"]')?.getAttribute('content') ?? '';
    const tags = [...document.querySelectorAll<HTMLStyleElement>('style[data-emotion]')];
    return {
      meta,
      tags: tags.length,
      unsigned: tags.filter((tag) => tag.nonce !== meta).length,
      // GlobalStyles sets the body's background: it only applies if the style tag was allowed.
      background: getComputedStyle(document.body).backgroundColor,
    };
  });
  expect(styles.meta).not.toBe('');
  expect(styles.tags).toBeGreaterThan(0);
  expect(styles.unsigned).toBe(0);
  expect(styles.background).not.toBe('rgba(0, 0, 0, 0)');
  expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
}

test('the landing page renders under the CSP without a violation', async ({ page }) => {
  const response = await page.goto('/');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).not.toContain('unsafe-inline');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expectSignedStyles(page);
});

test('the dashboard renders under the CSP without a violation', async ({ page }) => {
  await signUp(page, { name: 'Csp Tester' });
  await page.goto('/dashboard');
  await expectScreen(page, 'Dashboard');
  await expectSignedStyles(page);
});
