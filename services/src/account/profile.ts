import type { ProfileUpdated } from '@studio/events';
import type { Emitted } from '../platform/decider';
import { DomainError } from '../platform/errors';
import type { AccountState } from './state';

/**
 * The user's own name and phone number, validated as at registration, and the pen name
 * (updateProfileRequest); an absent pen name stays as it is.
 */
export type UpdateProfile = { type: 'UpdateProfile'; name: string; phoneNumber: string; penName?: string };

/** Records only what changed; an unchanged profile records nothing. */
export function decideProfile(command: UpdateProfile, state: AccountState): Emitted<ProfileUpdated>[] {
  if (!state.registered) throw new DomainError('NOT_FOUND', 'No such account');
  const data: ProfileUpdated['data'] = {};
  if (command.name !== state.name) data.name = command.name;
  if (command.phoneNumber !== (state.phoneNumber ?? '')) data.phoneNumber = command.phoneNumber;
  if (command.penName !== undefined && command.penName !== (state.penName ?? ''))
    data.penName = command.penName;
  return Object.keys(data).length ? [{ type: 'ProfileUpdated', data }] : [];
}
