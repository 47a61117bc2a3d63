import type { FeatureModule, Platform } from '../platform/module';
import { sessionMiddleware } from './auth';
import { accountsProjection } from './projections';
import { accountRoutes, type CardOnFile } from './routes';
import { type SessionStore, startSessionSweeper } from './sessions';

/**
 * Identity, sessions, the credit ledger and the subscription state of `account-{userId}`. `cards`
 * (the payment gateway) is given only where the API is served: without it the module has no
 * routes and no session reader, only its read model and the session sweeper.
 */
export function accountModule(
  platform: Pick<Platform, 'commands' | 'clock' | 'readStore' | 'config' | 'logger'>,
  cards: CardOnFile | undefined,
  sessions: SessionStore,
): FeatureModule {
  return {
    name: 'account',
    ...(cards
      ? {
          middleware: [sessionMiddleware(sessions, platform.clock)],
          routes: [accountRoutes({ ...platform, sessions, cards })],
        }
      : {}),
    projections: [accountsProjection],
    workers: [
      {
        name: 'session-sweeper',
        // Expired sessions are deleted on a timer, not only when their cookie comes back.
        start: async () =>
          startSessionSweeper(sessions, platform.clock, undefined, (error) =>
            platform.logger.warn({ err: error }, 'session sweep failed'),
          ),
      },
    ],
  };
}
