import { accountModule } from '../account/module';
import { adminModule } from '../admin/module';
import { billingModule } from '../billing/module';
import { openGateway } from '../billing/open-gateway';
import { galleryModule } from '../gallery/module';
import type { FeatureModule, Platform } from '../platform/module';
import { qrModule } from '../qr/module';
import { openAiProvider } from '../studio/ai/open-provider';
import { studioModule } from '../studio/module';
import type { PlatformOverrides } from './platform';

export interface ModuleOptions {
  /** Present where this process runs the projectors (embedded): the admin's rebuild. */
  rebuildReadModels?: () => Promise<void>;
}

/**
 * Every bounded context of the product, in mount order (the account's session reader runs
 * before any route). The composition roots loop over these; no context knows the others' wiring.
 */
export async function featureModules(
  platform: Platform,
  overrides: Pick<PlatformOverrides, 'ai' | 'gateway'> = {},
  options: ModuleOptions = {},
): Promise<FeatureModule[]> {
  const gateway = overrides.gateway ?? (await openGateway(platform));
  const ai = overrides.ai ?? (await openAiProvider(platform.config.ai));
  return [
    accountModule(platform, gateway),
    billingModule(platform, gateway),
    adminModule(platform, gateway, options),
    studioModule(platform, ai),
    galleryModule(platform),
    qrModule(platform),
  ];
}
