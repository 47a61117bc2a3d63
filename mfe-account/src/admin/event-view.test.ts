import { dataRows, eventTitle } from './event-view';

describe('readable events', () => {
  it('splits the event type into words', () => {
    expect(eventTitle('CreditsGranted')).toBe('Credits granted');
    expect(eventTitle('AdminSubscriptionUpdated')).toBe('Admin subscription updated');
    expect(eventTitle('UserRegistered')).toBe('User registered');
  });

  it('lists the data fields', () => {
    expect(dataRows({ amount: 60, planId: 'basic', meta: { a: 1 } })).toEqual([
      ['amount', '60'],
      ['planId', 'basic'],
      ['meta', '{"a":1}'],
    ]);
    expect(dataRows(null)).toEqual([]);
    expect(dataRows('x')).toEqual([['value', 'x']]);
  });
});
