import { QR_TEXTS } from '../texts';

/**
 * Conversion is the share of counted visitors who signed up, so it is measured only where visitors
 * were counted: without any (tracking off, or a page address shared without the code) it reads "–"
 * with a tooltip, never a misleading "0%".
 */
export function conversionLabel(rate: number, visitors: number): { text: string; title?: string } {
  return visitors > 0 ? { text: `${rate}%` } : { text: '–', title: QR_TEXTS.conversionNotMeasured };
}
