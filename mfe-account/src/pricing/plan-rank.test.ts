import { findPlan } from '@studio/kit';
import { currentPaidPlan, isDowngrade } from './plan-rank';

describe('plan rank', () => {
  it('a lower paid plan than the current one is a downgrade; the same, a higher one or from Demo is not', () => {
    expect(isDowngrade(findPlan('basic'), 'Premium')).toBe(true);
    expect(isDowngrade(findPlan('standard'), 'Premium')).toBe(true);
    expect(isDowngrade(findPlan('basic'), 'Standard')).toBe(true);
    expect(isDowngrade(findPlan('standard'), 'Standard')).toBe(false);
    expect(isDowngrade(findPlan('premium'), 'Basic')).toBe(false);
    expect(isDowngrade(findPlan('basic'), 'Demo')).toBe(false);
    expect(isDowngrade(findPlan('basic'), undefined)).toBe(false);
  });

  it('Demo and unknown tiers have no paid plan', () => {
    expect(currentPaidPlan('Standard')?.id).toBe('standard');
    expect(currentPaidPlan('Demo')).toBeUndefined();
    expect(currentPaidPlan('Gold')).toBeUndefined();
  });
});
