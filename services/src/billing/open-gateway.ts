import { ConfigError } from '../platform/config';
import type { Platform } from '../platform/module';
import type { PaymentGateway } from './gateway';
import { createSimulatedGateway } from './simulated';

/** The gateway the configuration names; Stripe's client loads only when it is chosen. */
export async function openGateway(
  platform: Pick<Platform, 'config' | 'readStore' | 'clock'>,
): Promise<PaymentGateway> {
  const { config, readStore, clock } = platform;
  if (!config.payments) throw new ConfigError('PAYMENTS: must be set (simulated or stripe) to take payments');
  if (config.payments.gateway === 'stripe') {
    const { createStripeGateway } = await import('./stripe');
    return createStripeGateway(config.payments);
  }
  return createSimulatedGateway(readStore, () => clock.now());
}
