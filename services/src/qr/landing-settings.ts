import type { LandingPageSettings } from '@studio/events';
import { LANDING_DEFAULTS } from '@studio/events/rules';

export type ResolvedLandingSettings = typeof LANDING_DEFAULTS & {
  qrId: string;
  logoUrl?: string;
  heroImage?: string;
  redirectUrl?: string;
};

/** The public settings object: defaults, then the owner's values. Nothing about the owner. */
export function resolveLandingSettings(qrId: string, settings: LandingPageSettings): ResolvedLandingSettings {
  const set = Object.fromEntries(
    Object.entries(settings).filter(([, v]) => typeof v === 'string' && v !== ''),
  );
  return { qrId, ...LANDING_DEFAULTS, ...set } as ResolvedLandingSettings;
}
