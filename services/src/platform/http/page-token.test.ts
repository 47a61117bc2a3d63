import { pageTokens } from './page-token';

const T0 = new Date('2026-11-25T10:00:00.000Z');
const later = (ms: number) => new Date(T0.getTime() + ms);

describe('page tokens', () => {
  it('redeems a token once, for its own subject, within its lifetime', () => {
    const tokens = pageTokens({ ttlMs: 60_000 });
    const token = tokens.issue('code-a', T0);
    expect(tokens.redeem(token, 'code-b', later(1000))).toBe(false);
    expect(tokens.redeem(token, 'code-a', later(1000))).toBe(true);
    expect(tokens.redeem(token, 'code-a', later(2000))).toBe(false);
  });

  it('refuses an expired, future, forged or foreign token', () => {
    const tokens = pageTokens({ ttlMs: 60_000 });
    expect(tokens.redeem(tokens.issue('code-a', T0), 'code-a', later(60_000))).toBe(false);
    expect(tokens.redeem(tokens.issue('code-a', later(5000)), 'code-a', T0)).toBe(false);
    const [issued, nonce, signature] = tokens.issue('code-a', T0).split('.') as [string, string, string];
    expect(tokens.redeem(`${issued}.${nonce}x.${signature}`, 'code-a', later(1))).toBe(false);
    expect(tokens.redeem(`${issued}.${nonce}.${signature}.x`, 'code-a', later(1))).toBe(false);
    expect(tokens.redeem(pageTokens({ ttlMs: 60_000 }).issue('code-a', T0), 'code-a', later(1))).toBe(false);
    for (const junk of [undefined, 42, {}, '', '..', 'a'.repeat(500)])
      expect(tokens.redeem(junk, 'code-a', T0)).toBe(false);
  });
});
