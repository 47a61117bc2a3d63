// Plan and credit constants of docs/product/accounts-billing-admin.md (Limits and costs). The numbers (prices, credits, allowances, books per
// credit) come from @studio/events, the one table the backend grants by; the kit adds the texts
// the plan cards print. One module so no screen hard-codes a number.
import {
  tierAllowance as allowanceOfTier,
  PLAN_TERMS,
  type PlanId,
  type PlanTerms,
  type Tier,
  TOP_PLAN_ID,
} from '@studio/events/plans';

export type { PlanId };
export type SubscriptionTier = Tier;
export {
  booksForCredits,
  CREDITS_PER_BOOK,
  PLAN_CHANGE_MESSAGES,
  PLAN_IDS,
  planChangeKind,
  TOP_PLAN_ID,
  upgradeCredits,
} from '@studio/events/plans';

export interface Plan {
  id: PlanId;
  name: string;
  /** Monthly price in cents, as in the client's plan table. */
  price: number;
  credits: number;
  /** How many books the credits roughly buy, as worded on the plan cards. */
  books: string;
  popular: boolean;
  description: string;
  features: readonly string[];
}

/** What the cards say about each plan, beside the shared terms. */
const CARD_TEXTS: Readonly<Record<PlanId, Pick<Plan, 'books' | 'description' | 'features'>>> = {
  basic: {
    books: 'up to 3 per month',
    description: 'For trying out the tools and publishing your first books.',
    features: ['60 credits per month', 'Up to 3 books per month', 'PDF download'],
  },
  standard: {
    books: 'up to 7-8 per month',
    description: 'For regular creators who publish every month.',
    features: [
      '150 credits per month',
      'Up to 7-8 books per month',
      'Coloring Book Generator',
      'PDF and EPUB',
      'Priority support',
    ],
  },
  premium: {
    books: 'up to 20 per month',
    description: 'For publishers who create at volume.',
    features: [
      '400 credits per month',
      'Up to 20 books per month',
      'Coloring Book Generator',
      'All formats',
      'Custom styles',
      'VIP support',
    ],
  },
};

const cardOf = ({ id, name, price, credits, popular }: PlanTerms): Plan => ({
  id,
  name,
  price,
  credits,
  popular,
  ...CARD_TEXTS[id],
});

export const PLANS: readonly Plan[] = Object.values(PLAN_TERMS).map(cardOf);

export const DEFAULT_PLAN_ID: PlanId = 'basic';
export const DEFAULT_TIER: SubscriptionTier = 'Demo';

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && Object.hasOwn(PLAN_TERMS, value);
}

export function findPlan(id: PlanId): Plan {
  return PLANS.find((plan) => plan.id === id)!;
}

/** Monthly credit allowance per plan, used for the credit bar. */
export const TIER_CREDIT_ALLOWANCE: Readonly<Record<PlanId, number>> = {
  basic: PLAN_TERMS.basic.credits,
  standard: PLAN_TERMS.standard.credits,
  premium: PLAN_TERMS.premium.credits,
};

/** The allowance of a tier in any case; any other tier (Demo) is 0. */
export function tierAllowance(tier: string | null | undefined): number {
  return allowanceOfTier(tier ?? undefined);
}

/** Early-access prices shown crossed out; they double on the date below (a 50% saving). */
export const REGULAR_PRICES: Readonly<Record<PlanId, string>> = {
  basic: '$59.98',
  standard: '$99.98',
  premium: '$199.98',
};
/** The spec's words for the date (docs/product/accounts-billing-admin.md (Screens and routes: Pricing)), kept for its own date. */
export const PRICE_DOUBLING_DATE = 'July 15th, 2025';
export const EARLY_ACCESS_SAVING = '50%';

/** Older prices still printed on the admin tool's labels, with the same credits. */
export const ADMIN_TOOL_PRICE_LABELS: Readonly<Record<PlanId, string>> = {
  basic: '$19',
  standard: '$39',
  premium: '$89',
};

export const SUBSCRIPTION_REFRESH_INTERVAL_MS = 3000;
export const SUBSCRIPTION_REFRESH_ATTEMPTS = 3;
export const SUCCESS_PAGE_REDIRECT_MS = 5000;
export const SELF_UPDATE_RELOAD_MS = 2500;

export const DASHBOARD_BOOK_LIMIT = 5;
export const DASHBOARD_BOOK_LIMIT_NARROW = 3;
export const DASHBOARD_NARROW_WIDTH_PX = 390;

export { NAME_MIN_LENGTH, PASSWORD_MIN_LENGTH } from '@studio/events/rules';

/** Formats a price in cents as "$29.99". */
export function formatPrice(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** The plan of a tier name ("Premium"), if it is a paid one. */
export const planOfTier = (tier: string | null | undefined): Plan | undefined =>
  PLANS.find((plan) => plan.name.toLowerCase() === tier?.toLowerCase());

/** Whether a tier is the top plan's: nothing to upgrade to, its credits come back at renewal. */
export const isTopTier = (tier: string | null | undefined) => planOfTier(tier)?.id === TOP_PLAN_ID;

const DAY = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
const SHORT_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A renewal date as the product writes it: "December 27, 2026" (the short form: "Dec 27"). */
export function renewalDate(iso: string, short = false): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (short ? SHORT_DAY : DAY).format(date);
}
