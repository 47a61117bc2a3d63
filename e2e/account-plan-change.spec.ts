// A subscriber changes plan instead of buying a second one (simulated gateway): the plan they have
// is refused before any payment, an upgrade and a downgrade say beforehand what happens to the
// credits, the price and the renewal date (the server's preview, then exactly that), the top plan's
// "more credits" says when they renew. And sign-in returns to where the user was going, with the
// plan they chose.
import type { Page } from '@playwright/test';
import { checkScreen, expectToast, logInThroughUi } from './account-helpers';
import { signUpOnPlan } from './books-helpers';
import { expect, keepScreenshot, test } from './support/fixtures';
import { uniqueEmail } from './support/users';

// Each journey scans several screens at two widths.
test.describe.configure({ timeout: 90_000 });

interface Preview {
  kind: string;
  dueNow: number;
  creditsNow: number;
  renewsAt?: string;
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const day = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(iso));

/** The header's name, links and button never overlap (the name may give way to the logo alone). */
async function expectHeaderApart(page: Page) {
  const header = page.getByRole('banner');
  const boxes = await header.locator('a:visible, button:visible').evaluateAll((elements) =>
    elements.map((el) => {
      const r = el.getBoundingClientRect();
      return {
        text: (el.textContent ?? '').trim(),
        left: r.left,
        right: r.right,
        top: r.top,
        bottom: r.bottom,
      };
    }),
  );
  for (const [i, a] of boxes.entries())
    for (const b of boxes.slice(i + 1)) {
      const apart =
        a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top || b.bottom <= a.top;
      expect(apart, `"${a.text}" and "${b.text}" overlap`).toBe(true);
    }
}

async function credits(page: Page): Promise<number> {
  return ((await (await page.request.get('/api/user')).json()) as { credits: number }).credits;
}

test('the plan one has is refused before payment; an upgrade shows what it does, then does exactly that', async ({
  page,
}, testInfo) => {
  await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
  await signUpOnPlan(page, 'standard');
  await expect.poll(() => credits(page)).toBe(150);

  // Pricing: the current plan is not for sale; the way to more credits is named.
  await page.goto('/pricing');
  await expect(
    page.getByTestId('plan-standard').getByRole('button', { name: 'Your current plan' }),
  ).toBeDisabled();
  await expect(page.getByText('Need more credits?')).toBeVisible();
  await expect(
    page.getByTestId('plan-premium').getByRole('link', { name: 'Upgrade to Premium' }),
  ).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await expectHeaderApart(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Both payment routes refuse the same plan, with no way to pay.
  for (const path of ['/payment?plan=standard', '/checkout/standard']) {
    await page.goto(path);
    await expect(page.getByText('You already have the Standard plan.')).toBeVisible();
    await expect(
      page.getByRole('button', { name: /Proceed to Checkout|Subscribe to Standard|Pay/ }),
    ).toHaveCount(0);
  }
  await page.setViewportSize({ width: 375, height: 812 });
  await expectHeaderApart(page);
  await checkScreen(page, testInfo, 'checkout-same-plan');
  // The server refuses it too (a second tab, a replayed request): nothing is charged.
  const again = await page.request.post('/api/create-checkout-session', { data: { planId: 'standard' } });
  expect(again.status()).toBe(409);
  expect(await credits(page)).toBe(150);

  // The upgrade, as the server previews it.
  const preview = (await (
    await page.request.get('/api/subscription/change?planId=premium')
  ).json()) as Preview;
  expect(preview.kind).toBe('upgrade');
  expect(preview.dueNow).toBeGreaterThan(0);
  expect(preview.renewsAt).toBeTruthy();
  await page.goto('/payment?plan=premium');
  const change = page.getByTestId('plan-change');
  await expect(change.getByRole('heading', { name: 'From Standard to Premium' })).toBeVisible();
  await expect(change).toContainText(`You pay ${dollars(preview.dueNow)} now`);
  await expect(change).toContainText(
    `You get ${preview.creditsNow} more credits now; the credits you have stay.`,
  );
  await expect(change).toContainText(`Your renewal date stays ${day(preview.renewsAt ?? '')}`);
  await expect(change).toContainText('from then on you pay $99.99 a month and get 400 credits');
  await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toHaveCount(0);
  await checkScreen(page, testInfo, 'payment-upgrade-preview');

  await change
    .getByRole('button', { name: `Upgrade to Premium — pay ${dollars(preview.dueNow)} now` })
    .click();
  await expect(page).toHaveURL(/\/subscription-success\?/);
  await expectToast(page, 'Your plan is now Premium');
  await expect.poll(() => credits(page)).toBe(150 + preview.creditsNow);
  await page.setViewportSize({ width: 375, height: 812 });
  await expectHeaderApart(page);
  await keepScreenshot(page, testInfo, 'subscription-success-375');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The top plan: "more credits" says when they come back, never a page with nothing to buy.
  await page.goto('/dashboard');
  const renewal = day(preview.renewsAt ?? '');
  const card = page.getByRole('link', { name: /Credits renew .* →/ });
  await expect(card).toBeVisible();
  await card.click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByText('You have our top plan')).toBeVisible();
  await expect(page.getByText(`Your 400 credits renew on ${renewal}, every month.`)).toBeVisible();
  await checkScreen(page, testInfo, 'pricing-top-plan');
});

