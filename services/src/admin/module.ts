import type { FeatureModule, Platform } from '../platform/module';
import { type AdminOptions, adminRoutes, type SubscriptionChecker } from './routes';

/** Admin tools: subscription fixes, user lookup, event history, read-model rebuild. */
export function adminModule(
  platform: Pick<Platform, 'commands' | 'clock' | 'readStore' | 'eventStore' | 'logger' | 'config'>,
  gateway: SubscriptionChecker,
  options: AdminOptions = {},
): FeatureModule {
  return { name: 'admin', routes: [adminRoutes({ ...platform, gateway }, options)] };
}
