import { creditMessage, creditPercent, moreCreditsLabel } from './credit-display';

describe('credit display (docs/product/accounts-billing-admin.md (Screens and routes: Layout))', () => {
  it('percent is credits over the tier allowance, rounded', () => {
    expect(creditPercent(30, 'Basic')).toBe(50);
    expect(creditPercent(1, 'Standard')).toBe(1); // 0.67 rounds to 1
    expect(creditPercent(199, 'Premium')).toBe(50); // 49.75 rounds to 50
  });

  it('is capped at 100', () => {
    expect(creditPercent(120, 'Basic')).toBe(100);
  });

  it('is 0 for no or negative credits, and never divides by a zero allowance', () => {
    expect(creditPercent(0, 'Demo')).toBe(0);
    expect(creditPercent(-5, 'Basic')).toBe(0);
    expect(creditPercent(10, 'Demo')).toBe(100);
  });

  it('has the three messages', () => {
    expect(creditMessage(0)).toBe('You have 0 credits. Subscribe to a plan to create books.');
    expect(creditMessage(-3)).toBe('You have 0 credits. Subscribe to a plan to create books.');
    expect(creditMessage(1)).toBe('You have 1 credit remaining.');
    expect(creditMessage(2)).toBe('You have 2 credits remaining.');
    expect(creditMessage(60)).toBe('You have 60 credits remaining.');
  });
});

describe('the way to more credits', () => {
  it('is a higher plan below the top, and the renewal day on the top plan', () => {
    expect(moreCreditsLabel('Basic', '2026-12-27T00:00:00.000Z')).toBe('Get more credits →');
    expect(moreCreditsLabel('Demo', undefined)).toBe('Get more credits →');
    expect(moreCreditsLabel('Premium', '2026-12-27T10:00:00.000Z')).toBe('Credits renew Dec 27 →');
    expect(moreCreditsLabel('Premium', undefined)).toBe('View plans →');
  });
});
