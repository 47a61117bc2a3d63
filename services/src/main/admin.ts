import { OPERATOR } from '../account/admin-rights';
import { changeAdminRights } from '../admin/grant-admin';
import { CommandHandler } from '../platform/command-handler';
import { loadConfig } from '../platform/config';
import { DomainError } from '../platform/errors';
import { openEventStore } from './platform';

const USAGE = 'usage: npm run admin -- grant|revoke <email>  (grant needs an address its owner verified)';

/**
 * The operator command: `npm run admin -- grant <email>` (or `revoke`), run on the server with the
 * same environment as the app. It appends AdminGranted / AdminRevoked by 'operator' to the
 * account's stream in the configured event store. Exit codes: 0 done, 1 refused, 2 usage.
 */
async function main(args: string[]): Promise<number> {
  const [action, email] = args;
  if ((action !== 'grant' && action !== 'revoke') || !email) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig(process.env, { embedded: true });
  const eventStore = await openEventStore(config.eventStore, config.engineConnect);
  try {
    const state = await changeAdminRights(new CommandHandler(eventStore), {
      email,
      grant: action === 'grant',
      by: OPERATOR,
      at: new Date().toISOString(),
    });
    // Whose account it is, so the operator can tell it is the person meant.
    const who = `account ${state.userId}, ${state.name}, registered ${state.createdAt}`;
    console.log(`${state.email} is ${state.isAdmin ? 'now an admin' : 'no longer an admin'} (${who})`);
    return 0;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await eventStore.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
