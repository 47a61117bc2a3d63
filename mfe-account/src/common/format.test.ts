import { longDate, shortDate, signedAmount } from './format';

describe('formats', () => {
  it('long US date, N/A when absent or invalid', () => {
    expect(longDate('2025-01-05T12:00:00.000Z', 'N/A')).toBe('January 5, 2025');
    expect(longDate(undefined, 'N/A')).toBe('N/A');
    expect(longDate('not a date', 'N/A')).toBe('N/A');
  });

  it('short date', () => {
    expect(shortDate('2025-07-15T12:00:00.000Z')).toBe('Jul 15, 2025');
    expect(shortDate(undefined)).toBe('');
  });

  it('signed amounts', () => {
    expect(signedAmount(60)).toBe('+60');
    expect(signedAmount(-20)).toBe('\u221220');
    expect(signedAmount(0)).toBe('0');
  });
});
