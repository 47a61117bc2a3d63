import { createHash, randomBytes } from 'node:crypto';

/**
 * A mailed one-use link's secret: `{userId}.{32 random bytes, base64url}`. The account is named
 * in it so the page's request finds the account stream without an index (and never lags behind
 * it); only the SHA-256 of the whole token is ever stored.
 */
export interface Link {
  token: string;
  tokenHash: string;
}

const TOKEN = /^([A-Za-z0-9_-]{1,64})\.[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function newLink(userId: string): Link {
  const token = `${userId}.${randomBytes(32).toString('base64url')}`;
  return { token, tokenHash: hashToken(token) };
}

/** The account a token names and the token's hash; undefined for anything not shaped as ours. */
export function readLink(token: string): { userId: string; tokenHash: string } | undefined {
  const match = TOKEN.exec(token);
  return match?.[1] ? { userId: match[1], tokenHash: hashToken(token) } : undefined;
}
