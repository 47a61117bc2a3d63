import { createHash, randomBytes } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Short ids keep the printed code small (fewer modules, easier to scan): 12 base-62 characters. */
export function newQrId(): string {
  let id = '';
  for (const byte of randomBytes(12)) id += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  return id;
}

export const QR_ID = /^[A-Za-z0-9]{12}$/;

/**
 * The id of the one code a thing owns (a book's reader code), derived from its name: two
 * concurrent requests, even on two servers, create the same code, and the second create is a no-op.
 */
export function qrIdFor(name: string): string {
  let id = '';
  for (const byte of createHash('sha256').update(name).digest().subarray(0, 12))
    id += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  return id;
}
