import {
  ACCOUNT_MESSAGES,
  ADMIN_MESSAGES,
  adminUsersQuery,
  BILLING_MESSAGES,
  checkoutSessionRequest,
  fieldErrors,
  loginRequest,
  NEWSLETTER_MESSAGES,
  newsletterRequest,
  registerRequest,
  selfUpdateRequest,
  subscriptionPlanRequest,
  updateUserSubscriptionRequest,
} from './index';
import { landingColorsProblem, QR_MESSAGES, readableTextOn } from './rules';

const valid = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical' };

describe('account requests (docs/product/accounts-billing-admin.md (Validation))', () => {
  it('words every message as the spec does, all at once for a form', () => {
    expect(
      fieldErrors(registerRequest, { name: 'A', email: 'nope', password: '12345', phoneNumber: '' }),
    ).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email',
      password: 'Password must be at least 6 characters',
    });
    expect(ACCOUNT_MESSAGES).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email',
      password: 'Password must be at least 6 characters',
    });
  });

  it('gives the spec message for a missing or non-string field, not yup wording', () => {
    expect(fieldErrors(registerRequest, { email: 5, password: 123456 })).toEqual({
      name: ACCOUNT_MESSAGES.name,
      email: ACCOUNT_MESSAGES.email,
      password: ACCOUNT_MESSAGES.password,
    });
  });

  it('counts the name without surrounding spaces, the password as typed', () => {
    expect(fieldErrors(registerRequest, { ...valid, name: ' B ', password: '      ' })).toEqual({
      name: ACCOUNT_MESSAGES.name,
    });
    expect(
      registerRequest.validateSync({ ...valid, name: '  Ada  ', email: ' ada@example.com ' }),
    ).toMatchObject({
      name: 'Ada',
      email: 'ada@example.com',
    });
  });

  it('the phone number and the card are optional; an empty card id is no card', () => {
    expect(fieldErrors(registerRequest, { ...valid, phoneNumber: '' })).toEqual({});
    expect(registerRequest.validateSync({ ...valid, paymentMethodId: '' }).paymentMethodId).toBeUndefined();
  });

  it('login follows the same email and password rules', () => {
    expect(fieldErrors(loginRequest, { email: 'x', password: '12345' })).toEqual({
      email: ACCOUNT_MESSAGES.email,
      password: ACCOUNT_MESSAGES.password,
    });
    expect(fieldErrors(loginRequest, { email: 'ada@example.com', password: 'secret' })).toEqual({});
  });

  it.each([
    ['a@b.co', true],
    [' a@b.co ', true],
    ['first.last+tag@sub.example.org', true],
    ['', false],
    ['a@b', false],
    ['a b@c.de', false],
    ['@c.de', false],
    ['a@@c.de', false],
    ['a@c..de', false],
    [`${'a'.repeat(250)}@c.de`, false],
  ])('email %j valid: %s', (email, ok) => {
    expect(fieldErrors(loginRequest, { email, password: 'secret' }).email === undefined).toBe(ok);
  });
});

describe('billing requests', () => {
  it('defaults the checkout plan to basic and refuses an unknown one', () => {
    expect(checkoutSessionRequest.validateSync({})).toEqual({ planId: 'basic' });
    expect(fieldErrors(checkoutSessionRequest, { planId: 'gold' })).toEqual({
      planId: BILLING_MESSAGES.plan,
    });
    expect(BILLING_MESSAGES.plan).toBe('Plan must be basic, standard or premium');
  });

  it('needs the plan where no default applies', () => {
    expect(fieldErrors(subscriptionPlanRequest, {})).toEqual({ planId: BILLING_MESSAGES.plan });
    expect(subscriptionPlanRequest.validateSync({ planId: 'premium' })).toEqual({ planId: 'premium' });
  });
});

