import { accountModule } from '../account/module';
import { adminModule } from '../admin/module';
import { requireAdmin } from '../admin/require-admin';
import { billingModule } from '../billing/module';
import { openGateway } from '../billing/open-gateway';
import { galleryModule } from '../gallery/module';
import { newsletterModule } from '../newsletter/module';
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
  const account = accountModule(platform, gateway);
  const billing = billingModule(platform, gateway);
  const studio = studioModule(platform, ai);
  const gallery = galleryModule(platform);
  const qr = qrModule(platform);
  const newsletter = newsletterModule(platform, (ctx) => requireAdmin(ctx, platform.commands));
  const features = [account, billing, studio, gallery, qr, newsletter];
  const runners = {
    reactors: features.flatMap((m) => m.reactors ?? []),
    projections: features.flatMap((m) => m.projections ?? []),
  };
  return [
    account,
    billing,
    adminModule(platform, gateway, runners, options),
    studio,
    gallery,
    qr,
    newsletter,
  ];
}
