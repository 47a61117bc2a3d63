import { accountStream } from '@studio/events';
import { accountDecider } from '../account/decider';
import { emailClaim } from '../account/email-claims';
import { loadAccount, normaliseEmail } from '../account/identity';
import type { AccountState } from '../account/state';
import type { CommandHandler } from '../platform/command-handler';
import { DomainError } from '../platform/errors';
import { newEventId } from '../platform/ids';

/** Grants or revokes the admin rights of the account that owns `email`; NOT_FOUND when none does. */
export async function changeAdminRights(
  commands: CommandHandler,
  change: { email: string; grant: boolean; by: string; at: string; correlationId?: string },
): Promise<AccountState> {
  const email = normaliseEmail(change.email);
  const claim = await emailClaim(commands, email);
  const account = claim.state.claimedBy ? await loadAccount(commands, claim.state.claimedBy) : undefined;
  if (!account) throw new DomainError('NOT_FOUND', `No account with the email ${email}`);
  const correlationId = change.correlationId ?? newEventId();
  const { state } = await commands.handle(
    accountStream(account.userId),
    accountDecider,
    { type: change.grant ? 'GrantAdmin' : 'RevokeAdmin', by: change.by },
    {
      at: change.at,
      correlationId,
      causationId: correlationId,
      userId: account.userId,
      actorId: change.by,
    },
  );
  return state;
}
