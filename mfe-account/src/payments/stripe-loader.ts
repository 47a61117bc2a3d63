// Stripe.js is fetched only when the server's gateway is 'stripe' (never in simulated mode, never
// at import): '@stripe/stripe-js/pure' waits for loadStripe(), and this module is itself imported lazily.
import type { Stripe } from '@stripe/stripe-js';
import { useEffect, useState } from 'react';

const loaded = new Map<string, Promise<Stripe | null>>();

/** Resolves to null when Stripe.js cannot load (offline, blocked): the forms then say so. */
export function loadStripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = import('@stripe/stripe-js/pure')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .catch(() => null);
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

/** Tracks whether Stripe.js failed to load, for the form's error message. */
export function useStripeLoadFailed(stripe: Promise<Stripe | null>): boolean {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    void stripe.then((loadedStripe) => {
      if (live) setFailed(loadedStripe === null);
    });
    return () => {
      live = false;
    };
  }, [stripe]);
  return failed;
}
