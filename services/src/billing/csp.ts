import type { CspSources } from '../platform/http/security-headers';

/** What Stripe.js and its card iframes need from the page's CSP (Stripe's published list). */
export const STRIPE_CSP_SOURCES: CspSources = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  connect: ['https://api.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  img: ['https://*.stripe.com'],
};
