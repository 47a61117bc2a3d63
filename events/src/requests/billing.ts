// docs/product/accounts-billing-admin.md (API) billing requests: the plan a checkout or subscription is for.
import * as yup from 'yup';
import { PLAN_IDS, type PlanId } from '../subscription';
import { BILLING_MESSAGES } from './rules';
import { text } from './text';

const planId = () =>
  text(BILLING_MESSAGES.plan)
    .oneOf(PLAN_IDS, BILLING_MESSAGES.plan)
    .nonNullable(BILLING_MESSAGES.plan) as yup.StringSchema<PlanId | undefined>;

/** POST /api/create-checkout-session; the plan defaults to basic (docs/product/accounts-billing-admin.md (Screens and routes: Route table)). */
export const checkoutSessionRequest = yup.object({
  planId: planId().default('basic'),
  priceId: text().max(200).optional(),
});

/** POST /api/create-subscription; the plan defaults to basic. */
export const createSubscriptionRequest = yup.object({ planId: planId().default('basic') });

/** POST /api/create-subscription-intent and /api/complete-subscription. */
export const subscriptionPlanRequest = yup.object({
  planId: planId().required(BILLING_MESSAGES.plan),
});

/**
 * GET and POST /api/subscription/change: a subscriber's move to another plan. `quoteAt` is the
 * instant of the preview the user read: the change is charged as of then, so it costs exactly
 * what the screen said.
 */
export const planChangeRequest = yup.object({
  planId: planId().required(BILLING_MESSAGES.plan),
  quoteAt: text('Invalid quote')
    .max(40, 'Invalid quote')
    .test('instant', 'Invalid quote', (v) => v === undefined || !Number.isNaN(Date.parse(v)))
    .optional(),
});
