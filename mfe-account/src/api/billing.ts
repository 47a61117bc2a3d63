// Billing calls (services/src/billing/routes.ts), through the kit's API client.
import { apiJson, type PlanId } from '@studio/kit';
import type { CompleteReply, IntentReply } from './types';

export const createCheckoutSession = (planId: PlanId) =>
  apiJson<{ url?: string }>('POST', '/api/create-checkout-session', { planId });

export const createSubscription = (planId: PlanId) =>
  apiJson<IntentReply>('POST', '/api/create-subscription', { planId });

export const createSubscriptionIntent = (planId: PlanId) =>
  apiJson<IntentReply>('POST', '/api/create-subscription-intent', { planId });

export const completeSubscription = (planId: PlanId) =>
  apiJson<CompleteReply>('POST', '/api/complete-subscription', { planId });
