import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/**
 * Proof that a page was served here: a short-lived token the server writes into a page, which the
 * page's script sends back with a request (a scan beacon, a form). Signed with a key of this
 * process, bound to a subject (the page's code, form, …), spendable once. Behind several API
 * processes a token spent on another process is refused: the safe side for counting and spam.
 */
export interface PageTokens {
  issue(subject: string, now: Date): string;
  /** True once for a token issued for `subject` less than `ttlMs` ago; false for anything else. */
  redeem(token: unknown, subject: string, now: Date): boolean;
}

export function pageTokens(options: { ttlMs: number; maxSpent?: number }): PageTokens {
  const key = randomBytes(32);
  const spent = new LRUCache<string, true>({ max: options.maxSpent ?? 100_000, ttl: options.ttlMs });
  const mac = (subject: string, issued: string, nonce: string) =>
    createHmac('sha256', key).update(`${subject}\n${issued}\n${nonce}`).digest().subarray(0, 16);
  return {
    issue(subject, now) {
      const issued = now.getTime().toString(36);
      const nonce = randomBytes(12).toString('base64url');
      return `${issued}.${nonce}.${mac(subject, issued, nonce).toString('base64url')}`;
    },
    redeem(token, subject, now) {
      if (typeof token !== 'string' || token.length > 100) return false;
      const [issued = '', nonce = '', signature = '', ...rest] = token.split('.');
      const given = Buffer.from(signature, 'base64url');
      const age = now.getTime() - Number.parseInt(issued, 36);
      if (rest.length > 0 || given.length !== 16 || !(age >= 0 && age < options.ttlMs)) return false;
      if (!timingSafeEqual(given, mac(subject, issued, nonce)) || spent.has(nonce)) return false;
      spent.set(nonce, true);
      return true;
    },
  };
}
