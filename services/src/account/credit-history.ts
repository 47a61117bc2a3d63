import type { Collection } from '../platform/readstore/port';
import type { LedgerDoc } from './projections';

/** Entries per page of the credit history (and the most a client may ask for). */
export const HISTORY_PAGE = 200;

export interface HistoryPage {
  entries: Array<
    Pick<LedgerDoc, 'at' | 'amount' | 'kind' | 'reason' | 'generationId' | 'planId'> & { id: string }
  >;
  /** Opaque; absent on the last page. */
  nextCursor?: string;
}

type Position = { at: string; id: string };

export const encodeCursor = (p: Position) => Buffer.from(JSON.stringify([p.at, p.id])).toString('base64url');

/** The position a cursor names, or undefined when it is not one this server made. */
export function decodeCursor(cursor: string): Position | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return undefined;
    const [at, id] = value as unknown[];
    if (typeof at !== 'string' || typeof id !== 'string' || Number.isNaN(Date.parse(at))) return undefined;
    return { at, id };
  } catch {
    return undefined;
  }
}

/**
 * One page of a user's ledger, newest first (ties by id). Keyset pagination: a page starts
 * strictly after the previous page's last entry, so entries added meanwhile (always newer) never
 * shift a page, and all pages together add up to the balance.
 */
export async function creditHistoryPage(
  ledger: Collection<LedgerDoc>,
  userId: string,
  limit: number,
  after?: Position,
): Promise<HistoryPage> {
  const wanted = limit + 1;
  let docs: LedgerDoc[];
  if (!after) {
    docs = await ledger.find({ userId }, { sort: { at: -1, _id: 1 }, limit: wanted });
  } else {
    const sameInstant = await ledger.find(
      { userId, at: after.at, _id: { $gt: after.id } },
      { sort: { _id: 1 }, limit: wanted },
    );
    const older =
      sameInstant.length < wanted
        ? await ledger.find(
            { userId, at: { $lt: after.at } },
            { sort: { at: -1, _id: 1 }, limit: wanted - sameInstant.length },
          )
        : [];
    docs = [...sameInstant, ...older];
  }
  const page = docs.slice(0, limit);
  const last = page.at(-1);
  return {
    entries: page.map(({ _id, userId: _owner, ...entry }) => ({ id: _id, ...entry })),
    ...(docs.length > limit && last ? { nextCursor: encodeCursor({ at: last.at, id: last._id }) } : {}),
  };
}

/** The sum of the entries newer than a position (the page before it and all above). */
export async function amountNewerThan(
  ledger: Collection<LedgerDoc>,
  userId: string,
  position: Position,
): Promise<number> {
  const newer = [
    ...(await ledger.find({ userId, at: { $gt: position.at } })),
    ...(await ledger.find({ userId, at: position.at, _id: { $lte: position.id } })),
  ];
  return newer.reduce((sum, entry) => sum + entry.amount, 0);
}
