import type { EmailClaimed, UserRegistered } from '@studio/events';
import type { Decider, Emitted } from '../platform/decider';
import { DomainError } from '../platform/errors';
import type { AccountState } from './state';

export type RegisterUser = {
  type: 'RegisterUser';
  userId: string;
  name: string;
  email: string;
  passwordHash: string;
  phoneNumber?: string;
  paymentMethodId?: string;
  customerId?: string;
};

export function decideRegistration(command: RegisterUser, state: AccountState): Emitted<UserRegistered>[] {
  if (state.registered) throw new DomainError('CONFLICT', 'This account already exists');
  const { userId, name, email, passwordHash, phoneNumber, paymentMethodId, customerId } = command;
  return [
    {
      type: 'UserRegistered',
      data: {
        userId,
        name,
        email,
        passwordHash,
        ...(phoneNumber ? { phoneNumber } : {}),
        ...(paymentMethodId ? { paymentMethodId } : {}),
        ...(customerId ? { customerId } : {}),
      },
    },
  ];
}

/**
 * `email-{address}`: whoever claims it first owns the address. A claim whose account was never
 * written (the process died between the two appends) is an orphan and may be claimed again.
 */
export type ClaimEmail = {
  type: 'ClaimEmail';
  email: string;
  userId: string;
  previousClaimIsOrphan: boolean;
};
export type EmailClaimState = { claimedBy?: string };

export const emailClaimDecider: Decider<ClaimEmail, EmailClaimed, EmailClaimState> = {
  initialState: {},
  evolve: (_state, event) => ({ claimedBy: event.data.userId }),
  decide: (command, state) => {
    if (state.claimedBy && !command.previousClaimIsOrphan) {
      throw new DomainError('CONFLICT', 'An account with this email already exists');
    }
    return [{ type: 'EmailClaimed', data: { email: command.email, userId: command.userId } }];
  },
};
