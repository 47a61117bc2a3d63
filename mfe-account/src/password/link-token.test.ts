import { linkToken } from './link-token';

describe('the token of a mailed link', () => {
  it('is read from the fragment, and absent without one', () => {
    expect(linkToken('#token=recA.abc_-123')).toBe('recA.abc_-123');
    expect(linkToken('token=recA.x')).toBe('recA.x');
    expect(linkToken('')).toBeUndefined();
    expect(linkToken('#token=')).toBeUndefined();
    expect(linkToken('#other=1')).toBeUndefined();
  });
});
