import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { ReadStore } from '../platform/readstore/port';

/** The signing key lives in the read store: every API process and every restart honours the same tokens. */
export const QR_FORM_KEY = 'qr_form_key';
const KEY_ID = 'current';
type KeyDoc = { _id: string; key: string };

/** How long a landing page's form stays good: a page left open over lunch still signs up. */
export const SIGNUP_TOKEN_TTL_MS = 24 * 60 * 60_000;
/** Signups one page load may send: a resubmitted thank-you page, or a second reader on the same phone. */
export const SIGNUPS_PER_PAGE = 3;

/**
 * The landing page's proof of a page load: the server writes a token into the form (a hidden
 * field the script sends too), and a signup must bring one issued for that code in the last
 * 24 hours, used at most SIGNUPS_PER_PAGE times. A script posting without loading the page, or
 * replaying one page's token, is refused; readers sharing an address each load their own page.
 * This replaces the Origin check on the no-JavaScript form POST (the page sends `Origin: null`).
 */
export class SignupTokens {
  /** Signs a code's id, the time of issue and the nonce. */
  private readonly mac: StoredKeyMac;
  /** Uses per token seen by this process (another process counts its own: the ceiling bounds both). */
  private used = new LRUCache<string, number>({ max: 100_000, ttl: SIGNUP_TOKEN_TTL_MS });

  constructor(readStore: ReadStore) {
    this.mac = storedKeyMac(readStore, KEY_ID);
  }

  async issue(qrId: string, now: Date): Promise<string> {
    const issued = now.getTime().toString(36);
    const nonce = randomBytes(12).toString('base64url');
    return `${issued}.${nonce}.${(await this.mac(qrId, issued, nonce)).toString('base64url')}`;
  }

  /** True when the token was issued for this code less than a day ago and has uses left (one is spent). */
  async spend(token: unknown, qrId: string, now: Date): Promise<boolean> {
    if (typeof token !== 'string' || token.length > 100) return false;
    const [issued = '', nonce = '', signature = '', ...rest] = token.split('.');
    const given = Buffer.from(signature, 'base64url');
    const age = now.getTime() - Number.parseInt(issued, 36);
    if (rest.length > 0 || given.length !== 16 || !(age >= 0 && age < SIGNUP_TOKEN_TTL_MS)) return false;
    if (!timingSafeEqual(given, await this.mac(qrId, issued, nonce))) return false;
    const uses = this.used.get(nonce) ?? 0;
    if (uses >= SIGNUPS_PER_PAGE) return false;
    this.used.set(nonce, uses + 1);
    return true;
  }
}

export type StoredKeyMac = (...fields: [string, string, string]) => Promise<Buffer>;

/**
 * A 16-byte HMAC of three fields with the key kept under `id` (`storedKey`): the key is read on
 * first use, and again after a read that failed.
 */
export function storedKeyMac(readStore: ReadStore, id: string): StoredKeyMac {
  let key: Promise<Buffer> | undefined;
  return async (...fields) => {
    key ??= storedKey(readStore, id).catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return createHmac('sha256', await key)
      .update(fields.join('\n'))
      .digest()
      .subarray(0, 16);
  };
}

/**
 * A signing key kept in the read store under `id` (made on first use), so every API process and
 * every restart honours the same tokens.
 */
export async function storedKey(readStore: ReadStore, id: string): Promise<Buffer> {
  const keys = readStore.collection<KeyDoc>(QR_FORM_KEY);
  let doc = await keys.get(id);
  if (!doc) {
    // Two processes starting together may both write: the read that follows settles on one.
    await keys.put({ _id: id, key: randomBytes(32).toString('base64') });
    doc = await keys.get(id);
  }
  if (!doc) throw new Error('A signing key could not be stored');
  return Buffer.from(doc.key, 'base64');
}
