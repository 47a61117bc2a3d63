import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { v7 as timeOrderedUuid } from 'uuid';

/**
 * Time-ordered (UUID version 7): the event store's unique index on event ids then grows at its
 * end, so the appends of one group commit share index pages instead of each dirtying a random
 * one (docs/backend.md, "Group commit"). Still a UUID to every reader; no one reads time from it.
 */
export const newEventId = () => timeOrderedUuid();
export const newId = () => randomUUID();

/**
 * A UUID-shaped id derived from a name (SHA-256, version-5 layout): the same name always gives the
 * same id, so an append that carries it is idempotent in the event store.
 */
export function nameBasedId(name: string): string {
  const h = createHash('sha256').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** User ids look like the spreadsheet-database record ids the spec's client knows ("rec" + 14). */
export function newRecordId(): string {
  const bytes = randomBytes(14);
  let id = 'rec';
  for (const byte of bytes) id += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  return id;
}