describe('admin requests', () => {
  const update = {
    userId: 'rec1',
    tier: 'premium',
    credits: 250,
    stripeCustomerId: ' cus_1 ',
    subscriptionId: '',
  };

  it('reads the tier in any case, credits as a number, empty ids as absent', () => {
    expect(updateUserSubscriptionRequest.validateSync(update)).toEqual({
      userId: 'rec1',
      tier: 'Premium',
      credits: 250,
      stripeCustomerId: 'cus_1',
      subscriptionId: undefined,
    });
  });

  it.each([
    [{ ...update, userId: ' ' }, 'userId', ADMIN_MESSAGES.userId],
    [{ ...update, tier: 'Gold' }, 'tier', 'Tier must be Demo, Basic, Standard or Premium'],
    [{ ...update, credits: 'lots' }, 'credits', 'Credits must be a number'],
    // JSON numbers only: coercion would turn these into 0, 1 or 16.
    [{ ...update, credits: '' }, 'credits', 'Credits must be a number'],
    [{ ...update, credits: null }, 'credits', 'Credits must be a number'],
    [{ ...update, credits: false }, 'credits', 'Credits must be a number'],
    [{ ...update, credits: true }, 'credits', 'Credits must be a number'],
    [{ ...update, credits: '0x10' }, 'credits', 'Credits must be a number'],
    [{ ...update, credits: '250' }, 'credits', 'Credits must be a number'],
    [{ ...update, credits: 1.5 }, 'credits', 'Credits must be a whole number'],
    [{ ...update, credits: -5 }, 'credits', 'Credits cannot be negative'],
  ])('refuses %j', (value, field, message) => {
    expect(fieldErrors(updateUserSubscriptionRequest, value)).toEqual({ [field]: message });
  });

  it('the self update takes a paid tier only', () => {
    expect(fieldErrors(selfUpdateRequest, { tier: 'demo' })).toEqual({ tier: 'Choose a paid tier' });
    expect(selfUpdateRequest.validateSync({ tier: 'basic' }).tier).toBe('Basic');
  });

  it('looks users up by email in lower case', () => {
    expect(adminUsersQuery.validateSync({ email: ' Ada@Example.COM ' })).toEqual({
      email: 'ada@example.com',
    });
    expect(fieldErrors(adminUsersQuery, { email: ['a@x.io', 'b@x.io'] })).toEqual({
      email: 'email is missing or invalid',
    });
  });
});

describe('newsletter request', () => {
  it('trims and lower-cases the address', () => {
    expect(newsletterRequest.validateSync({ email: '  Ada@Example.COM ' })).toEqual({
      email: 'ada@example.com',
    });
  });

  it('asks for a missing address and names an invalid one', () => {
    expect(fieldErrors(newsletterRequest, {})).toEqual({ email: NEWSLETTER_MESSAGES.emailRequired });
    expect(fieldErrors(newsletterRequest, { email: ' ' })).toEqual({
      email: NEWSLETTER_MESSAGES.emailRequired,
    });
    expect(fieldErrors(newsletterRequest, { email: 'a@b' })).toEqual({ email: NEWSLETTER_MESSAGES.email });
    expect(fieldErrors(newsletterRequest, { email: 7 })).toEqual({ email: NEWSLETTER_MESSAGES.email });
  });
});

describe('landing page colours', () => {
  it('button text is black or white, whichever contrasts more with the button', () => {
    expect(readableTextOn('#FFE600')).toBe('#000000');
    expect(readableTextOn('#1A237E')).toBe('#FFFFFF');
    expect(readableTextOn('#6C63FF')).toBe('#000000');
  });

  it('refuses text or a button too close to the background, naming the pair; defaults fill the gaps', () => {
    expect(landingColorsProblem({})).toBeNull();
    expect(landingColorsProblem({ textColor: '#EEEEEE' })).toBe(QR_MESSAGES.landingTextContrast);
    expect(landingColorsProblem({ backgroundColor: '#1A1A1A' })).toBe(QR_MESSAGES.landingTextContrast);
    expect(landingColorsProblem({ buttonColor: '#F0F0F0' })).toBe(QR_MESSAGES.landingButtonContrast);
    expect(
      landingColorsProblem({ backgroundColor: '#1A1A1A', textColor: '#FFFFFF', buttonColor: '#FFE600' }),
    ).toBeNull();
  });
});
