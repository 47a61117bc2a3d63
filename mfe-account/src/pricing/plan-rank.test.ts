import { findPlan } from '@studio/kit';
import { changeOf, currentPaidPlan, higherPlans } from './plan-rank';

describe('plan rank', () => {
  it('says whether a plan is an upgrade, a downgrade or the same for the current one', () => {
    expect(changeOf(findPlan('basic'), 'Premium')).toBe('downgrade');
    expect(changeOf(findPlan('standard'), 'Premium')).toBe('downgrade');
    expect(changeOf(findPlan('premium'), 'Basic')).toBe('upgrade');
    expect(changeOf(findPlan('standard'), 'Standard')).toBe('same');
    expect(changeOf(findPlan('basic'), 'Demo')).toBe('none');
    expect(changeOf(findPlan('basic'), undefined)).toBe('none');
  });

  it('Demo and unknown tiers have no paid plan; the top plan has none above it', () => {
    expect(currentPaidPlan('Standard')?.id).toBe('standard');
    expect(currentPaidPlan('Demo')).toBeUndefined();
    expect(currentPaidPlan('Gold')).toBeUndefined();
    expect(higherPlans('Basic').map((p) => p.id)).toEqual(['standard', 'premium']);
    expect(higherPlans('Premium')).toEqual([]);
  });
});
