// Stripe.js is fetched only when the server's gateway is 'stripe' (never in simulated mode, never
// at import): '@stripe/stripe-js/pure' waits for loadStripe(), and this module is itself imported lazily.
import type { Stripe } from '@stripe/stripe-js';

const loaded = new Map<string, Promise<Stripe | null>>();

export function loadStripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = import('@stripe/stripe-js/pure').then(({ loadStripe }) => loadStripe(publishableKey));
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}
