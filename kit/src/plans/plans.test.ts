import { PLAN_TERMS } from '@studio/events/plans';
import { booksForCredits, findPlan, formatPrice, isPlanId, PLANS, tierAllowance } from './plans';

describe('plan constants (docs/product/accounts-billing-admin.md (Limits and costs))', () => {
  it('prices and credits per plan', () => {
    expect(
      [findPlan('basic'), findPlan('standard'), findPlan('premium')].map((p) => [
        formatPrice(p.price),
        p.credits,
      ]),
    ).toEqual([
      ['$29.99', 60],
      ['$49.99', 150],
      ['$99.99', 400],
    ]);
    expect(findPlan('standard').popular).toBe(true);
  });

  it('tier allowance is 60/150/400 and 0 for any other tier', () => {
    expect(tierAllowance('Basic')).toBe(60);
    expect(tierAllowance('standard')).toBe(150);
    expect(tierAllowance('Premium')).toBe(400);
    expect(tierAllowance('Demo')).toBe(0);
    expect(tierAllowance(undefined)).toBe(0);
  });

  it('books are credits divided by 20, rounded down', () => {
    expect(booksForCredits(150)).toBe(7);
    expect(booksForCredits(19)).toBe(0);
  });

  it('recognises plan ids', () => {
    expect(isPlanId('premium')).toBe(true);
    expect(isPlanId('gold')).toBe(false);
  });
});

describe('plan cards over the shared plan terms (@studio/events)', () => {
  it('lists the plans of the shared table, in its order, with its numbers', () => {
    expect(PLANS.map((p) => [p.id, p.name, p.price, p.credits, p.popular])).toEqual(
      Object.values(PLAN_TERMS).map((t) => [t.id, t.name, t.price, t.credits, t.popular]),
    );
  });

  it("prints each plan's own credits on its card, so a change of terms cannot leave stale texts", () => {
    for (const plan of PLANS) {
      expect(plan.features[0]).toBe(`${plan.credits} credits per month`);
      expect(plan.books).toContain(String(booksForCredits(plan.credits)));
    }
  });
});
