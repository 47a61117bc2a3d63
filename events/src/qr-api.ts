import type { LandingPageSettings, QrCodeLogo, QrColors, QrLinkType, QrSignupRefusalReason } from './qr';

/** The QR HTTP answers, as the server sends them and the QR screens read them. */

/** What a code's scans are broken down by. */
export const QR_BREAKDOWN_DIMENSIONS = ['device', 'os', 'browser', 'referrer'] as const;
export type QrBreakdownDimension = (typeof QR_BREAKDOWN_DIMENSIONS)[number];

/** A code as its owner's screens read it: `GET /api/qr-codes/{id}`, and the create and update answers. */
export interface QrCodeView {
  id: string;
  title: string;
  description?: string;
  url: string;
  linkType: QrLinkType;
  trackingEnabled: boolean;
  createdAt: string;
  /** The address the printed code holds. */
  encodedUrl: string;
  landingPageUrl?: string;
  landingPage: LandingPageSettings;
  colors: QrColors;
  /** The picture in the middle of the code and its width in percent. */
  logo?: QrCodeLogo;
  /** The printed code, as a PNG data URL. */
  dataUrl: string;
}

/** A row of `GET /api/qr-codes`: the code plus its running totals. */
export interface QrListRow {
  id: string;
  title: string;
  linkType: QrLinkType;
  trackingEnabled: boolean;
  createdAt: string;
  scans: number;
  signups: number;
}

export interface QrDailyAnalytics {
  date: string;
  scans: number;
  uniqueVisitors: number;
  signups: number;
  /** Visitors counted that day who signed up (each once). */
  conversions: number;
  /** conversions / uniqueVisitors in percent: never above 100. */
  conversionRate: number;
}

/** `GET /api/qr-codes/{id}/analytics`, over [from, to] (UTC days, inclusive) when asked. */
export interface QrAnalytics {
  scanCount: number;
  uniqueVisitors: number;
  emailSignupCount: number;
  /** Counted visitors who signed up, each once a day. */
  conversions: number;
  /**
   * Signups with no counted visit behind them (tracking off, a browser taken for a bot, no device
   * cookie, or recorded before devices were counted): listed and exported, not in the rate.
   */
  untrackedSignups: number;
  /** conversions / uniqueVisitors in percent, never above 100. */
  conversionRate: number;
  dailyAnalytics: QrDailyAnalytics[];
  /**
   * Per dimension the values with the most scans (at most ten), then, when there are more or some
   * were past a day's cap, one row `{ name: 'Other', other: true }` with the rest.
   */
  breakdowns: Record<QrBreakdownDimension, Array<{ name: string; count: number; other?: true }>>;
  /** Signup submissions turned away, per reason (no page token, honeypot, per-address ceiling). */
  refusedSignups: Record<QrSignupRefusalReason, number>;
  from?: string;
  to?: string;
}

/** An entry of `GET /api/qr-codes/{id}/emails`. */
export interface QrEmailSignup {
  email: string;
  name?: string;
  timestamp: string;
  source: 'signup';
}

/** One edition's readers on `GET /api/books/{id}/readers`, or the book's totals (no edition). */
export interface BookReaderNumbers {
  scans: number;
  uniqueVisitors: number;
  signups: number;
  /** Counted visitors who signed up, each once a day. */
  conversions: number;
  /** Signups with no counted visit behind them: listed, not in the rate. */
  untrackedSignups: number;
  /** conversions / uniqueVisitors in percent, never above 100. */
  conversionRate: number;
}

/** `GET /api/books/{id}/readers`: the book's readers per edition and its email list, newest first. */
export interface BookReaders {
  editions: Array<
    BookReaderNumbers & {
      edition: 'print' | 'ebook' | 'giveaway';
      /** How the screen names it ('print', 'ebook', 'giveaway copy'). */
      name: string;
      qrId: string;
      /** The edition's short address: what its code encodes, or the link it carries. */
      url: string;
    }
  >;
  total: BookReaderNumbers;
  emails: Array<{ email: string; name: string; timestamp: string; edition: 'print' | 'ebook' | 'giveaway' }>;
}
