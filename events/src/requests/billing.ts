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
