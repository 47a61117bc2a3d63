import type { AccountState } from './state';

/** The user as the spec's client reads it (docs/product/accounts-billing-admin.md (Data)), plus the server's admin verdict. */
export interface UserView {
  id: string;
  name: string;
  email: string;
  credits: number;
  subscriptionTier: string;
  createdAt: string;
  avatar?: string;
  phoneNumber?: string;
  /** The name books are published under (the name is used when there is none). */
  penName?: string;
  stripeCustomerId?: string;
  stripeSubscriptionId?: string;
  isAdmin: boolean;
}

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
  };
}
