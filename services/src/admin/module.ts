import type { FeatureModule, Platform } from '../platform/module';
import { parkedEventRetrier } from '../platform/runners/parked-retrier';
import type { Projection } from '../platform/runners/projector';
import type { Reactor } from '../platform/runners/reactor';
import { aiCostRoutes } from './ai-costs';
import { parkedEventRoutes } from './parked-routes';
import { requireAdmin } from './require-admin';
import { type AdminOptions, adminRoutes, type SubscriptionChecker } from './routes';

/**
 * Admin tools: subscription fixes, user lookup, event history, read-model rebuild, and the events
 * reactors and projections parked (`runners` are every module's, so a parked event is retried by
 * the runner that parked it).
 */
export function adminModule(
  platform: Pick<Platform, 'commands' | 'clock' | 'readStore' | 'eventStore' | 'logger' | 'config'>,
  gateway: SubscriptionChecker,
  runners: { reactors: readonly Reactor[]; projections: readonly Projection[] },
  options: AdminOptions = {},
): FeatureModule {
  const { commands, readStore, eventStore, clock } = platform;
  return {
    name: 'admin',
    routes: [
      adminRoutes({ ...platform, gateway }, options),
      aiCostRoutes({
        readStore,
        eventStore,
        requireAdmin: (ctx) => requireAdmin(ctx, commands),
        now: () => clock.now(),
      }),
      parkedEventRoutes({
        requireAdmin: (ctx) => requireAdmin(ctx, commands),
        readStore,
        retry: parkedEventRetrier({ eventStore, readStore, ...runners, now: () => clock.now() }),
      }),
    ],
  };
}
