import type { UserView } from '@studio/events';
import type { AccountState } from './state';

export function userView(state: AccountState): UserView {
  return {
    id: state.userId,
    name: state.name,
    email: state.email,
    credits: state.credits,
    subscriptionTier: state.tier,
    createdAt: state.createdAt,
    ...(state.avatar ? { avatar: state.avatar } : {}),
    ...(state.phoneNumber ? { phoneNumber: state.phoneNumber } : {}),
    ...(state.penName ? { penName: state.penName } : {}),
    ...(state.customerId ? { stripeCustomerId: state.customerId } : {}),
    ...(state.subscriptionId ? { stripeSubscriptionId: state.subscriptionId } : {}),
    isAdmin: state.isAdmin,
    emailVerified: state.emailVerified,
    ...(state.renewsAt && state.tier !== 'Demo' ? { renewsAt: state.renewsAt } : {}),
    ...(state.scheduledPlanId ? { nextPlanId: state.scheduledPlanId } : {}),
  };
}
