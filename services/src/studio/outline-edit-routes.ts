import { BRIEF_FIELDS, DEFAULT_BOOK_LENGTH, generationStream } from '@studio/events';
import { editBriefRequest, editOutlineRequest } from '@studio/events/requests';
import type Koa from 'koa';
import { requireUser } from '../account/auth';
import { DomainError } from '../platform/errors';
import type { RouteModule } from '../platform/http/app';
import { parse } from '../platform/http/validation';
import type { Platform } from '../platform/module';
import { briefOf } from './book-brief-edit';
import {
  FREE_OUTLINE_REWRITES,
  type GenerationCommand,
  type GenerationState,
  generationDecider,
} from './generation';
import { GENERATIONS, type GenerationDoc } from './generations-projection';
import { parseOutline } from './writing/book-text';

const BASE = '/api/non-fiction-gen2/books/:id/outlines';

/** The brief the chapters will be written with and the book's length, as the editor shows them. */
function bookShapeOf(state: GenerationState) {
  const input = state.request?.kind === 'non-fiction-v2' ? state.request.input : undefined;
  return {
    brief: briefOf(state),
    length: input?.length ?? DEFAULT_BOOK_LENGTH,
  };
}

/**
 * Gen 2.0's outline editor: the three outlines as chapters to edit, the author's version of one
 * of them, and new outlines once, free (docs/product/creation-tools-qr.md (Screens and routes: Non-fiction Gen 2.0)).
 * Every change goes through the generation's decider, which refuses it once a book is being
 * written, so an edit and the choice that starts the book never both count.
 */
export function outlineEditRoutes({
  readStore,
  commands,
  clock,
}: Pick<Platform, 'readStore' | 'commands' | 'clock'>): RouteModule {
  const generations = readStore.collection<GenerationDoc>(GENERATIONS);
  const ownBook = async (ctx: Koa.Context) => {
    const userId = requireUser(ctx);
    const id = String(ctx.params.id ?? '');
    const doc = id.length <= 100 ? await generations.get(id) : undefined;
    if (!doc || doc.userId !== userId || doc.kind !== 'non-fiction-v2')
      throw new DomainError('NOT_FOUND', 'Book not found');
    return { userId, doc };
  };
  const handle = (ctx: Koa.Context, userId: string, command: GenerationCommand & { generationId: string }) =>
    commands.handle(generationStream(command.generationId), generationDecider, command, {
      at: clock.now().toISOString(),
      correlationId: String(ctx.state.requestId ?? command.generationId),
      causationId: command.generationId,
      userId,
    });
  /** The outlines as the editor shows them, the book's brief and length, and what may still be done. */
  const view = (doc: GenerationDoc, state: GenerationState) => ({
    status: doc.status,
    editable: doc.status === 'outlines-ready' && doc.outlineIndex === undefined,
    rewritesLeft: Math.max(0, FREE_OUTLINE_REWRITES - (state.outlineRounds ?? 0)),
    outlines: (state.outlines ?? []).map((text) => parseOutline(text)),
    ...bookShapeOf(state),
  });

  return (router) => {
    router.get(BASE, async (ctx) => {
      const { userId, doc } = await ownBook(ctx);
      const { state } = await commands.load(generationStream(doc._id), generationDecider);
      if (state.userId !== userId) throw new DomainError('NOT_FOUND', 'Book not found');
      ctx.body = view(doc, state);
    });

    router.put(`${BASE}/:index`, async (ctx) => {
      const { userId, doc } = await ownBook(ctx);
      const index = Number(ctx.params.index);
      if (index !== 0 && index !== 1 && index !== 2)
        throw new DomainError('VALIDATION', 'The outline is 0, 1 or 2');
      const body = parse(editOutlineRequest, ctx.request.body);
      const { state } = await handle(ctx, userId, {
        type: 'EditOutline',
        generationId: doc._id,
        userId,
        outlineIndex: index,
        ...(body.introduction ? { introduction: body.introduction } : {}),
        chapters: body.chapters.map(({ title, summary }) => ({ title, summary })),
      });
      ctx.body = view(doc, state);
    });

    router.put('/api/non-fiction-gen2/books/:id/brief', async (ctx) => {
      const { userId, doc } = await ownBook(ctx);
      const body = parse(editBriefRequest, ctx.request.body);
      const brief = Object.fromEntries(
        BRIEF_FIELDS.flatMap((field) => (body[field] ? [[field, body[field]]] : [])),
      );
      const { state } = await handle(ctx, userId, {
        type: 'EditBrief',
        generationId: doc._id,
        userId,
        brief,
      });
      ctx.body = view(doc, state);
    });

    router.post(`${BASE}/rewrite`, async (ctx) => {
      const { userId, doc } = await ownBook(ctx);
      await handle(ctx, userId, { type: 'RewriteOutlines', generationId: doc._id, userId });
      ctx.status = 202;
      ctx.body = { message: 'New outlines are being written' };
    });
  };
}
