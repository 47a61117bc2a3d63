import { randomBytes, randomUUID } from 'node:crypto';

export const newEventId = () => randomUUID();
export const newId = () => randomUUID();

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** User ids look like the spreadsheet-database record ids the spec's client knows ("rec" + 14). */
export function newRecordId(): string {
  const bytes = randomBytes(14);
  let id = 'rec';
  for (const byte of bytes) id += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  return id;
}
