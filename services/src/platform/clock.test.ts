import { utcDay } from './clock';

describe('utcDay', () => {
  it('is the UTC calendar day, on both sides of midnight and back again', () => {
    const times = [
      '2026-11-28T23:59:59.999Z',
      '2026-11-29T00:00:00.000Z',
      '2026-11-28T00:00:00.000Z',
      '2026-11-29T12:30:00.000Z',
      '1969-12-31T23:59:59.000Z',
      '1970-01-01T00:00:00.000Z',
      '2024-02-29T10:00:00+14:00',
    ];
    for (const time of times) {
      const at = new Date(time);
      expect(utcDay(at)).toBe(at.toISOString().slice(0, 10));
    }
  });

  it('refuses an invalid date as formatting one does', () => {
    expect(() => utcDay(new Date(Number.NaN))).toThrow(RangeError);
  });
});
