// Billing calls (services/src/billing/routes.ts), through the kit's API client.
import { apiJson, type PlanId } from '@studio/kit';
import type { CompleteReply, IntentReply, PlanChangePreview, PlanChangeReply } from './types';

export const createCheckoutSession = (planId: PlanId) =>
  apiJson<{ url?: string }>('POST', '/api/create-checkout-session', { planId });

export const createSubscription = (planId: PlanId) =>
  apiJson<IntentReply>('POST', '/api/create-subscription', { planId });

export const createSubscriptionIntent = (planId: PlanId) =>
  apiJson<IntentReply>('POST', '/api/create-subscription-intent', { planId });

export const completeSubscription = (planId: PlanId) =>
  apiJson<CompleteReply>('POST', '/api/complete-subscription', { planId });

/** What changing to `planId` would do (charge now, credits now, renewal), priced as of now. */
export const previewPlanChange = (planId: PlanId) =>
  apiJson<PlanChangePreview>('GET', `/api/subscription/change?planId=${encodeURIComponent(planId)}`);

/** Changes the plan as previewed at `quoteAt` (so it costs what the preview said). */
export const changePlan = (planId: PlanId, quoteAt: string) =>
  apiJson<PlanChangeReply>('POST', '/api/subscription/change', { planId, quoteAt });
