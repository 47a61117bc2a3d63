import { checkUpdateForm, type UpdateFormValues } from './update-form';

const filled: UpdateFormValues = {
  userId: ' rec1 ',
  stripeCustomerId: 'cus_1',
  subscriptionId: '',
  tier: 'Premium',
  credits: '250',
};

describe('Update User Subscription form (docs/product/accounts-billing-admin.md (Screens and routes: Admin tools; Validation))', () => {
  it('sends the request the route parses: trimmed ids, numeric credits, no empty subscription id', () => {
    expect(checkUpdateForm(filled)).toEqual({
      errors: {},
      request: { userId: 'rec1', stripeCustomerId: 'cus_1', tier: 'Premium', credits: 250 },
    });
  });

  it('asks for both ids', () => {
    expect(checkUpdateForm({ ...filled, userId: ' ', stripeCustomerId: '' }).errors).toEqual({
      userId: 'Required',
      stripeCustomerId: 'Required',
    });
  });

  it.each([
    ['', 'Credits must be a number'],
    ['abc', 'Credits must be a number'],
    ['1.5', 'Credits must be a whole number'],
    ['99999999999999999999', 'Credits must be a whole number'],
    ['-5', 'Credits cannot be negative'],
  ])('refuses credits %j with the route’s message', (credits, message) => {
    const result = checkUpdateForm({ ...filled, credits });
    expect(result).toEqual({ errors: { credits: message } });
  });

  it('refuses a subscription id the route refuses, under that field (the submit would otherwise do nothing)', () => {
    expect(checkUpdateForm({ ...filled, subscriptionId: 'x'.repeat(256) }).errors).toEqual({
      subscriptionId: 'Subscription ID must be at most 255 characters',
    });
    expect(checkUpdateForm({ ...filled, stripeCustomerId: 'cus\u0007' }).errors).toEqual({
      stripeCustomerId: 'Customer ID must not contain control characters',
    });
    expect(checkUpdateForm({ ...filled, subscriptionId: 'x'.repeat(255) }).request?.subscriptionId).toBe(
      'x'.repeat(255),
    );
  });

  it('accepts 0 credits with spaces around', () => {
    expect(checkUpdateForm({ ...filled, credits: ' 0 ' }).request?.credits).toBe(0);
  });
});
