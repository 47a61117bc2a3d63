import type Koa from 'koa';
import { requireUser } from '../account/auth';
import { loadAccount } from '../account/identity';
import type { AccountState } from '../account/state';
import type { CommandHandler } from '../platform/command-handler';
import { DomainError } from '../platform/errors';

/** Admin rights are AdminGranted / AdminRevoked on the account stream, checked on every admin call. */
export async function requireAdmin(ctx: Koa.Context, commands: CommandHandler): Promise<AccountState> {
  const userId = requireUser(ctx);
  const account = await loadAccount(commands, userId);
  if (!account?.isAdmin) {
    throw new DomainError(
      'FORBIDDEN',
      "You don't have permission to access this page. This area is restricted to administrators only.",
    );
  }
  return account;
}
