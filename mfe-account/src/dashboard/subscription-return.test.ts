import type { User } from '@studio/kit';
import { accountUpdated } from './use-subscription-return';

const user = (subscriptionTier: string, credits: number) =>
  ({
    id: 'u',
    name: 'U',
    email: 'u@example.com',
    subscriptionTier,
    credits,
    isAdmin: false,
  }) as unknown as User;

describe('accountUpdated (the important notice shows when it is false after the refreshes)', () => {
  const before = { subscriptionTier: 'Demo', credits: 0 } as Pick<User, 'subscriptionTier' | 'credits'>;
  it('is true once the plan or the credits moved', () => {
    expect(accountUpdated(before, user('Basic', 0))).toBe(true);
    expect(accountUpdated(before, user('Demo', 60))).toBe(true);
  });
  it('is false when neither moved, or nobody is signed in', () => {
    expect(accountUpdated(before, user('Demo', 0))).toBe(false);
    expect(accountUpdated(before, null)).toBe(false);
  });
});
