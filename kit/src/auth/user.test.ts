import { normalizeUser } from './user';

describe('normalizeUser', () => {
  it('reads the alternative field spellings of docs/product/accounts-billing-admin.md (Data)', () => {
    expect(
      normalizeUser({
        id: 'rec1',
        Name: 'Ada',
        Email: 'a@x.io',
        Credits: 5,
        'Subscription Tier': 'Basic',
        'Created Time': '2025-01-01',
      }),
    ).toEqual({
      id: 'rec1',
      name: 'Ada',
      email: 'a@x.io',
      credits: 5,
      subscriptionTier: 'Basic',
      createdAt: '2025-01-01',
      isAdmin: false,
      emailVerified: false,
    });
  });

  it('reads the verified address, the renewal date and a scheduled plan, trusting only a boolean', () => {
    expect(
      normalizeUser({
        id: 'u',
        emailVerified: true,
        renewsAt: '2026-12-27T00:00:00.000Z',
        nextPlanId: 'basic',
      }),
    ).toMatchObject({ emailVerified: true, renewsAt: '2026-12-27T00:00:00.000Z', nextPlanId: 'basic' });
    expect(normalizeUser({ id: 'u', emailVerified: 'yes' }).emailVerified).toBe(false);
  });

  it('defaults the tier to Demo and only trusts a boolean isAdmin', () => {
    const user = normalizeUser({ id: 'u', name: 'B', email: 'b@x.io', credits: 0, isAdmin: 'yes' });
    expect(user.subscriptionTier).toBe('Demo');
    expect(user.isAdmin).toBe(false);
  });
});
