import { createHash } from 'node:crypto';
import {
  accountStream,
  type BookEdits,
  chapterIndexOf,
  chapterPart,
  chapterRegenerationPrice,
  generationStream,
  type PartId,
  type PartValue,
  pictureRegenerationPrice,
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
import type { PartRegeneration, PartVersion } from './job/part-versions';
import type { GenerationState } from './job/state';
import { isPicture, pictureInBook, picturePartsOf, requirePicturePart } from './part-pictures';
import { requireAffordableNow } from './start-generation';

const BASE = '/api/books/:id/parts';
const NON_FICTION = ['non-fiction', 'non-fiction-v2'];
/** The books with parts to make again: chapters of non-fiction, pictures of the picture books. */
const WITH_PARTS = [...NON_FICTION, 'kids-book', 'coloring-book'];

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

const sameChapter = (a: PartValue, b: { title: string; paragraphs: string[] }) =>
  !isPicture(a) && a.title === b.title && a.paragraphs.join('\n\n') === b.paragraphs.join('\n\n');

/** A version as the screens show it: a chapter's words, or where to see a picture. */
const versionView = (path: string, part: string, v: PartVersion) => ({
  version: v.version,
  ...(isPicture(v.value)
    ? { picture: `${path}/${part}/versions/${v.version}/picture`, bytes: v.value.bytes }
    : { title: v.value.title, paragraphs: v.value.paragraphs }),
  at: v.at,
  ...(v.instruction ? { instruction: v.instruction } : {}),
});

/**
 * docs/product/creation-tools-qr.md (Screens and routes: Regenerating a part), for the chapters of
 * a finished non-fiction book: `GET /api/books/{id}/parts` lists each chapter's versions, which one is
 * in the book and its price; `POST …/parts/{part}/regenerate` writes one again with the author's
 * note (paid, once per `Idempotency-Key`, refunded on failure); `POST …/parts/{part}/choose` puts
 * a version in the book, which rebuilds its files for free like any edit. Owner only: 404 else.
 */
export function partVersionRoutes(
  platform: Pick<Platform, 'readStore' | 'commands' | 'clock' | 'moderator' | 'config' | 'blobs'>,
  rebuilds: AccountRebuilds,
): RouteModule {
  const { readStore, commands, clock, moderator, config, blobs } = platform;
  const generations = readStore.collection<GenerationDoc>(GENERATIONS);

  /** The caller's finished non-fiction book, its state on its stream, and the part the path names. */
  const ownBook = async (ctx: Koa.Context) => {
    const userId = requireUser(ctx);
    const id = String(ctx.params.id ?? '');
    const doc = id.length <= 100 ? await generations.get(id) : undefined;
    if (!doc || doc.userId !== userId || !WITH_PARTS.includes(doc.kind))
      throw new DomainError('NOT_FOUND', 'Book not found');
    const { state } = await commands.load(generationStream(id), generationDecider);
    if (state.userId !== userId) throw new DomainError('NOT_FOUND', 'Book not found');
    return { userId, doc, state };
  };
  /** The part the path names: a chapter of a non-fiction book, a picture of a picture book. */
  const partOf = (ctx: Koa.Context, state: GenerationState): { part: PartId; index?: number } => {
    const named = String(ctx.params.part ?? '');
    const kind = state.request?.kind ?? 'non-fiction';
    const index = chapterIndexOf(named);
    if (index === undefined) return { part: requirePicturePart(kind, state.artifacts, named) };
    if (!NON_FICTION.includes(kind))
      throw new DomainError('VALIDATION', 'This kind of part belongs to another kind of book');
    if (!state.edition?.chapters?.[index]) throw new DomainError('NOT_FOUND', 'The book has no such chapter');
    return { part: chapterPart(index), index };
  };
  const priceOf = (state: GenerationState) => {
    const kind = state.request?.kind ?? 'non-fiction';
    if (NON_FICTION.includes(kind))
      return chapterRegenerationPrice(kind, state.edition?.chapters?.length ?? 1);
    return pictureRegenerationPrice(kind, picturePartsOf(kind, state.artifacts).length);
  };

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
    const kind = state.request?.kind ?? 'non-fiction';
    const path = `/api/books/${doc._id}/parts`;
    return {
      id: doc._id,
      title: state.edition?.title ?? doc.title ?? '',
      // Parts change only on a finished book (a rebuild under way included).
      editable: doc.status === 'completed' || doc.status.startsWith('rebuild'),
      price: priceOf(state),
      parts: [
        ...(state.edition?.chapters ?? []).map((chapter, index) => {
          const part = chapterPart(index);
          const current: PartValue = { title: chapter.title, paragraphs: chapter.paragraphs };
          const kept = versions[part] ?? [{ version: 1, value: current, at: doc.createdAt }];
          const latest = latestOf(part);
          return {
            part,
            label: chapter.label ?? 'Introduction',
            title: chapter.title,
            // null: the author edited the chapter's text by hand since.
            inBook: kept.find((v) => sameChapter(v.value, chapter))?.version ?? null,
            versions: kept.map((v) => versionView(path, part, v)),
            ...(latest ? { regeneration: regenerationView(latest[0], latest[1]) } : {}),
          };
        }),
        ...picturePartsOf(kind, state.artifacts).map((part, i) => {
          const printed = pictureInBook(state.edition, state.artifacts, part) as string;
          const kept = versions[part] ?? [];
          const latest = latestOf(part);
          const label = kind === 'kids-book' ? `Page ${i + 1}` : `Design ${i + 1}`;
          return {
            part,
            label,
            title: `${label} picture`,
            // The picture the book was made with is version 1, a part never drawn again included.
            inBook: kept.find((v) => isPicture(v.value) && v.value.blobId === printed)?.version ?? 1,
            versions: kept.length
              ? kept.map((v) => versionView(path, part, v))
              : [{ version: 1, picture: `${path}/${part}/versions/1/picture`, at: doc.createdAt }],
            ...(latest ? { regeneration: regenerationView(latest[0], latest[1]) } : {}),
          };
        }),
      ],
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

    router.get(`${BASE}/:part/versions/:version/picture`, async (ctx) => {
      const { state } = await ownBook(ctx);
      const { part } = partOf(ctx, state);
      const blobId = pictureOf(state, part, Number(ctx.params.version));
      const blob = blobId ? await blobs.stream(blobId) : null;
      if (!blob) throw new DomainError('NOT_FOUND', 'The part has no such version');
      ctx.type = blob.contentType;
      ctx.length = blob.size;
      ctx.set('Cache-Control', 'private, max-age=31536000, immutable');
      ctx.body = blob.stream;
    });

    router.post(`${BASE}/:part/choose`, async (ctx) => {
      const { userId, doc, state } = await ownBook(ctx);
      const { part, index } = partOf(ctx, state);
      const body = parse(choosePartVersionRequest, ctx.request.body);
      const chosen = state.partVersions?.versions[part]?.find((v) => v.version === body.version);
      if (!chosen) throw new DomainError('VALIDATION', 'Choose one of the versions of this part');
      const value = chosen.value;
      if (isPicture(value)) {
        // The picture already printed is no change: the decider records nothing and says so.
        const printed = pictureInBook(state.edition, state.artifacts, part);
        const edits = printed === value.blobId ? {} : { pictures: [{ part, blobId: value.blobId }] };
        await saveEdits(ctx, platform, rebuilds, { userId, doc, edits: edits as BookEdits });
        return;
      }
      await saveEdits(ctx, platform, rebuilds, {
        userId,
        doc,
        edits: { chapters: [{ index: index ?? 0, title: value.title, paragraphs: value.paragraphs }] },
      });
    });
  };
}

/** The stored file of a picture part's version (version 1 of a part never drawn again: its own). */
function pictureOf(state: GenerationState, part: string, version: number): string | undefined {
  const kept = state.partVersions?.versions[part];
  if (!kept?.length) return version === 1 ? pictureInBook(undefined, state.artifacts, part) : undefined;
  const value = kept.find((v) => v.version === version)?.value;
  return value && isPicture(value) ? value.blobId : undefined;
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
