import type { Event } from './envelope';

export type QrLinkType = 'landing' | 'direct';

/** spec 02 §3 landing page settings; absent fields take the spec's defaults when shown. */
export interface LandingPageSettings {
  title?: string;
  description?: string;
  logoUrl?: string;
  heroImage?: string;
  buttonText?: string;
  buttonColor?: string;
  textColor?: string;
  backgroundColor?: string;
  redirectUrl?: string;
  thankYouMessage?: string;
}

export type QrCodeCreated = Event<
  'QrCodeCreated',
  {
    qrId: string;
    userId: string;
    title: string;
    description?: string;
    url: string;
    linkType: QrLinkType;
    trackingEnabled: boolean;
    landingPage?: LandingPageSettings;
  }
>;

export type QrCodeUpdated = Event<
  'QrCodeUpdated',
  {
    qrId: string;
    title?: string;
    description?: string;
    url?: string;
    landingPage?: LandingPageSettings;
  }
>;

export type QrTrackingToggled = Event<'QrTrackingToggled', { qrId: string; trackingEnabled: boolean }>;

export type QrCodeDeleted = Event<'QrCodeDeleted', { qrId: string }>;

/** A public visit of the landing page (or a redirect through a direct code) while tracking is on. */
export type QrScanned = Event<'QrScanned', { qrId: string; day: string }>;

export type QrSignupRecorded = Event<
  'QrSignupRecorded',
  { qrId: string; email: string; name?: string; source: 'signup'; day: string }
>;

export type QrEvent =
  | QrCodeCreated
  | QrCodeUpdated
  | QrTrackingToggled
  | QrCodeDeleted
  | QrScanned
  | QrSignupRecorded;
