import { randomBytes } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Short ids keep the printed code small (fewer modules, easier to scan): 12 base-62 characters. */
export function newQrId(): string {
  let id = '';
  for (const byte of randomBytes(12)) id += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  return id;
}

export const QR_ID = /^[A-Za-z0-9]{12}$/;
