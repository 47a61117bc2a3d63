import { creditsOfTier, DEFAULT_ADMIN_CREDITS, DEFAULT_ADMIN_TIER, PAID_TIER_OPTIONS } from './tiers';

describe('admin tier choices (docs/product/accounts-billing-admin.md (Screens and routes: Admin tools; Limits and costs))', () => {
  it('defaults to Basic with 60 credits', () => {
    expect(DEFAULT_ADMIN_TIER).toBe('Basic');
    expect(DEFAULT_ADMIN_CREDITS).toBe(creditsOfTier('Basic'));
  });

  it('labels the older prices with the current credits', () => {
    expect(PAID_TIER_OPTIONS.map((o) => o.label)).toEqual([
      'Basic - $19 (60 credits)',
      'Standard - $39 (150 credits)',
      'Premium - $89 (400 credits)',
    ]);
    expect(creditsOfTier('Demo')).toBe(0);
  });
});
