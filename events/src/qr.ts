import type { Event } from './envelope';

export type QrLinkType = 'landing' | 'direct';

/** docs/product/creation-tools-qr.md (Data) landing page settings; absent fields take the spec's defaults when shown. */
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

/** The two colours of the printed code (#RRGGBB); contrast of at least 4.5:1 is enforced. */
export interface QrColors {
  dark: string;
  light: string;
}

/**
 * An image in the middle of the printed code (an uploaded `/qr-images/…` path) and its width in
 * percent of the code's modules. The code is then made with error correction H, and the size is
 * limited (QR_LOGO_MAX_SIZE) so what it hides is always within what H recovers.
 */
export interface QrCodeLogo {
  url: string;
  size: number;
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
    /**
     * The address the printed code holds (`{origin}/r/{id}` or `{origin}/qr-landing/{id}`), fixed
     * at creation so that a later image is the same code whatever the configuration becomes.
     */
    encodedUrl?: string;
    colors?: QrColors;
    logo?: QrCodeLogo;
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
    colors?: QrColors;
    /** A new centre logo, or null when it was removed. */
    logo?: QrCodeLogo | null;
  }
>;

export type QrTrackingToggled = Event<'QrTrackingToggled', { qrId: string; trackingEnabled: boolean }>;

export type QrCodeDeleted = Event<'QrCodeDeleted', { qrId: string }>;

/**
 * A public visit of the landing page (or a redirect through a direct code) while tracking is on.
 * Appended to `qractivity-{id}`, never folded by the code's decider. `visitor` is a keyed hash
 * whose daily salt is deleted after the day: no address is ever stored. `firstVisitOfDay` says the
 * hash was not seen on this code that day (a unique visitor). A breakdown value is null when the
 * code already had its day's share of distinct values of that kind: it counts as "Other".
 */
export type QrScanned = Event<
  'QrScanned',
  {
    qrId: string;
    day: string;
    visitor?: string;
    firstVisitOfDay?: boolean;
    device?: string | null;
    os?: string | null;
    browser?: string | null;
    referrer?: string | null;
    via?: 'landing' | 'redirect' | 'beacon';
  }
>;

/** One scan of a `QrScansRecorded` batch: a `QrScanned`'s data plus its own time. */
export type QrScanRecord = Omit<QrScanned['data'], 'qrId'> & { at: string };

/**
 * The scans of one code answered within one batch window (QR_SCAN_FLUSH_MS), as one event: each
 * scan keeps its time, visitor hash, device, OS, browser, referrer and route. Read models count
 * it exactly like as many `QrScanned` events, at the cost of one event instead of one per scan.
 */
export type QrScansRecorded = Event<'QrScansRecorded', { qrId: string; scans: QrScanRecord[] }>;

/**
 * An email left on the landing page; on `qractivity-{id}` too (it grows with use). `visitor`: the
 * day's hash of the device that signed up, when that device's visit was counted that day (absent:
 * tracking off, a bot, no device, or recorded before devices were counted: listed, not in the
 * conversion rate). `converted`: that visitor's first signup of the day (a conversion).
 */
export type QrSignupRecorded = Event<
  'QrSignupRecorded',
  {
    qrId: string;
    email: string;
    name?: string;
    source: 'signup';
    day: string;
    visitor?: string;
    converted?: boolean;
  }
>;

/**
 * Why a landing-page signup was refused: no valid page token (the form was not served by the
 * page, or long ago), the honeypot field filled (a bot), or over the generous per-address ceiling.
 */
export type QrSignupRefusalReason = 'token' | 'honeypot' | 'ceiling';

/**
 * Signups refused on one code within one tally window, counted by reason and day, so the owner
 * learns how many submissions were turned away and why (the submissions themselves are not kept).
 */
export type QrSignupsRefused = Event<
  'QrSignupsRefused',
  { qrId: string; day: string; refused: Partial<Record<QrSignupRefusalReason, number>> }
>;

/**
 * The bonus a reader gets after signing up (a reader code's magnet): a PDF kept as `blobId`, the
 * author's upload or pages of the book's own interior. A later one replaces it.
 */
export type QrReaderMagnetSet = Event<
  'QrReaderMagnetSet',
  {
    qrId: string;
    blobId: string;
    /** The name the reader's download is saved under. */
    fileName: string;
    bytes: number;
    source: 'upload' | 'pages';
    /** The interior's pages it holds (1-based), when made from the book. */
    pages?: number[];
  }
>;

export type QrEvent =
  | QrCodeCreated
  | QrReaderMagnetSet
  | QrCodeUpdated
  | QrTrackingToggled
  | QrCodeDeleted
  | QrScanned
  | QrScansRecorded
  | QrSignupRecorded
  | QrSignupsRefused;

/**
 * A landing logo or hero an account uploaded (`qruploads-{userId}`), kept at `path`
 * (`/qr-images/…`, a hero's variants beside it) and holding `bytes` of storage: what the
 * account's upload allowance counts until the sweep discards it.
 */
export type QrImageUploaded = Event<
  'QrImageUploaded',
  { userId: string; path: string; kind: 'logo' | 'hero'; bytes: number }
>;

/** Uploads no code used for a day, deleted by the sweep: their storage is the account's again. */
export type QrImagesDiscarded = Event<'QrImagesDiscarded', { userId: string; paths: string[] }>;

export type QrUploadEvent = QrImageUploaded | QrImagesDiscarded;
