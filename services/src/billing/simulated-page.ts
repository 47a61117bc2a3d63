import type { PlanTerms } from '@studio/events';
import type { SimulatedCheckout } from './simulated';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The simulated gateway's hosted checkout: a plain page, unmistakably a test. `styleNonce` is
 * the response's CSP nonce, without which the browser drops the inline styles.
 */
export function simulatedCheckoutPage(
  checkout: SimulatedCheckout,
  plan: PlanTerms,
  styleNonce = '',
  /** Why this checkout cannot be paid (the plan is already the user's): no Pay button then. */
  refusal?: string,
): string {
  const price = `$${(plan.price / 100).toFixed(2)}`;
  const paid = checkout.status === 'paid';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>Test checkout — ${escapeHtml(plan.name)}</title>
<style nonce="${escapeHtml(styleNonce)}">
  body { font-family: system-ui, sans-serif; background: #f4f4f8; margin: 0; padding: 24px; color: #1a1a1a; }
  main { max-width: 440px; margin: 40px auto; background: #fff; border-radius: 12px; padding: 28px; box-shadow: 0 4px 24px rgba(0,0,0,.08); }
  .banner { background: #fff4cc; border: 1px solid #e0b400; border-radius: 8px; padding: 10px 12px; font-weight: 600; }
  h1 { font-size: 1.4rem; margin: 20px 0 4px; }
  .price { font-size: 2rem; font-weight: 700; margin: 8px 0; }
  button, a.button { display: block; width: 100%; box-sizing: border-box; text-align: center; margin-top: 16px; padding: 12px; border-radius: 8px; border: 0; font-size: 1rem; font-weight: 600; cursor: pointer; text-decoration: none; }
  button { background: #5b4fe0; color: #fff; }
  button:focus-visible, a.button:focus-visible { outline: 3px solid #1a1a1a; outline-offset: 2px; }
  a.button { background: #eee; color: #1a1a1a; }
</style>
</head>
<body>
<main>
  <p class="banner" role="note">Test mode — no real charge. This checkout is simulated; no card is needed.</p>
  <h1>Subscribe to ${escapeHtml(plan.name)}</h1>
  <p class="price">${price}<small>/month</small></p>
  <p>${plan.credits} credits per month.</p>
  ${
    refusal
      ? `<p role="alert"><strong>${escapeHtml(refusal)}</strong> Nothing was charged.</p><a class="button" href="/pricing">Back to Pricing</a>`
      : paid
        ? '<p><strong>This test checkout is already paid.</strong></p><a class="button" href="/dashboard">Go to Dashboard</a>'
        : `<form method="post" action="/api/simulated-checkout/${escapeHtml(checkout._id)}/pay">
    <button type="submit">Pay ${price} (test)</button>
  </form>
  <a class="button" href="/pricing">Cancel</a>`
  }
</main>
</body>
</html>`;
}
