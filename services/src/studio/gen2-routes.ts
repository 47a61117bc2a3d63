import { generationStream, outlineStatusLabel } from '@studio/events';
import { generateBookRequest } from '@studio/events/requests';
import type Koa from 'koa';
import { requireSelf, requireUser } from '../account/auth';
import { DomainError } from '../platform/errors';
import type { RouteModule } from '../platform/http/app';
import { parse } from '../platform/http/validation';
import type { Platform } from '../platform/module';
import { generationDecider } from './generation';
import { GENERATIONS, type GenerationDoc } from './generations-projection';

/** docs/product/creation-tools-qr.md (Data) Outline, with the States of a Gen 2.0 book. */
export function outlineRecord(doc: GenerationDoc) {
  const outlines = doc.outlines ?? [];
  return {
    id: doc._id,
    status: outlineStatusLabel(doc.status),
    generationStatus: doc.status,
    outline1: outlines[0] ?? '',
    outline2: outlines[1] ?? '',
    outline3: outlines[2] ?? '',
    bookGenerated: doc.outlineIndex !== undefined,
    ...(doc.outlineIndex !== undefined ? { outlineIndex: doc.outlineIndex } : {}),
  };
}

const generating = (doc: GenerationDoc) => doc.status === 'requested' || doc.status === 'running';

/** Answered while outlines are still being written: the client polls again in 5 s (docs/product/creation-tools-qr.md (API)). */
function stillGenerating(ctx: Koa.Context) {
  ctx.status = 422;
  ctx.body = { message: 'The outlines are still being generated', error: 'OUTLINES_PENDING' };
}

/** Gen 2.0: the outlines to choose from, and the choice that starts the book (docs/product/creation-tools-qr.md (API)). */
export function gen2Routes({
  readStore,
  commands,
  clock,
}: Pick<Platform, 'readStore' | 'commands' | 'clock'>): RouteModule {
  const generations = readStore.collection<GenerationDoc>(GENERATIONS);
  return (router) => {
    router.get('/api/non-fiction-gen2/outlines', async (ctx) => {
      const userId = requireUser(ctx);
      const { bookId, userId: claimed } = ctx.query;
      if (typeof bookId === 'string' && bookId !== '') {
        const doc = await generations.get(bookId);
        if (!doc || doc.userId !== userId || doc.kind !== 'non-fiction-v2')
          throw new DomainError('NOT_FOUND', 'Book not found');
        if (generating(doc)) return stillGenerating(ctx);
        ctx.body = [outlineRecord(doc)];
        return;
      }
      if (typeof claimed !== 'string' || claimed === '')
        throw new DomainError('VALIDATION', 'bookId or userId is required');
      requireSelf(ctx, claimed);
      const docs = await generations.find(
        { userId, kind: 'non-fiction-v2' },
        { sort: { createdAt: -1, _id: 1 } },
      );
      if (docs.length > 0 && docs.every(generating)) return stillGenerating(ctx);
      ctx.body = docs.map(outlineRecord);
    });

    router.post('/api/non-fiction-gen2/generate-book', async (ctx) => {
      const body = parse(generateBookRequest, ctx.request.body);
      const userId = requireSelf(ctx, body.userId);
      const doc = await generations.get(body.outlineId);
      if (!doc || doc.userId !== userId || doc.kind !== 'non-fiction-v2')
        throw new DomainError('NOT_FOUND', 'Book not found');
      await commands.handle(
        generationStream(body.outlineId),
        generationDecider,
        {
          type: 'ChooseOutline',
          generationId: body.outlineId,
          userId,
          outlineIndex: body.outlineIndex as 0 | 1 | 2,
        },
        {
          at: clock.now().toISOString(),
          correlationId: String(ctx.state.requestId ?? body.outlineId),
          causationId: body.outlineId,
          userId,
        },
      );
      ctx.body = { success: true, bookGenerated: true, message: 'Your book is now being generated.' };
    });
  };
}
