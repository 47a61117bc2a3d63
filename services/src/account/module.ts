import type { FeatureModule, Platform } from '../platform/module';
import { sessionMiddleware } from './auth';
import { accountsProjection } from './projections';
import { accountRoutes, type CardOnFile } from './routes';
import { SessionStore } from './sessions';

/** Identity, sessions, the credit ledger and the subscription state of `account-{userId}`. */
export function accountModule(
  platform: Pick<Platform, 'commands' | 'clock' | 'readStore' | 'config'>,
  cards: CardOnFile,
): FeatureModule {
  const sessions = new SessionStore(platform.readStore, platform.config.sessionTtlMs);
  return {
    name: 'account',
    middleware: [sessionMiddleware(sessions, platform.clock)],
    routes: [accountRoutes({ ...platform, sessions, cards })],
    projections: [accountsProjection],
  };
}
