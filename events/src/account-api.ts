/** The account's HTTP answers, as the server sends them and the account screens read them. */

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
  /** Whether the owner proved the address (admin rights need it). */
  emailVerified: boolean;
  /** When the plan renews, with its credits (when the gateway said). */
  renewsAt?: string;
  /** The lower plan the next renewal switches to, when one was chosen. */
  nextPlanId?: string;
}
