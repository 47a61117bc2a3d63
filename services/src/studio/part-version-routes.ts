import { createHash } from 'node:crypto';
import {
  accountStream,
  chapterIndexOf,
  chapterPart,
  chapterRegenerationPrice,
  generationStream,
  type PartId,
  type PartValue,
} from '@studio/events';
import {
  choosePartVersionRequest,
  hasOnlyVisibleCharacters,
  regeneratePartRequest,
} from '@studio/events/requests';
import type Koa from 'koa';
import { requireUser } from '../account/auth';
import { accountDecider } from '../account/decider';
import { DomainError } from '../platform/errors';
import type { RouteModule } from '../platform/http/app';
import { parse } from '../platform/http/validation';
import { newId } from '../platform/ids';
import { requireAcceptable } from '../platform/moderation';
import type { Platform } from '../platform/module';
import type { AccountRebuilds } from './account-rebuilds';
import { saveEdits } from './book-edit-routes';
import { generationDecider } from './generation';
import { GENERATIONS, type GenerationDoc } from './generations-projection';
import type { PartRegeneration } from './job/part-versions';
import type { GenerationState } from './job/state';
import { requireAffordableNow } from './start-generation';

const BASE = '/api/books/:id/parts';
const NON_FICTION = ['non-fiction', 'non-fiction-v2'];

/** What the screens show of one regeneration. */
const regenerationView = (regenerationId: string, r: PartRegeneration) => ({
  regenerationId,
  part: r.part,
  status: r.status,
  cost: r.cost,
  requestedAt: r.requestedAt,
  ...(r.instruction ? { instruction: r.instruction } : {}),
  ...(r.version ? { version: r.version } : {}),
  ...(r.reason ? { reason: r.reason } : {}),
});

const sameValue = (a: PartValue, b: PartValue) =>
  a.title === b.title && a.paragraphs.join('\n\n') === b.paragraphs.join('\n\n');

/**
 * docs/product/creation-tools-qr.md (Screens and routes: Regenerating a part), for the chapters of
 * a finished non-fiction book: `GET /api/books/{id}/parts` lists each chapter's versions, which one is
 * in the book and its price; `POST …/parts/{part}/regenerate` writes one again with the author's
 * note (paid, once per `Idempotency-Key`, refunded on failure); `POST …/parts/{part}/choose` puts
 * a version in the book, which rebuilds its files for free like any edit. Owner only: 404 else.
 */
