import type { LandingPageSettings } from '@studio/events';

/** spec 02 §3 landing page defaults (server values override). */
export const LANDING_DEFAULTS = {
  title: 'Join Our Community',
  description: 'Sign up to receive updates, special offers, and more.',
  buttonText: 'Sign Up',
  buttonColor: '#6C63FF',
  textColor: '#1A1A1A',
  backgroundColor: '#F9F9F9',
  thankYouMessage: "Thank you for signing up! We'll be in touch soon.",
} as const;

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
