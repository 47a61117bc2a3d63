// Admin calls (services/src/admin/routes.ts); every one is 403 for non-admins on the server.
import type { UpdateUserSubscriptionRequest } from '@studio/events/requests';
import { apiJson } from '@studio/kit';
import type {
  AdminUpdateReply,
  AdminUser,
  ManualUpdateReply,
  NewsletterSummary,
  RebuildReply,
  StreamEvent,
  VerifyReply,
} from './types';

/** What the route parses (the shared request schema). */
export type AdminUpdateInput = UpdateUserSubscriptionRequest;

export const updateUserSubscription = (input: AdminUpdateInput) =>
  apiJson<AdminUpdateReply>('POST', '/api/admin/update-user-subscription', input);

export const verifyAllSubscriptions = () =>
  apiJson<VerifyReply>('POST', '/api/admin/verify-all-subscriptions');

export interface ManualUpdateInput {
  userId: string;
  customerId: string;
  subscriptionId: string;
  tier: string;
}

export const manualSubscriptionUpdate = (input: ManualUpdateInput) =>
  apiJson<ManualUpdateReply>('POST', '/api/manual-subscription-update', input);

export const findUsersByEmail = (email: string) =>
  apiJson<AdminUser[]>('GET', `/api/admin/users?email=${encodeURIComponent(email.trim())}`);

export const userEvents = (userId: string) =>
  apiJson<StreamEvent[]>('GET', `/api/admin/users/${encodeURIComponent(userId)}/events`);

export const rebuildReadModels = () => apiJson<RebuildReply>('POST', '/api/admin/rebuild-read-models');

export const newsletterSummary = () => apiJson<NewsletterSummary>('GET', '/api/admin/newsletter');

/** A plain link: the browser downloads the CSV with the session cookie. */
export const NEWSLETTER_EXPORT_URL = '/api/admin/newsletter/export';

export interface AiCostLine {
  tool?: string;
  userId?: string;
  jobs: number;
  credits: number;
  revenueUsd: number;
  costUsd: number;
  marginUsd: number;
}

export interface AiCostReport {
  from: string;
  to: string;
  total: AiCostLine;
  byTool: AiCostLine[];
  byUser: AiCostLine[];
  overPrice: Array<{
    generationId: string;
    userId: string;
    tool: string;
    credits: number;
    revenueUsd: number;
    costUsd: number;
  }>;
  jobsAtNoCost: number;
}

export const aiCosts = (period: { from: string; to: string }) =>
  apiJson<AiCostReport>(
    'GET',
    `/api/admin/ai-costs?from=${encodeURIComponent(period.from)}&to=${encodeURIComponent(period.to)}`,
  );
