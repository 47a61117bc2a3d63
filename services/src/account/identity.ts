import { accountStream } from '@studio/events';
import type { CommandContext, CommandHandler } from '../platform/command-handler';
import { DomainError } from '../platform/errors';
import { newRecordId } from '../platform/ids';
import { accountDecider } from './decider';
import { emailClaim } from './email-claims';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { type EmailClaimState, emailClaimDecider, ORPHAN_CLAIM_AGE_MS } from './registration';
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
  const existing = await emailClaim(commands, email);
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
  // Hash before claiming: the claim and the account follow each other within milliseconds.
  const passwordHash = await hashPassword(registration.password);
  const { customerId } = saveCard ? await saveCard({ userId, email, name: registration.name.trim() }) : {};
  const claim = await emailClaim(commands, email);
  const replacesOrphanOf = await orphanedClaim(commands, claim.state, context.at);
  await commands.handle(
    claim.stream,
    emailClaimDecider,
    { type: 'ClaimEmail', email, userId, ...(replacesOrphanOf ? { replacesOrphanOf } : {}) },
    { ...context, userId },
  );
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

/** The owner of a claim older than ORPHAN_CLAIM_AGE_MS whose account was never written, if any. */
async function orphanedClaim(commands: CommandHandler, state: EmailClaimState, now: string) {
  if (!state.claimedBy || !state.claimedAt) return undefined;
  if (Date.parse(now) - Date.parse(state.claimedAt) < ORPHAN_CLAIM_AGE_MS) return undefined;
  const owner = await commands.load(accountStream(state.claimedBy), accountDecider);
  return owner.state.registered ? undefined : state.claimedBy;
}

/** The account for an email and password, or UNAUTHENTICATED with one message for every cause. */
export async function authenticate(
  commands: CommandHandler,
  email: string,
  password: string,
): Promise<AccountState> {
  const claim = await emailClaim(commands, email);
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
