import type { FeatureModule, Platform } from '../platform/module';
import { parkedEventRetrier } from '../platform/runners/parked-events';
import type { Reactor } from '../platform/runners/reactor';
import { parkedEventRoutes } from './parked-routes';
import { requireAdmin } from './require-admin';
import { type AdminOptions, adminRoutes, type SubscriptionChecker } from './routes';

/**
 * Admin tools: subscription fixes, user lookup, event history, read-model rebuild, and the events
 * reactors parked (`reactors` are every module's, so a parked event is retried by its own reactor).
 */
export function adminModule(
  platform: Pick<Platform, 'commands' | 'clock' | 'readStore' | 'eventStore' | 'logger' | 'config'>,
  gateway: SubscriptionChecker,
  reactors: readonly Reactor[],
  options: AdminOptions = {},
): FeatureModule {
  const { commands, readStore, eventStore, clock } = platform;
  return {
    name: 'admin',
    routes: [
      adminRoutes({ ...platform, gateway }, options),
      parkedEventRoutes({
        requireAdmin: (ctx) => requireAdmin(ctx, commands),
        readStore,
        retry: parkedEventRetrier({ eventStore, readStore, reactors, now: () => clock.now() }),
      }),
    ],
  };
}
