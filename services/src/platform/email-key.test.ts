import { emailKey } from './email-key';

describe('emailKey', () => {
  // Newsletter and claim streams already stored are named by it: the key of an address must never
  // change. This is the first 40 hex of the SHA-256 of 'ada@example.com'.
  const ADA = 'b5fc85e55755f9e0d030a10ab4429b6b2944855f';

  it('names an address by the SHA-256 of its lower-cased form, so streams already written keep their names', () => {
    expect(emailKey('ada@example.com')).toBe(ADA);
    expect(emailKey('ADA@Example.COM')).toBe(ADA);
  });

  it('gives one key however the address is spaced', () => {
    expect(emailKey('  Ada@Example.com \t')).toBe(ADA);
  });

  it('gives different addresses different keys, without the address in them', () => {
    const key = emailKey('bob@example.com');
    expect(key).toMatch(/^[0-9a-f]{40}$/);
    expect(key).not.toBe(ADA);
  });
});
