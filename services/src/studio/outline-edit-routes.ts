import { accountStream, BRIEF_FIELDS, DEFAULT_BOOK_LENGTH, generationStream } from '@studio/events';
import { editBriefRequest, editOutlineRequest } from '@studio/events/requests';
import type Koa from 'koa';
import { accountDecider } from '../account/decider';
import { DomainError } from '../platform/errors';
import type { RouteModule } from '../platform/http/app';
import { parse } from '../platform/http/validation';
import type { Platform } from '../platform/module';
import { type GenerationCommand, generationDecider } from './generation';
import { GENERATIONS, type GenerationDoc } from './generations-projection';
import { briefOf } from './job/brief';
import { nextRewritePrice, outlineRewriteChargeId } from './job/outline-rewrite-price';
import { FREE_OUTLINE_REWRITES } from './job/outlines';
import type { GenerationState } from './job/state';
import { ownResultOf } from './own-book';
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
  const ownBook = (ctx: Koa.Context) => ownResultOf(ctx, generations, ['non-fiction-v2']);
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
    /** What the next rewrite costs: 0 while the free one is left. */
    rewritePrice: nextRewritePrice(state.outlineRounds ?? 0, FREE_OUTLINE_REWRITES),
    /** The round a rewrite asked for now would be: a paid request names it. */
    rewriteRound: (state.outlineRounds ?? 0) + 1,
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
      const stream = generationStream(doc._id);
      const { state } = await commands.load(stream, generationDecider);
      const rounds = state.outlineRounds ?? 0;
      const price = nextRewritePrice(rounds, FREE_OUTLINE_REWRITES);
      if (price === 0) {
        await handle(ctx, userId, { type: 'RewriteOutlines', generationId: doc._id, userId });
        ctx.status = 202;
        ctx.body = { message: 'New outlines are being written', creditsUsed: 0 };
        return;
      }
      // The round the author saw and paid for: a second click on the same offer is the same
      // round, refused once that round's outlines exist, so it is never charged twice.
      const body = (ctx.request.body ?? {}) as { credits?: unknown; round?: unknown };
      const round = body.round ?? rounds + 1;
      if (typeof round !== 'number' || !Number.isSafeInteger(round))
        throw new DomainError('VALIDATION', 'round must be a whole number');
      const paid = {
        type: 'RewriteOutlinesPaid',
        generationId: doc._id,
        userId,
        round,
        chargeId: outlineRewriteChargeId(doc._id, round),
      } as const;
      // Whatever the book's stream would refuse is refused before anything is charged.
      generationDecider.decide(paid, state);
      // The price the author was shown is the price charged: a request without it charges nothing.
      if (body.credits !== price)
        throw new DomainError(
          'CONFLICT',
          `New outlines cost ${price} credits: confirm the price to write them`,
          {
            price,
          },
        );
      const meta = {
        at: clock.now().toISOString(),
        correlationId: String(ctx.state.requestId ?? doc._id),
        causationId: paid.chargeId,
        userId,
      };
      const charged = await commands.handle(
        accountStream(userId),
        accountDecider,
        { type: 'ChargeOutlineRewrite', chargeId: paid.chargeId, amount: price },
        meta,
      );
      try {
        await handle(ctx, userId, paid);
      } catch (error) {
        // Paid back unless this round's rewrite was recorded (by a request racing this one).
        const after = await commands.load(stream, generationDecider);
        if ((after.state.outlineRounds ?? 0) < round)
          await commands.handle(
            accountStream(userId),
            accountDecider,
            { type: 'RefundGeneration', generationId: paid.chargeId, reason: 'generation-failed' },
            meta,
          );
        throw error;
      }
      ctx.status = 202;
      ctx.body = {
        message: 'New outlines are being written',
        creditsUsed: price,
        remainingCredits: charged.state.credits,
      };
    });
  };
}
