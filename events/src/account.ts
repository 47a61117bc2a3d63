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

/**
 * A one-use link of the account (verify the address, reset the password) is stored as the SHA-256
 * of its secret only: the log never holds a link that works. A newer link of the same purpose
 * replaces the older one, so an account has at most one live link of each.
 */
export interface LinkIssued {
  tokenHash: string;
  expiresAt: string;
}

/** The user asked for a new verification link (registration sends the first one by itself). */
export type EmailVerificationRequested = Event<'EmailVerificationRequested', { email: string }>;
/** The mailer made a verification link for the account's address and is mailing it. */
export type EmailVerificationIssued = Event<'EmailVerificationIssued', LinkIssued & { email: string }>;
/** The owner of the address opened the link: the address is verified. */
export type EmailVerified = Event<'EmailVerified', { email: string }>;

/** The signed-in user changed their password, giving the current one. */
export type PasswordChanged = Event<'PasswordChanged', { passwordHash: string }>;
/** Someone asked for a reset link for the account's address (not necessarily its owner). */
export type PasswordResetRequested = Event<'PasswordResetRequested', { email: string }>;
/** The mailer made a reset link and is mailing it to the account's address. */
export type PasswordResetIssued = Event<'PasswordResetIssued', LinkIssued & { email: string }>;
/** The password was set through a reset link; the link is spent. */
export type PasswordReset = Event<'PasswordReset', { passwordHash: string }>;

export type CredentialsEvent =
  | EmailVerificationRequested
  | EmailVerificationIssued
  | EmailVerified
  | PasswordChanged
  | PasswordResetRequested
  | PasswordResetIssued
  | PasswordReset;

export type AccountEvent = UserRegistered | ProfileUpdated | AdminGranted | AdminRevoked | CredentialsEvent;
