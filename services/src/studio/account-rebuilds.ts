import { QUEUED_FOR, RUNNING_FOR } from '@studio/events';
import { BOOK_EDIT_MESSAGES } from '@studio/events/requests';
import { DomainError } from '../platform/errors';
import { KeyedMutex } from '../platform/keyed-mutex';
import type { Platform } from '../platform/module';
import { readYourWrites } from '../platform/readstore/read-your-writes';
import { GENERATIONS, type GenerationDoc } from './generations-projection';

/** The statuses of a book whose files are being typeset again. */
const REBUILDING = [QUEUED_FOR.rebuild, RUNNING_FOR.rebuild];

/**
 * One free rebuild of an account's books at a time, whatever starts it (a saved edit, a reader QR
 * code): the account's requests queue here, each reads the read model once it holds the previous
 * one's events, and a request for one book while another of the account's is rebuilt is a 409.
 * The decider on the book's own stream decides the rest (a second rebuild of the same book, the
 * allowance). Across API processes the bus runs an account's rebuilds one after another all the
 * same (`studio/jobs.ts`).
 */
export function accountRebuilds({ eventStore, readStore }: Pick<Platform, 'eventStore' | 'readStore'>) {
  const generations = readStore.collection<GenerationDoc>(GENERATIONS);
  const accounts = new KeyedMutex();
  return {
    run<T>(userId: string, bookId: string, start: () => Promise<T>): Promise<T> {
      return accounts.run(userId, async () => {
        await readYourWrites({ eventStore, readStore }, GENERATIONS);
        const rebuilding = await generations.find({ userId, status: { $in: [...REBUILDING] } });
        if (rebuilding.some((book) => book._id !== bookId))
          throw new DomainError('CONFLICT', BOOK_EDIT_MESSAGES.anotherRebuilding);
        return start();
      });
    },
  };
}

export type AccountRebuilds = ReturnType<typeof accountRebuilds>;
