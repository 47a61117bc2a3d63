import { accountModule } from '../account/module';
import { SessionStore } from '../account/sessions';
import { adminModule } from '../admin/module';
import { requireAdmin } from '../admin/require-admin';
import { billingModule } from '../billing/module';
import { openGateway } from '../billing/open-gateway';
import CONTEXTS from '../contexts.json';
import { galleryModule } from '../gallery/module';
import { mailModule } from '../mail/module';
import { newsletterModule } from '../newsletter/module';
import { openMailSender } from '../platform/mail/open-mail';
import type { FeatureModule, Platform } from '../platform/module';
import { qrModule } from '../qr/module';
import { openAiProvider } from '../studio/ai/open-provider';
import { studioModule } from '../studio/module';
import type { PlatformOverrides } from './platform';

/** The bounded contexts, named once in services/src/contexts.json (mount order; the boundary rules read it too). */
type ContextName = keyof typeof CONTEXTS;

/** The roles of the backend, each its own process when distributed; the embedded process runs them all. */
export type Role = 'api' | 'projector' | 'relay' | 'worker';
const ALL_ROLES: readonly Role[] = ['api', 'projector', 'relay', 'worker'];

/** Only the API's routes take payments: no other role opens the gateway or needs PAYMENTS. */
export const takesPayments = (roles: readonly Role[]): boolean => roles.includes('api');

export interface ModuleOptions {
  /** The roles this process runs (default all of them, the embedded process). */
  roles?: readonly Role[];
  /** Present where this process runs the projectors (embedded): the admin's rebuild. */
  rebuildReadModels?: () => Promise<void>;
}

/**
 * Every bounded context of the product, in the manifest's order, which is the mount order (the
 * account's session reader runs before any route). The composition roots loop over these; no
 * context knows the others' wiring. A process builds what its roles need: the payment gateway and the modules that only serve
 * routes (billing, admin) where the API runs; the AI provider is opened by the generation worker
 * when it starts.
 */
export async function featureModules(
  platform: Platform,
  overrides: Pick<PlatformOverrides, 'ai' | 'gateway'> = {},
  options: ModuleOptions = {},
): Promise<FeatureModule[]> {
  const roles = options.roles ?? ALL_ROLES;
  const gateway = takesPayments(roles) ? (overrides.gateway ?? (await openGateway(platform))) : undefined;
  const openAi = async () => overrides.ai ?? openAiProvider(platform.config.ai);
  // One store of sessions: a sign-out through the account's routes ends the studio's streams of it.
  const sessions = new SessionStore(platform.readStore, platform.config.sessionTtlMs);
  const account = accountModule(platform, gateway, sessions);
  // Mail is sent by the reactors' role (the relay), never by a request.
  const mail = mailModule(
    platform,
    roles.includes('relay') ? openMailSender(platform.config, platform.logger) : undefined,
  );
  const studio = studioModule(platform, openAi, sessions);
  const gallery = galleryModule(platform);
  const qr = qrModule(platform);
  const newsletter = newsletterModule(platform, (ctx) => requireAdmin(ctx, platform.commands));
  const billing = gateway && billingModule(platform, gateway);
  const features = [account, mail, billing, studio, gallery, qr, newsletter].filter(isBuilt);
  const admin =
    gateway &&
    adminModule(
      platform,
      gateway,
      {
        reactors: features.flatMap((m) => m.reactors ?? []),
        projections: features.flatMap((m) => m.projections ?? []),
      },
      options,
    );
  // Keyed by the manifest: a context listed there and not built here (or the reverse) does not compile.
  const built: Record<ContextName, FeatureModule | undefined> = {
    account,
    mail,
    billing,
    admin,
    studio,
    gallery,
    qr,
    newsletter,
  };
  return (Object.keys(CONTEXTS) as ContextName[]).map((name) => built[name]).filter(isBuilt);
}

const isBuilt = (module: FeatureModule | undefined): module is FeatureModule => module !== undefined;
