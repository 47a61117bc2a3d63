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
  /** Whether the owner opened the verification link we mailed. */
  emailVerified: boolean;
  /** When the plan renews, with its credits, when the server knows it. */
  renewsAt?: string;
  /** The lower plan the next renewal switches to, when one was chosen. */
  nextPlanId?: string;
}

type RawUser = Record<string, unknown>;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Accepts `name`/`Name`, `credits`/`Credits`, `subscriptionTier`/`Subscription Tier`, `createdAt`/`Created Time`. */
export function normalizeUser(raw: RawUser): User {
  const credits = Number(raw.credits ?? raw.Credits ?? 0);
  const tier = str(raw.subscriptionTier) ?? str(raw['Subscription Tier']) ?? DEFAULT_TIER;
  const createdAt = str(raw.createdAt) ?? str(raw['Created Time']);
  const avatar = str(raw.avatar);
  const renewsAt = str(raw.renewsAt);
  const nextPlanId = str(raw.nextPlanId);
  return {
    id: String(raw.id ?? ''),
    name: str(raw.name) ?? str(raw.Name) ?? '',
    email: str(raw.email) ?? str(raw.Email) ?? '',
    credits: Number.isFinite(credits) ? credits : 0,
    subscriptionTier: tier as SubscriptionTier,
    ...(createdAt ? { createdAt } : {}),
    ...(avatar ? { avatar } : {}),
    isAdmin: raw.isAdmin === true,
    emailVerified: raw.emailVerified === true,
    ...(renewsAt ? { renewsAt } : {}),
    ...(nextPlanId ? { nextPlanId } : {}),
  };
}
