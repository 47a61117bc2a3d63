import { timingSafeEqual } from 'node:crypto';
import type { CredentialsEvent, LinkIssued } from '@studio/events';
import { CREDENTIAL_MESSAGES } from '@studio/events/rules';
import type { Emitted } from '../platform/decider';
import { DomainError } from '../platform/errors';
import type { AccountState } from './state';

/**
 * The account's address and password: verification and reset links, and password changes. A link
 * is a secret the mailer makes and mails; the command carries only its SHA-256 (`tokenHash`),
 * and the state keeps only the live one of each purpose, so a newer link replaces an older one.
 * Time (`at`) comes with the command: deciders never read the clock.
 */
export type CredentialsCommand =
  | { type: 'RequestEmailVerification' }
  | ({ type: 'IssueEmailVerification' } & LinkIssued)
  | { type: 'VerifyEmail'; tokenHash: string; at: string }
  | {
      type: 'ChangePassword';
      /** The hash the route checked the current password against: a change made meanwhile wins. */
      currentHash: string;
      passwordHash: string;
    }
  | { type: 'RequestPasswordReset' }
  | ({ type: 'IssuePasswordReset' } & LinkIssued)
  | { type: 'ResetPassword'; tokenHash: string; passwordHash: string; at: string };

type Out = Emitted<CredentialsEvent>[];

const { linkInvalid: LINK_INVALID, alreadyVerified: ALREADY_VERIFIED } = CREDENTIAL_MESSAGES;

/** Whether `tokenHash` is the live link's, compared in constant time, and the link still valid. */
export function opensLink(link: LinkIssued | undefined, tokenHash: string, at: string): boolean {
  if (!link || !(Date.parse(at) < Date.parse(link.expiresAt))) return false;
  const given = Buffer.from(tokenHash, 'hex');
  const expected = Buffer.from(link.tokenHash, 'hex');
  return given.length === expected.length && given.length > 0 && timingSafeEqual(given, expected);
}

export function decideCredentials(command: CredentialsCommand, state: AccountState): Out {
  if (!state.registered) throw new DomainError('NOT_FOUND', 'No such account');
  const email = state.email;
  switch (command.type) {
    case 'RequestEmailVerification':
      if (state.emailVerified) throw new DomainError('CONFLICT', ALREADY_VERIFIED);
      return [{ type: 'EmailVerificationRequested', data: { email } }];

    case 'IssueEmailVerification':
      // Verified meanwhile: no link to make (and none to mail).
      if (state.emailVerified) return [];
      return [
        {
          type: 'EmailVerificationIssued',
          data: { email, tokenHash: command.tokenHash, expiresAt: command.expiresAt },
        },
      ];

    case 'VerifyEmail':
      if (state.emailVerified || !opensLink(state.verificationLink, command.tokenHash, command.at))
        throw new DomainError('VALIDATION', LINK_INVALID);
      return [{ type: 'EmailVerified', data: { email } }];

    case 'ChangePassword':
      if (command.currentHash !== state.passwordHash)
        throw new DomainError('CONFLICT', CREDENTIAL_MESSAGES.passwordChangedMeanwhile);
      return [{ type: 'PasswordChanged', data: { passwordHash: command.passwordHash } }];

    case 'RequestPasswordReset':
      return [{ type: 'PasswordResetRequested', data: { email } }];

    case 'IssuePasswordReset':
      return [
        {
          type: 'PasswordResetIssued',
          data: { email, tokenHash: command.tokenHash, expiresAt: command.expiresAt },
        },
      ];

    case 'ResetPassword': {
      if (!opensLink(state.resetLink, command.tokenHash, command.at))
        throw new DomainError('VALIDATION', LINK_INVALID);
      const reset: Out = [{ type: 'PasswordReset', data: { passwordHash: command.passwordHash } }];
      // The link reached the owner of the address: that proves the address as well.
      return state.emailVerified ? reset : [...reset, { type: 'EmailVerified', data: { email } }];
    }
  }
}
