import Stripe from 'stripe';
import request from 'supertest';
import { WEBHOOK_PATH } from '../billing/routes';

/**
 * What the Stripe suites send and configure: events in the shape Stripe's API posts to a webhook,
 * signed with the stripe SDK's own test-header helper.
 */

/** The price of each plan in the suites' Stripe configuration. */
export const STRIPE_TEST_PRICES = {
  basic: 'price_basic',
  standard: 'price_standard',
  premium: 'price_premium',
};

/** The server's environment for a Stripe gateway with the test prices and these keys. */
export const stripeEnv = (keys: { secretKey: string; webhookSecret: string }) => ({
  PAYMENTS: 'stripe',
  STRIPE_SECRET_KEY: keys.secretKey,
  STRIPE_WEBHOOK_SECRET: keys.webhookSecret,
  STRIPE_PRICE_BASIC: STRIPE_TEST_PRICES.basic,
  STRIPE_PRICE_STANDARD: STRIPE_TEST_PRICES.standard,
  STRIPE_PRICE_PREMIUM: STRIPE_TEST_PRICES.premium,
});

/** An event as Stripe posts it: the envelope around `object` (and its previous attributes). */
export const stripeEvent = (
  type: string,
  object: Record<string, unknown>,
  options: { id?: string; created?: number; previousAttributes?: Record<string, unknown> } = {},
) => ({
  id: options.id ?? `evt_${Math.random().toString(36).slice(2)}`,
  object: 'event',
  api_version: '2026-10-28.endive',
  created: options.created ?? Math.floor(Date.now() / 1000),
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  type,
  data: {
    object,
    ...(options.previousAttributes ? { previous_attributes: options.previousAttributes } : {}),
  },
});

const signer = new Stripe('sk_test_signer');

/** The body of an event and its Stripe-Signature header, signed with `secret`. */
export const signed = (event: object, secret: string, timestamp?: number) => {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp ? { timestamp } : {}),
  });
  return { payload, header };
};

/** Posts an event, signed with `secret`, to the webhook endpoint of the server at `url`. */
export const postStripeWebhook = (url: string, event: object, secret: string, timestamp?: number) => {
  const { payload, header } = signed(event, secret, timestamp);
  return request(url)
    .post(WEBHOOK_PATH)
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', header)
    .send(payload);
};
