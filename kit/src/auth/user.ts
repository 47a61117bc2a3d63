// The signed-in user as the API returns it (docs/product/accounts-billing-admin.md (Data)), with the field spellings it may arrive in.
import { DEFAULT_TIER, type SubscriptionTier } from '../plans/plans';

export interface User {
  id: string;
  name: string;
  email: string;
  credits: number;
  subscriptionTier: SubscriptionTier;
  createdAt?: string;
  avatar?: string;
  /** Decided by the server (AdminGranted / AdminRevoked in the log), never by the client. */
  isAdmin: boolean;
}

type RawUser = Record<string, unknown>;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Accepts `name`/`Name`, `credits`/`Credits`, `subscriptionTier`/`Subscription Tier`, `createdAt`/`Created Time`. */
export function normalizeUser(raw: RawUser): User {
  const credits = Number(raw.credits ?? raw.Credits ?? 0);
  const tier = str(raw.subscriptionTier) ?? str(raw['Subscription Tier']) ?? DEFAULT_TIER;
  const createdAt = str(raw.createdAt) ?? str(raw['Created Time']);
  const avatar = str(raw.avatar);
  return {
    id: String(raw.id ?? ''),
    name: str(raw.name) ?? str(raw.Name) ?? '',
    email: str(raw.email) ?? str(raw.Email) ?? '',
    credits: Number.isFinite(credits) ? credits : 0,
    subscriptionTier: tier as SubscriptionTier,
    ...(createdAt ? { createdAt } : {}),
    ...(avatar ? { avatar } : {}),
    isAdmin: raw.isAdmin === true,
  };
}
