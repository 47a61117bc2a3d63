import type Koa from 'koa';
import { requireUser } from '../account/auth';
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

/**
 * The signed-in user's result the path's `:id` names, of one of `kinds` when given: anyone
 * else's, none, or an id no result has (over 100 characters) is a 404 saying `notFound`.
 */
export async function ownResultOf(
  ctx: Koa.Context,
  generations: Collection<GenerationDoc>,
  kinds?: readonly string[],
  notFound = 'Book not found',
): Promise<{ userId: string; doc: GenerationDoc }> {
  const userId = requireUser(ctx);
  const id = String(ctx.params.id ?? '');
  const doc = id.length <= 100 ? await generations.get(id) : undefined;
  if (!doc || doc.userId !== userId || (kinds && !kinds.includes(doc.kind)))
    throw new DomainError('NOT_FOUND', notFound);
  return { userId, doc };
}
