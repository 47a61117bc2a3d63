import {
  CREDITS_PER_BOOK as BACKEND_CREDITS_PER_BOOK,
  tierAllowance as backendAllowance,
  PLAN_TERMS,
} from '@studio/events';
import { CREDITS_PER_BOOK, PLANS, tierAllowance } from './plans';

/**
 * The cards' plan table (with its display texts) lives in the kit; what a payment grants lives in
 * the shared events package. They must never disagree on a price, a credit or an allowance.
 */
describe('plan constants agree between the front-end and the backend', () => {
  it.each(PLANS.map((p) => [p.id, p] as const))('%s', (id, plan) => {
    const terms = PLAN_TERMS[id];
    expect([plan.name, plan.price, plan.credits, plan.popular]).toEqual([
      terms.name,
      terms.price,
      terms.credits,
      terms.popular,
    ]);
    expect(tierAllowance(terms.tier)).toBe(backendAllowance(terms.tier));
  });

  it('books per credits', () => {
    expect(CREDITS_PER_BOOK).toBe(BACKEND_CREDITS_PER_BOOK);
    expect(tierAllowance('Demo')).toBe(backendAllowance('Demo'));
  });
});
