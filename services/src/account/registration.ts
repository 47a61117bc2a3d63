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
 * written (the process died between the two appends) is an orphan: once it is older than
 * `ORPHAN_CLAIM_AGE_MS` a new registration may take it over. The command names the exact claim it
 * judged orphaned, so two registrations reclaiming one orphan cannot both win, and a claim made
 * meanwhile by a live registration is never taken.
 */
export type ClaimEmail = {
  type: 'ClaimEmail';
  email: string;
  userId: string;
  /** The user whose stale, account-less claim this one replaces. */
  replacesOrphanOf?: string;
};
export type EmailClaimState = { claimedBy?: string; claimedAt?: string };

/** Far longer than a registration takes between its two appends (the password is hashed first). */
export const ORPHAN_CLAIM_AGE_MS = 10 * 60 * 1000;

export const emailClaimDecider: Decider<ClaimEmail, EmailClaimed, EmailClaimState> = {
  initialState: {},
  evolve: (_state, event) => ({ claimedBy: event.data.userId, claimedAt: event.metadata.occurredAt }),
  decide: (command, state) => {
    if (state.claimedBy && state.claimedBy !== command.replacesOrphanOf) {
      throw new DomainError('CONFLICT', 'An account with this email already exists');
    }
    return [{ type: 'EmailClaimed', data: { email: command.email, userId: command.userId } }];
  },
};