test('a downgrade says it starts at the renewal, charges nothing, and can be called off', async ({
  page,
}, testInfo) => {
  await signUpOnPlan(page, 'premium');
  await expect.poll(() => credits(page)).toBe(400);
  const preview = (await (await page.request.get('/api/subscription/change?planId=basic')).json()) as Preview;
  expect(preview).toMatchObject({ kind: 'downgrade', dueNow: 0, creditsNow: 0 });
  const renewal = day(preview.renewsAt ?? '');

  await page.goto('/pricing');
  await page.getByTestId('plan-basic').getByRole('link', { name: 'Switch to Basic' }).click();
  await expect(page).toHaveURL(/\/payment\?plan=basic$/);
  const change = page.getByTestId('plan-change');
  await expect(change).toContainText('Nothing is charged or refunded now, and your credits stay.');
  await expect(change).toContainText(`You keep Premium and its features until ${renewal}.`);
  await expect(change).toContainText(`From ${renewal} you pay $29.99 a month and get 60 credits.`);
  await checkScreen(page, testInfo, 'payment-downgrade-preview');
  await change.getByRole('button', { name: `Switch to Basic on ${renewal}` }).click();
  await expectToast(page, `Basic starts on ${renewal}`);
  await expect(page).toHaveURL(/\/pricing$/);
  expect(await credits(page)).toBe(400);

  // Pricing says what is coming, and the way back is to keep Premium.
  await expect(page.getByText(`Changes to Basic on ${renewal}.`)).toBeVisible();
  await page.getByTestId('plan-premium').getByRole('link', { name: 'Keep Premium' }).click();
  await expect(page.getByTestId('plan-change')).toContainText('the switch to Basic');
  await page.getByTestId('plan-change').getByRole('button', { name: 'Keep Premium' }).click();
  await expectToast(page, 'You keep Premium');
  await expect(
    page.getByTestId('plan-premium').getByRole('button', { name: 'Your current plan' }),
  ).toBeDisabled();
  expect(await credits(page)).toBe(400);
});

test('signing up from a plan returns to that plan; a signed-in page visited signed out returns there', async ({
  page,
}) => {
  await page.goto('/pricing');
  await expect(page.locator('#prerendered')).toHaveCount(0);
  await page.getByTestId('plan-standard').getByRole('link', { name: 'Subscribe to Standard' }).click();
  await expect(page).toHaveURL(/\/auth\?tab=register&next=/);
  // Opens on the Register tab.
  await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
  const email = uniqueEmail('return');
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Full name').fill('Ret Urner');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill('correct-horse-7');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/payment\?plan=standard$/);
  await expect(page.getByRole('heading', { name: 'Standard plan' })).toBeVisible();

  await page.context().clearCookies();
  await page.goto('/my-books');
  await expect(page).toHaveURL(/\/auth/);
  await logInThroughUi(page, email);
  await expect(page).toHaveURL(/\/my-books$/);
});
