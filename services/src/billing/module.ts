import type { FeatureModule, Platform } from '../platform/module';
import { STRIPE_CSP_SOURCES } from './csp';
import type { PaymentGateway } from './gateway';
import { Payments } from './payments';
import { billingRoutes, WEBHOOK_PATH, webhookBody } from './routes';

/** Plans, checkout, the payment gateways and their webhooks; credits land on the account stream. */
export function billingModule(
  platform: Pick<Platform, 'commands' | 'clock' | 'readStore' | 'config' | 'logger'>,
  gateway: PaymentGateway,
): FeatureModule {
  const payments = new Payments(platform.commands, platform.readStore, platform.logger, gateway);
  return {
    name: 'billing',
    bodyParsers: { [WEBHOOK_PATH]: webhookBody },
    // Stripe calls from its own origin; the signature on the raw body is the proof.
    originCheckExempt: [WEBHOOK_PATH],
    webhookPaths: [WEBHOOK_PATH],
    // Stripe.js and its card frames, whichever gateway runs: the browser decides from the config.
    cspSources: STRIPE_CSP_SOURCES,
    routes: [billingRoutes({ ...platform, gateway, payments })],
  };
}
