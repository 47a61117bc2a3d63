// The dashboard's grid of tools: every current tool of the registry with what it makes and its
// price, tier notes where a plan limits it, and QR Codes; each card leads to its screen.
import { GENERATION_KINDS, TOOL_CONTRACTS } from '@studio/events';
import { expectNoHorizontalOverflow } from './account-helpers';
import { expect, keepScreenshot, signUp, test } from './support/fixtures';

const offered = GENERATION_KINDS.filter((kind) => !TOOL_CONTRACTS[kind].supersededBy);

test('the dashboard lists each tool with what it makes and its cost, plus QR Codes', async ({
  page,
}, testInfo) => {
  await signUp(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard');
  const grid = page.getByRole('region', { name: 'Tools' });
  const cards = grid.getByTestId('tool-card');
  await expect(cards).toHaveCount(offered.length + 1);
  for (const kind of offered) {
    const card = cards.filter({
      has: page.getByRole('link', { name: TOOL_CONTRACTS[kind].name, exact: true }),
    });
    await expect(card).toContainText(TOOL_CONTRACTS[kind].makes);
  }
  // The prices, the coloring book from its cheapest length and for the plans that have it.
  const card = (name: string) => cards.filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(card('Kids Book Generator').getByTestId('tool-price')).toHaveText('100 credits');
  await expect(card('Coloring Page Generator').getByTestId('tool-price')).toHaveText('4 credits');
  await expect(card('Coloring Book Generator').getByTestId('tool-price')).toHaveText('From 20 credits');
  await expect(card('Coloring Book Generator')).toContainText('On the Standard and Premium plans');
  // The legacy writer stays in the sidebar, not beside its successor.
  await expect(card('Non-fiction Book Writer')).toHaveCount(0);
  await keepScreenshot(page, testInfo, 'dashboard-tools-1280');

  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'dashboard-tools-375');

  await card('QR Codes').getByRole('link', { name: 'QR Codes' }).click();
  await expect(page).toHaveURL(/\/qr-codes$/);
});
