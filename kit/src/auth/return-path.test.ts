import { afterSignIn, safeNextPath, signInPath } from './return-path';

describe('where signing in leads', () => {
  it('keeps paths of this site only', () => {
    expect(safeNextPath('/payment?plan=premium')).toBe('/payment?plan=premium');
    expect(safeNextPath('/my-books/abc/edit#chapters')).toBe('/my-books/abc/edit#chapters');
    for (const bad of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '',
      '/auth',
      '/auth?next=/x',
      '/x\n',
      7,
      undefined,
      `/${'a'.repeat(600)}`,
    ]) {
      expect(safeNextPath(bad)).toBeUndefined();
    }
  });

  it('asks /auth to come back to the plan chosen, on the Register tab when asked', () => {
    expect(signInPath('/payment?plan=standard', 'register')).toBe(
      '/auth?tab=register&next=%2Fpayment%3Fplan%3Dstandard',
    );
    expect(signInPath('//evil.example')).toBe('/auth');
    expect(signInPath()).toBe('/auth');
  });

  it('returns to next, else to the page a signed-in route was opened at, else the dashboard', () => {
    expect(afterSignIn('?next=%2Fcheckout%2Fpremium', { pathname: '/my-books' })).toBe('/checkout/premium');
    expect(afterSignIn('', { pathname: '/my-books', search: '?view=list', hash: '#top' })).toBe(
      '/my-books?view=list#top',
    );
    expect(afterSignIn('?next=https%3A%2F%2Fevil.example')).toBe('/dashboard');
    expect(afterSignIn('')).toBe('/dashboard');
  });
});
