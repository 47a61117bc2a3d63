// The QR calls' shapes (docs/product/creation-tools-qr.md (Data, API)).
export type LinkType = 'landing' | 'direct';

export interface LandingSettings {
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

export interface CodeLogo {
  url: string;
  size: number;
}

export interface QrCode {
  id: string;
  title: string;
  description?: string;
  url: string;
  linkType: LinkType;
  trackingEnabled: boolean;
  createdAt: string;
  encodedUrl: string;
  landingPageUrl?: string;
  landingPage: LandingSettings;
  colors: { dark: string; light: string };
  /** The picture in the middle of the code and its width in percent. */
  logo?: CodeLogo;
  dataUrl: string;
}

export interface QrListRow {
  id: string;
  title: string;
  linkType: LinkType;
  trackingEnabled: boolean;
  createdAt: string;
  scans: number;
  signups: number;
}

export interface DailyRow {
  date: string;
  scans: number;
  uniqueVisitors: number;
  signups: number;
  conversionRate: number;
}

export interface QrAnalytics {
  scanCount: number;
  uniqueVisitors: number;
  emailSignupCount: number;
  conversionRate: number;
  dailyAnalytics: DailyRow[];
  breakdowns: Record<'device' | 'os' | 'browser' | 'referrer', Array<{ name: string; count: number }>>;
  /** Landing signups refused, per reason. */
  refusedSignups: Record<'token' | 'honeypot' | 'ceiling', number>;
}

export interface EmailSignup {
  email: string;
  name?: string;
  timestamp: string;
}
