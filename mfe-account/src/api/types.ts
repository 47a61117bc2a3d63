// Shapes of the API answers this remote reads (services/src/account, billing, admin, gallery).
import type { GenerationStatus, UserView } from '@studio/events';
import type { PlanId } from '@studio/kit';

export type Gateway = 'simulated' | 'stripe';

export interface PaymentsConfig {
  gateway: Gateway;
  publishableKey?: string;
  plans: { id: PlanId; name: string; tier: string; price: number; credits: number; popular: boolean }[];
}

/** The user record with the billing fields the kit's User leaves out (GET /api/current-user). */
export type CurrentUser = UserView;

export interface Book {
  id: string;
  title: string;
  type?: string;
  /** The product's words for the status: shown, never compared. */
  status: string;
  generationStatus: GenerationStatus;
  progress?: number;
  currentStep?: string;
  theme?: string;
  createdAt?: string;
  /** Why a failed book failed, refund included (the server's words). */
  error?: string;
}

export type CreditKind = 'granted' | 'debited' | 'refunded' | 'adjusted' | 'withdrawn';

export interface CreditEntry {
  id: string;
  at: string;
  amount: number;
  kind: CreditKind;
  reason: string;
  planId?: string;
  generationId?: string;
  /** The balance once this entry applied (the server computes it). */
  balanceAfter: number;
}

/** A plan as a plan change names it. */
export interface PlanChangeTerms {
  planId: PlanId;
  name: string;
  price: number;
  credits: number;
}

/** GET /api/subscription/change: what a change would do, priced as of `quoteAt`. */
export interface PlanChangePreview {
  kind: 'upgrade' | 'downgrade' | 'keep';
  from: PlanChangeTerms;
  to: PlanChangeTerms;
  /** Cents charged now (an upgrade's prorated difference). */
  dueNow: number;
  creditsNow: number;
  renewsAt?: string;
  quoteAt: string;
}

/** POST /api/subscription/change. */
export interface PlanChangeReply {
  success: boolean;
  kind: PlanChangePreview['kind'];
  planId: PlanId;
  creditsAdded: number;
  newTotalCredits: number;
  amountPaid: number;
  renewsAt?: string;
}

export interface IntentReply {
  clientSecret?: string;
  gateway: Gateway;
}

export interface CompleteReply {
  success: boolean;
  creditsAdded?: number;
  newTotalCredits?: number;
  message?: string;
  error?: string;
}

export interface AdminUser {
  id: string;
  name: string;
  email: string;
  tier: string;
  credits: number;
  customerId?: string;
  subscriptionId?: string;
}

export interface AdminUpdateReply {
  success: boolean;
  message: string;
  previousCredits: number;
  user: CurrentUser;
}

export interface ManualUpdateReply {
  addedCredits: number;
  previousCredits: number;
  newCredits: number;
  tier: string;
  message: string;
}

export interface VerifyReply {
  verified: number;
  errors: number;
}

export interface StreamEvent {
  revision: number;
  position: number | string;
  type: string;
  occurredAt: string;
  data: unknown;
  correlationId?: string;
}

export interface RebuildReply {
  success: boolean;
  message: string;
  ms: number;
}

/** GET /api/admin/newsletter. */
export interface NewsletterSummary {
  count: number;
  latest: Array<{ email: string; subscribedAt: string }>;
}
