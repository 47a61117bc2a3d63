import type { Event } from './envelope';

/** docs/product/accounts-billing-admin.md (Data): the user record. Email is stored normalised (trimmed, lower case). */
export type UserRegistered = Event<
  'UserRegistered',
  {
    userId: string;
    name: string;
    email: string;
    phoneNumber?: string;
    /** argon2id hash; the password itself never reaches the log. */
    passwordHash: string;
    /** Card kept on file to deter duplicate accounts (docs/product/accounts-billing-admin.md (Screens and routes: Sign-in)), when a gateway collected one. */
    paymentMethodId?: string;
    /** The gateway customer that card belongs to. */
    customerId?: string;
  }
>;

/** Claims an email address for one user: the first event of `email-{address}`. */
export type EmailClaimed = Event<'EmailClaimed', { email: string; userId: string }>;

export type ProfileUpdated = Event<
  'ProfileUpdated',
  {
    name?: string;
    avatar?: string;
    phoneNumber?: string;
    /** The name books are published under; '' when removed (the profile name is used then). */
    penName?: string;
  }
>;

/**
 * Admin rights are facts in the log, never a consequence of an address: granted and revoked by
 * the operator command (`npm run admin`, by 'operator') or by an existing admin (their userId).
 */
export type AdminGranted = Event<'AdminGranted', { grantedBy: string }>;
export type AdminRevoked = Event<'AdminRevoked', { revokedBy: string }>;

export type AccountEvent = UserRegistered | ProfileUpdated | AdminGranted | AdminRevoked;
