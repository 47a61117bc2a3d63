import { PLAN_TERMS } from '@studio/events/plans';
import { simulatedCheckoutPage } from './simulated-page';

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe('the simulated hosted checkout page', () => {
  it('draws its pay button with at least 4.5:1 contrast (WCAG AA text)', () => {
    const html = simulatedCheckoutPage(
      { _id: 'sim_1', userId: 'u', planId: 'basic', status: 'open', createdAt: '2025-01-01T00:00:00Z' },
      PLAN_TERMS.basic,
    );
    const rule = /\bbutton \{ background: (#[0-9a-f]{6}); color: (#[0-9a-f]{3,6}); \}/i.exec(html);
    expect(rule).not.toBeNull();
    const text =
      rule![2]!.length === 4 ? `#${[...rule![2]!.slice(1)].map((c) => c + c).join('')}` : rule![2]!;
    expect(contrast(rule![1]!, text)).toBeGreaterThanOrEqual(4.5);
  });
});
