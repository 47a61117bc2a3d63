import { hasErrors, isValidEmail, validateLogin, validateRegister } from './validation';

describe('login and register validation (spec 01 §5)', () => {
  it('accepts a valid login', () => {
    expect(validateLogin({ email: 'ada@example.com', password: 'secret' })).toEqual({});
  });

  it('words every message as the spec does', () => {
    expect(validateRegister({ name: 'A', email: 'nope', password: '12345', phoneNumber: '' })).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email',
      password: 'Password must be at least 6 characters',
    });
  });

  it('counts the name without surrounding spaces, the password as typed', () => {
    expect(validateRegister({ name: ' B ', email: 'b@x.io', password: '      ', phoneNumber: '' })).toEqual({
      name: 'Name must be at least 2 characters',
    });
  });

  it('the phone number is optional', () => {
    expect(
      hasErrors(validateRegister({ name: 'Bo', email: 'b@x.io', password: 'secret', phoneNumber: '' })),
    ).toBe(false);
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
  ])('email %j valid: %s', (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
  });
});
