import type { User } from '@studio/kit';
import { paymentInPlace } from './use-subscription-return';

const user = (subscriptionTier: string, credits: number) =>
  ({
    id: 'u',
    name: 'U',
    email: 'u@example.com',
    subscriptionTier,
    credits,
    isAdmin: false,
  }) as unknown as User;

describe('paymentInPlace (green alert when true; the important notice when false after the refreshes)', () => {
  const demoAtReturn = { subscriptionTier: 'Demo', credits: 0 } as Pick<User, 'subscriptionTier' | 'credits'>;

  it('is true when the account already had the plan bought as the browser came back', () => {
    const standard = user('Standard', 150);
    expect(paymentInPlace(standard, 'standard', { subscriptionTier: 'Standard', credits: 150 })).toBe(true);
  });
  it('is false while an upgrade has not landed: a paid plan, but not the one bought', () => {
    expect(paymentInPlace(user('Basic', 60), 'standard', { subscriptionTier: 'Basic', credits: 60 })).toBe(
      false,
    );
    expect(paymentInPlace(user('Demo', 0), 'basic', demoAtReturn)).toBe(false);
  });
  it('without a plan in the return address: any paid plan, or credits that moved', () => {
    expect(paymentInPlace(user('Basic', 60), null, { subscriptionTier: 'Basic', credits: 60 })).toBe(true);
    expect(paymentInPlace(user('Demo', 60), null, demoAtReturn)).toBe(true);
    expect(paymentInPlace(user('Demo', 0), null, demoAtReturn)).toBe(false);
  });
  it('is false when nobody is signed in', () => {
    expect(paymentInPlace(null, 'basic', demoAtReturn)).toBe(false);
  });
});
