import { accountStream, emailStream } from '@studio/events';
import type { CommandContext, CommandHandler } from '../platform/command-handler';
import { DomainError } from '../platform/errors';
import { newRecordId } from '../platform/ids';
import { accountDecider } from './decider';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { emailClaimDecider, isOrphanedClaim } from './registration';
import type { AccountState } from './state';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export interface Registration {
  name: string;
  email: string;
  password: string;
  phoneNumber?: string;
  paymentMethodId?: string;
}

/** Keeps the registration's card on file before the account exists (a failed card creates nothing). */
export type SaveCard = (customer: {
  userId: string;
  email: string;
  name: string;
}) => Promise<{ customerId?: string }>;

/** CONFLICT when an account already owns the email. */
export async function assertEmailAvailable(commands: CommandHandler, email: string): Promise<void> {
  const existing = await commands.load(emailStream(normaliseEmail(email)), emailClaimDecider);
  if (!existing.state.claimedBy) return;
  const owner = await commands.load(accountStream(existing.state.claimedBy), accountDecider);
  if (owner.state.registered) throw new DomainError('CONFLICT', 'An account with this email already exists');
}

/**
 * Registration claims the email (its own stream, so two sign-ups with one address cannot both
 * win) and then writes the account.
 */
export async function register(
  commands: CommandHandler,
  registration: Registration,
  context: Omit<CommandContext, 'userId'>,
  saveCard?: SaveCard,
): Promise<AccountState> {
  const email = normaliseEmail(registration.email);
  const userId = newRecordId();
  await assertEmailAvailable(commands, email);
  const { customerId } = saveCard ? await saveCard({ userId, email, name: registration.name.trim() }) : {};
  const existing = await commands.load(emailStream(email), emailClaimDecider);
  let orphanOf: string | undefined;
  if (existing.state.claimedBy) {
    const owner = await commands.load(accountStream(existing.state.claimedBy), accountDecider);
    if (isOrphanedClaim(existing.state.claimedAt, owner.state.registered, context.at))
      orphanOf = existing.state.claimedBy;
  }
  await commands.handle(
    emailStream(email),
    emailClaimDecider,
    { type: 'ClaimEmail', email, userId, ...(orphanOf ? { orphanOf } : {}) },
    { ...context, userId },
  );
  const passwordHash = await hashPassword(registration.password);
  const { state } = await commands.handle(
    accountStream(userId),
    accountDecider,
    {
      type: 'RegisterUser',
      userId,
      name: registration.name.trim(),
      email,
      passwordHash,
      ...(registration.phoneNumber ? { phoneNumber: registration.phoneNumber } : {}),
      ...(registration.paymentMethodId ? { paymentMethodId: registration.paymentMethodId } : {}),
      ...(customerId ? { customerId } : {}),
    },
    { ...context, userId },
  );
  return state;
}

/** The account for an email and password, or UNAUTHENTICATED with one message for every cause. */
export async function authenticate(
  commands: CommandHandler,
  email: string,
  password: string,
): Promise<AccountState> {
  const claim = await commands.load(emailStream(normaliseEmail(email)), emailClaimDecider);
  const account = claim.state.claimedBy
    ? (await commands.load(accountStream(claim.state.claimedBy), accountDecider)).state
    : undefined;
  const hash = account?.registered ? account.passwordHash : await dummyPasswordHash();
  const valid = await verifyPassword(hash, password);
  if (!account?.registered || !valid) throw new DomainError('UNAUTHENTICATED', 'Invalid email or password');
  return account;
}

export async function loadAccount(
  commands: CommandHandler,
  userId: string,
): Promise<AccountState | undefined> {
  const { state } = await commands.load(accountStream(userId), accountDecider);
  return state.registered ? state : undefined;
}
