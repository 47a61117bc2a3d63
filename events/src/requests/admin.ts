// docs/product/accounts-billing-admin.md (Screens and routes: Admin tools) admin tool requests.
import * as yup from 'yup';
import type { Tier } from '../subscription';
import { emailAddress } from './account';
import { ADMIN_MESSAGES } from './rules';
import { lowerCase, optionalId, text } from './text';

export const TIERS: readonly Tier[] = ['Demo', 'Basic', 'Standard', 'Premium'];

const M = ADMIN_MESSAGES;

/** Any case is accepted ('basic' is Basic). */
const tier = () =>
  text(M.tier)
    .transform((value: unknown) =>
      typeof value === 'string'
        ? (TIERS.find((t) => t.toLowerCase() === value.toLowerCase()) ?? value)
        : value,
    )
    .oneOf(TIERS, M.tier)
    .required(M.tier) as yup.StringSchema<Tier>;

/**
 * The admin credits field is numeric (docs/product/accounts-billing-admin.md (Validation)): a JSON number only, never coerced ("", null
 * and false would become 0 and wipe a balance, true 1, "0x10" 16). The form sends a number.
 */
const credits = yup
  .number()
  .strict()
  .typeError(M.creditsNumber)
  .required(M.creditsNumber)
  .integer(M.creditsWhole)
  .max(Number.MAX_SAFE_INTEGER, M.creditsWhole)
  .min(0, M.creditsNegative);

/** POST /api/admin/update-user-subscription: another user's tier and credits. */
export const updateUserSubscriptionRequest = yup.object({
  userId: text(M.userId).required(M.userId).max(100),
  stripeCustomerId: optionalId(),
  subscriptionId: optionalId(),
  tier: tier(),
  credits,
});
export type UpdateUserSubscriptionRequest = yup.InferType<typeof updateUserSubscriptionRequest>;

/** POST /api/manual-subscription-update: the signed-in admin's own subscription, a paid tier. */
export const selfUpdateRequest = yup.object({
  userId: text().max(100).optional(),
  customerId: optionalId(),
  subscriptionId: optionalId(),
  tier: tier().test('paid', M.paidTier, (value) => value !== 'Demo') as yup.StringSchema<
    Exclude<Tier, 'Demo'>
  >,
});

/** GET /api/admin/users?email=…: one user by email, any case. */
export const adminUsersQuery = yup.object({ email: text().transform(lowerCase).max(254).optional() });

/** POST /api/admin/admins: grant or revoke another account's admin rights, by email. */
export const adminRightsRequest = yup.object({
  email: emailAddress,
  action: text('Action must be grant or revoke')
    .required('Action must be grant or revoke')
    .oneOf(['grant', 'revoke'] as const, 'Action must be grant or revoke'),
});

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** GET /api/admin/ai-costs: the period, as days (from inclusive, to exclusive; default the last 30 days). */
export const adminAiCostsQuery = yup.object({
  from: text('from must be a day (YYYY-MM-DD)').matches(isoDay, 'from must be a day (YYYY-MM-DD)').optional(),
  to: text('to must be a day (YYYY-MM-DD)').matches(isoDay, 'to must be a day (YYYY-MM-DD)').optional(),
});
