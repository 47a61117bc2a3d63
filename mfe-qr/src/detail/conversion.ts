import { QR_TEXTS } from '../texts';

/**
 * Conversion is measured only where scans were counted: signups without scans (tracking off, or a
 * page address shared without the code) read "–" with a tooltip, never a misleading "0%".
 */
export function conversionLabel(rate: number, scans: number): { text: string; title?: string } {
  return scans > 0 ? { text: `${rate}%` } : { text: '–', title: QR_TEXTS.conversionNotMeasured };
}
