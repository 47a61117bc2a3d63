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
 * written (the process died between the two appends) is an orphan and may be claimed again, but
 * only once it is old enough: a younger claim's account may still be on its way (the password is
 * being hashed), and taking it over would let two sign-ups with one address both win.
 */
export const ORPHAN_CLAIM_AFTER_MS = 5 * 60 * 1000;

export type ClaimEmail = {
  type: 'ClaimEmail';
  email: string;
  userId: string;
  /** The owner of the earlier claim, when the caller found that claim orphaned. */
  orphanOf?: string;
};
export type EmailClaimState = { claimedBy?: string; claimedAt?: string };

export const emailClaimDecider: Decider<ClaimEmail, EmailClaimed, EmailClaimState> = {
  initialState: {},
  evolve: (_state, event) => ({ claimedBy: event.data.userId, claimedAt: event.metadata.occurredAt }),
  decide: (command, state) => {
    // Taking over is allowed only from the very claim the caller checked: two callers that both
    // found it orphaned cannot both win.
    if (state.claimedBy && state.claimedBy !== command.orphanOf) {
      throw new DomainError('CONFLICT', 'An account with this email already exists');
    }
    return [{ type: 'EmailClaimed', data: { email: command.email, userId: command.userId } }];
  },
};

/** An unfinished claim may be taken over once it is older than ORPHAN_CLAIM_AFTER_MS. */
export function isOrphanedClaim(
  claimedAt: string | undefined,
  ownerRegistered: boolean,
  now: string,
): boolean {
  if (ownerRegistered || claimedAt === undefined) return false;
  return Date.parse(now) - Date.parse(claimedAt) >= ORPHAN_CLAIM_AFTER_MS;
}
