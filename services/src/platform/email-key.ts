import { createHash } from 'node:crypto';

/**
 * What names a stream for an email address without carrying it: the first 40 hex of the SHA-256 of
 * the normalised (trimmed, lower-cased) address. Stream names show up in logs, metrics and the
 * admin's tools; the address stays in the events' data. Stable without any secret.
 */
export const emailKey = (email: string): string =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 40);
