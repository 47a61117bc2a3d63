import type { AdminGranted, AdminRevoked } from '@studio/events';
import type { Emitted } from '../platform/decider';
import { DomainError } from '../platform/errors';
import type { AccountState } from './state';

/** Who grants from the server's shell (`npm run admin`), as recorded in the events. */
export const OPERATOR = 'operator';

/** `by`: the admin's userId, or OPERATOR. */
export type AdminRightsCommand = { type: 'GrantAdmin'; by: string } | { type: 'RevokeAdmin'; by: string };

/**
 * Rights follow a person, not whoever registered an address first: only an account whose owner
 * proved the address (the verification link, or a reset link) can be made an admin.
 */
export const unverifiedAdmin = (email: string) =>
  `${email} has not verified its email address yet: admin rights need a verified address. Ask its owner to open the link we mailed them (or to request a new one from their profile).`;

/** Idempotent: granting an admin or revoking a non-admin records nothing. */
export function decideAdminRights(
  command: AdminRightsCommand,
  state: AccountState,
): Emitted<AdminGranted | AdminRevoked>[] {
  if (!state.registered) throw new DomainError('NOT_FOUND', 'No such account');
  if (command.type === 'GrantAdmin') {
    if (state.isAdmin) return [];
    if (!state.emailVerified) throw new DomainError('CONFLICT', unverifiedAdmin(state.email));
    return [{ type: 'AdminGranted', data: { grantedBy: command.by } }];
  }
  if (command.by === state.userId) {
    throw new DomainError('CONFLICT', 'You cannot revoke your own admin rights');
  }
  return state.isAdmin ? [{ type: 'AdminRevoked', data: { revokedBy: command.by } }] : [];
}
