import { QUEUED_FOR, RUNNING_FOR } from '@studio/events';
import { BOOK_EDIT_MESSAGES } from '@studio/events/requests';
import { DomainError } from '../platform/errors';
import { KeyedMutex } from '../platform/keyed-mutex';
import type { Platform } from '../platform/module';
import { readYourWrites } from '../platform/readstore/read-your-writes';
import { GENERATIONS, type GenerationDoc } from '../studio/generations-projection';

/** The statuses of a book whose files are being typeset again. */
const REBUILDING = [QUEUED_FOR.rebuild, RUNNING_FOR.rebuild];

/**
 * One free rebuild of an account's books at a time, whatever starts it (a book edit, a reader QR
 * code). The account's requests queue here, each reads the read model once it holds the previous
 * one's rebuild, and a request for a book while another of the account's books is rebuilt is a 409
 * before anything is written. One instance is shared by every route that starts a rebuild. Across
 * API processes the bus runs an account's rebuilds one after another all the same
 * (`studio/jobs.ts`).
 */
export type AccountRebuilds = <T>(userId: string, bookId: string, work: () => Promise<T>) => Promise<T>;

export function accountRebuilds({
  eventStore,
  readStore,
}: Pick<Platform, 'eventStore' | 'readStore'>): AccountRebuilds {
  const generations = readStore.collection<GenerationDoc>(GENERATIONS);
  const accounts = new KeyedMutex();
  return (userId, bookId, work) =>
    accounts.run(userId, async () => {
      await readYourWrites({ eventStore, readStore }, GENERATIONS);
      const rebuilding = await generations.find({ userId, status: { $in: [...REBUILDING] } });
      if (rebuilding.some((book) => book._id !== bookId))
        throw new DomainError('CONFLICT', BOOK_EDIT_MESSAGES.anotherRebuilding);
      return work();
    });
}
