import { DomainError } from '../platform/errors';
import type { Collection } from '../platform/readstore/port';
import type { GenerationDoc } from './generations-projection';
import { kindsListedIn } from './tools/registry';

/** My Books lists the tools the registry places there. */
export const BOOK_KINDS = kindsListedIn({ list: 'books' });

/** The signed-in user's book from the generations read model: anyone else's, or no book, is a 404. */
export async function ownBook(
  generations: Collection<GenerationDoc>,
  userId: string,
  id: string,
): Promise<GenerationDoc> {
  const doc = await generations.get(id);
  if (!doc || doc.userId !== userId || !(BOOK_KINDS as readonly string[]).includes(doc.kind))
    throw new DomainError('NOT_FOUND', 'Book not found');
  return doc;
}
