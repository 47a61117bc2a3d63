// Plan and credit constants of spec 01 §9, verbatim; one module so no screen hard-codes a number.

export type PlanId = 'basic' | 'standard' | 'premium';
export type SubscriptionTier = 'Demo' | 'Basic' | 'Standard' | 'Premium';

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

export const PLANS: readonly Plan[] = [
  {
    id: 'basic',
    name: 'Basic',
    price: 2999,
    credits: 60,
    books: 'up to 3 per month',
    popular: false,
    description: 'For trying out the tools and publishing your first books.',
    features: ['60 credits per month', 'Up to 3 books per month', 'PDF download'],
  },
  {
    id: 'standard',
    name: 'Standard',
    price: 4999,
    credits: 150,
    books: 'up to 7-8 per month',
    popular: true,
    description: 'For regular creators who publish every month.',
    features: [
      '150 credits per month',
      'Up to 7-8 books per month',
      'Coloring Book Generator',
      'PDF and EPUB',
      'Priority support',
    ],
  },
  {
    id: 'premium',
    name: 'Premium',
    price: 9999,
    credits: 400,
    books: 'up to 20 per month',
    popular: false,
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
];

export const PLAN_IDS: readonly PlanId[] = ['basic', 'standard', 'premium'];
export const DEFAULT_PLAN_ID: PlanId = 'basic';
export const DEFAULT_TIER: SubscriptionTier = 'Demo';

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

export function findPlan(id: PlanId): Plan {
  return PLANS.find((plan) => plan.id === id)!;
}

/** Monthly credit allowance per tier, used for the credit bar; any other tier (Demo) is 0. */
export const TIER_CREDIT_ALLOWANCE: Readonly<Record<PlanId, number>> = {
  basic: 60,
  standard: 150,
  premium: 400,
};

export function tierAllowance(tier: string | null | undefined): number {
  const key = (tier ?? '').toLowerCase();
  return isPlanId(key) ? TIER_CREDIT_ALLOWANCE[key] : 0;
}

export const CREDITS_PER_BOOK = 20;

/** The plan page shows books as credits divided by 20, rounded down. */
export function booksForCredits(credits: number): number {
  return Math.floor(credits / CREDITS_PER_BOOK);
}

/** Early-access prices shown crossed out; they double on the date below (a 50% saving). */
export const REGULAR_PRICES: Readonly<Record<PlanId, string>> = {
  basic: '$59.98',
  standard: '$99.98',
  premium: '$199.98',
};
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

export const PASSWORD_MIN_LENGTH = 6;
export const NAME_MIN_LENGTH = 2;

/** Formats a price in cents as "$29.99". */
export function formatPrice(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
