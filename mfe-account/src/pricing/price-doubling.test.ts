import { PRICE_DOUBLING_DATE } from '@studio/kit';
import { upcomingPriceDoubling } from './price-doubling';

describe('upcomingPriceDoubling', () => {
  it("words the spec's date as the spec does while it is ahead", () => {
    expect(upcomingPriceDoubling(new Date('2025-07-14T23:59:00Z'), '2025-07-15')).toBe(PRICE_DOUBLING_DATE);
    expect(upcomingPriceDoubling(new Date('2026-01-01T00:00:00Z'), '2026-03-02')).toBe('March 2nd, 2026');
    expect(upcomingPriceDoubling(new Date('2026-01-01T00:00:00Z'), '2026-03-11')).toBe('March 11th, 2026');
  });

  it('hides the line once the date has come, or when the setting is not a date', () => {
    expect(upcomingPriceDoubling(new Date('2025-07-15T00:00:00Z'), '2025-07-15')).toBeNull();
    expect(upcomingPriceDoubling(new Date('2026-11-22T00:00:00Z'), '2025-07-15')).toBeNull();
    expect(upcomingPriceDoubling(new Date('2025-01-01T00:00:00Z'), 'soon')).toBeNull();
  });
});
