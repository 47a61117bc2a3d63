import type { FeatureModule, Platform } from '../platform/module';
import { newsletterProjection } from './projection';
import { type NewsletterRouteDeps, newsletterRoutes } from './routes';

/**
 * The landing page's newsletter (docs/product/accounts-billing-admin.md (Screens and routes: Landing page) had a box that sent nothing): one
 * `newsletter-{hash}` stream per address, the public subscribe route, and the admins' count and
 * CSV export from the subscribers read model.
 */
export function newsletterModule(
  platform: Pick<Platform, 'eventStore' | 'readStore' | 'clock'>,
  requireAdmin: NewsletterRouteDeps['requireAdmin'],
): FeatureModule {
  return {
    name: 'newsletter',
    routes: [newsletterRoutes({ ...platform, requireAdmin })],
    projections: [newsletterProjection],
  };
}