export function partVersionRoutes(
  platform: Pick<Platform, 'readStore' | 'commands' | 'clock' | 'moderator' | 'config'>,
  rebuilds: AccountRebuilds,
): RouteModule {
  const { readStore, commands, clock, moderator, config } = platform;
  const generations = readStore.collection<GenerationDoc>(GENERATIONS);

  /** The caller's finished non-fiction book, its state on its stream, and the part the path names. */
  const ownBook = async (ctx: Koa.Context) => {
    const userId = requireUser(ctx);
    const id = String(ctx.params.id ?? '');
    const doc = id.length <= 100 ? await generations.get(id) : undefined;
    if (!doc || doc.userId !== userId || !NON_FICTION.includes(doc.kind))
      throw new DomainError('NOT_FOUND', 'Book not found');
    const { state } = await commands.load(generationStream(id), generationDecider);
    if (state.userId !== userId) throw new DomainError('NOT_FOUND', 'Book not found');
    return { userId, doc, state };
  };
  const partOf = (ctx: Koa.Context, state: GenerationState): { part: PartId; index: number } => {
    const index = chapterIndexOf(String(ctx.params.part ?? ''));
    if (index === undefined || !state.edition?.chapters?.[index])
      throw new DomainError('NOT_FOUND', 'The book has no such chapter');
    return { part: chapterPart(index), index };
  };
  const priceOf = (state: GenerationState) =>
    chapterRegenerationPrice(state.request?.kind ?? 'non-fiction', state.edition?.chapters?.length ?? 1);

  /** Each chapter, its versions (the original first) and which one the book has now. */
  const partsView = (doc: GenerationDoc, state: GenerationState) => {
    const { regenerations, versions } = state.partVersions ?? { regenerations: {}, versions: {} };
    // The part's latest regeneration, while it runs or when it failed (a made one is a version).
    const latestOf = (part: string) => {
      const latest = Object.entries(regenerations)
        .filter(([, r]) => r.part === part)
        .at(-1);
      return latest && latest[1].status !== 'done' ? latest : undefined;
    };
    return {
      id: doc._id,
      title: state.edition?.title ?? doc.title ?? '',
      // Parts change only on a finished book (a rebuild under way included).
      editable: doc.status === 'completed' || doc.status.startsWith('rebuild'),
      price: priceOf(state),
      parts: (state.edition?.chapters ?? []).map((chapter, index) => {
        const part = chapterPart(index);
        const current: PartValue = { title: chapter.title, paragraphs: chapter.paragraphs };
        const kept = versions[part] ?? [{ version: 1, value: current, at: doc.createdAt }];
        const inBook = kept.find((v) => sameValue(v.value, current))?.version ?? null;
        const latest = latestOf(part);
        return {
          part,
          label: chapter.label ?? 'Introduction',
          title: chapter.title,
          // null: the author edited the chapter's text by hand since.
          inBook,
          versions: kept.map((v) => ({
            version: v.version,
            title: v.value.title,
            paragraphs: v.value.paragraphs,
            at: v.at,
            ...(v.instruction ? { instruction: v.instruction } : {}),
          })),
          ...(latest ? { regeneration: regenerationView(latest[0], latest[1]) } : {}),
        };
      }),
    };
  };

  return (router) => {
    router.get(BASE, async (ctx) => {
      const { doc, state } = await ownBook(ctx);
      ctx.body = partsView(doc, state);
    });

    router.post(`${BASE}/:part/regenerate`, async (ctx) => {
      const { userId, doc, state } = await ownBook(ctx);
      const { part } = partOf(ctx, state);
      const body = parse(regeneratePartRequest, ctx.request.body ?? {});
      const regenerationId = regenerationIdOf(ctx, userId, doc._id, part);
      const known = state.partVersions?.regenerations[regenerationId];
      if (known) {
        // The same request again: what became of it, charged once.
        ctx.status = known.status === 'pending' ? 202 : 200;
        ctx.body = regenerationView(regenerationId, known);
        return;
      }
      const instruction = body.instruction || undefined;
      // What the author asks for is checked before a credit is spent, like any prompt.
      if (instruction)
        await requireAcceptable(
          moderator,
          [{ label: 'the instruction', text: instruction }],
          config.moderation.outage,
        );
      const cost = priceOf(state);
      await requireAffordableNow(commands, userId, cost);
      const at = clock.now().toISOString();
      const context = {
        at,
        correlationId: String(ctx.state.requestId ?? regenerationId),
        causationId: regenerationId,
        userId,
      };
      // The request first, on the book's stream: a second regeneration of the part is refused
      // there (409) before anything is charged; then the debit, once per regeneration id.
      await commands.handle(
        generationStream(doc._id),
        generationDecider,
        {
          type: 'RegeneratePart',
          generationId: doc._id,
          userId,
          regenerationId,
          part,
          ...(instruction ? { instruction } : {}),
          cost,
          at,
        },
        context,
      );
      let credits: number;
      try {
        const charged = await commands.handle(
          accountStream(userId),
          accountDecider,
          {
            type: 'ChargePartRegeneration',
            regenerationId,
            bookId: doc._id,
            part,
            kind: state.request?.kind ?? 'non-fiction',
            cost,
          },
          context,
        );
        credits = charged.state.credits;
      } catch (error) {
        // Spent elsewhere in the meantime: the request ends unpaid (nothing to refund).
        await commands.handle(
          generationStream(doc._id),
          generationDecider,
          {
            type: 'FailPartRegeneration',
            generationId: doc._id,
            regenerationId,
            code: 'INTERNAL',
            reason: 'Not enough credits: nothing was charged.',
          },
          context,
        );
        throw error;
      }
      ctx.status = 202;
      ctx.body = {
        regenerationId,
        part,
        status: 'pending',
        cost,
        requestedAt: at,
        ...(instruction ? { instruction } : {}),
        remainingCredits: credits,
      };
    });

    router.post(`${BASE}/:part/choose`, async (ctx) => {
      const { userId, doc, state } = await ownBook(ctx);
      const { part, index } = partOf(ctx, state);
      const body = parse(choosePartVersionRequest, ctx.request.body);
      const chosen = state.partVersions?.versions[part]?.find((v) => v.version === body.version);
      if (!chosen) throw new DomainError('VALIDATION', 'Choose one of the versions of this chapter');
      await saveEdits(ctx, platform, rebuilds, {
        userId,
        doc,
        edits: { chapters: [{ index, title: chosen.value.title, paragraphs: chosen.value.paragraphs }] },
      });
    });
  };
}

/**
 * The request's regeneration id: from its `Idempotency-Key` (the same key for the same part of
 * the same book of the same account is the same regeneration), or new without one.
 */
function regenerationIdOf(ctx: Koa.Context, userId: string, bookId: string, part: string): string {
  const key = ctx.get('Idempotency-Key');
  if (!key) return `rg-${newId()}`;
  if (key.length > 100 || !hasOnlyVisibleCharacters(key))
    throw new DomainError('VALIDATION', 'The Idempotency-Key header must be up to 100 visible characters');
  return `rg-${createHash('sha256').update(`${userId}\n${bookId}\n${part}\n${key}`).digest('hex').slice(0, 32)}`;
}
