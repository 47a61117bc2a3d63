import { monthAfter, proratedDifference } from './billing-period';

describe('billing periods', () => {
  it('a month later is the same day, or the last day of a shorter month', () => {
    expect(monthAfter(new Date('2026-11-27T10:00:00Z')).toISOString()).toBe('2026-12-27T10:00:00.000Z');
    expect(monthAfter(new Date('2026-01-31T00:00:00Z')).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(monthAfter(new Date('2026-12-15T00:00:00Z')).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });

  it('charges the difference for the share of the period left', () => {
    const end = new Date('2026-12-01T00:00:00Z');
    // November has 30 days: 15 left is half.
    expect(proratedDifference(7000, new Date('2026-11-16T00:00:00Z'), end)).toBe(3500);
    expect(proratedDifference(7000, new Date('2026-11-01T00:00:00Z'), end)).toBe(7000);
    expect(proratedDifference(7000, end, end)).toBe(0);
    expect(proratedDifference(7000, new Date('2026-10-01T00:00:00Z'), end)).toBe(7000);
  });
});
