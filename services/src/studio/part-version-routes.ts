import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import {
  accountStream,
  type BookEdits,
  chapterIndexOf,
  chapterPart,
  chapterRegenerationPrice,
  type GenerationKind,
  generationStream,
  listingFieldOf,
  type PartId,
  type PartValue,
  pageTextIndexOf,
  picturePartOf,
  pictureRegenerationPrice,
} from '@studio/events';
import {
  choosePartVersionRequest,
  hasOnlyVisibleCharacters,
  regeneratePartRequest,
} from '@studio/events/requests';
import type Koa from 'koa';
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
import { ownResultOf } from './own-book';
import { isPicture, pictureInBook, picturePartsOf, requirePicturePart } from './part-pictures';
import { currentTextPart, textPartPrice, textPartsOf } from './part-texts';
import { requireAffordableNow } from './start-generation';

/** Where each kind's parts are: a book's chapters, page texts or pictures, a listing's fields. */
const BASES: Array<{ base: string; kinds: readonly GenerationKind[]; notFound: string }> = [
  {
    base: '/api/books/:id/parts',
    kinds: ['non-fiction', 'non-fiction-v2', 'kids-book', 'coloring-book'],
    notFound: 'Book not found',
  },
  { base: '/api/kdp-listings/:id/parts', kinds: ['kdp-listing'], notFound: 'Listing not found' },
];

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

/** A version as the screens show it: its words, or where to see its picture. */
const versionView = (path: string, part: string, v: PartVersion) => ({
  version: v.version,
  ...(isPicture(v.value)
    ? { picture: `${path}/${part}/versions/${v.version}/picture`, bytes: v.value.bytes }
    : v.value),
  at: v.at,
  ...(v.instruction ? { instruction: v.instruction } : {}),
});

type PartKind = 'chapter' | 'page' | 'picture' | 'listing';
/** A kids book's parts page by page (its text, then its picture); other results' as they come. */
const byPage = <P extends { part: string }>(parts: P[]): P[] => {
  const page = (p: P) => Number(/^page-(\d+)-/.exec(p.part)?.[1] ?? 0);
  return parts.every((p) => page(p) > 0) ? [...parts].sort((a, b) => page(a) - page(b)) : parts;
};

/** The kind of part a well-formed part id is; undefined for anything else. */
const partKind = (part: string): PartKind | undefined => {
  if (chapterIndexOf(part) !== undefined) return 'chapter';
  if (pageTextIndexOf(part) !== undefined) return 'page';
  if (picturePartOf(part)) return 'picture';
  return listingFieldOf(part) ? 'listing' : undefined;
};
const KIND_PARTS: Record<PartKind, readonly GenerationKind[]> = {
  chapter: ['non-fiction', 'non-fiction-v2'],
  page: ['kids-book'],
  picture: ['kids-book', 'coloring-book'],
  listing: ['kdp-listing'],
};

/**
 * docs/product/creation-tools-qr.md (Screens and routes: Regenerating a part), for the chapters of
 * a finished non-fiction book, the page texts of a kids book (`page-{n}-text`) and the fields of a
 * KDP listing (`/api/kdp-listings/{id}/parts`, `listing-{field}`): `GET …/parts` lists each part's
 * versions, which one is in the book (or listing) and its price; `POST …/parts/{part}/regenerate` writes one again with the author's
 * note (paid, once per `Idempotency-Key`, refunded on failure); `POST …/parts/{part}/choose` puts
 * a version in the book, which rebuilds its files for free like any edit (a listing's field goes in
 * at once: `GenerationPartVersionChosen`). Owner only: 404 else; a part of another kind, 400.
 */
export function partVersionRoutes(
  platform: Pick<Platform, 'readStore' | 'commands' | 'clock' | 'moderator' | 'config' | 'blobs'>,
  rebuilds: AccountRebuilds,
): RouteModule {
  const { readStore, commands, clock, moderator, config, blobs } = platform;
  const generations = readStore.collection<GenerationDoc>(GENERATIONS);

  /** The caller's result of these kinds, its state on its stream, and the part the path names. */
  const ownResult = async (ctx: Koa.Context, kinds: readonly GenerationKind[], notFound: string) => {
    const { userId, doc } = await ownResultOf(ctx, generations, kinds, notFound);
    const { state } = await commands.load(generationStream(doc._id), generationDecider);
    if (state.userId !== userId) throw new DomainError('NOT_FOUND', notFound);
    return { userId, doc, state };
  };
  /** The part the path names, of the kinds this result has. */
  const partOf = (ctx: Koa.Context, state: GenerationState): { part: PartId; index: number } => {
    const name = String(ctx.params.part ?? '');
    const kind = partKind(name);
    if (!kind) throw new DomainError('NOT_FOUND', 'There is no such part');
    const resultKind = state.request?.kind ?? 'non-fiction';
    if (!KIND_PARTS[kind].includes(resultKind))
      throw new DomainError(
        'VALIDATION',
        `A ${kind === 'listing' ? "listing's field" : kind} is not part of this ${resultKind === 'kdp-listing' ? 'listing' : 'book'}`,
      );
    if (kind === 'picture') return { part: requirePicturePart(resultKind, state.artifacts, name), index: 0 };
    const index = chapterIndexOf(name) ?? pageTextIndexOf(name) ?? 0;
    if (kind === 'chapter') {
      if (!state.edition?.chapters?.[index])
        throw new DomainError('NOT_FOUND', 'The book has no such chapter');
      return { part: chapterPart(index), index };
    }
    if (!currentTextPart(state, name)) throw new DomainError('NOT_FOUND', 'The book has no such page');
    return { part: name as PartId, index };
  };
  /** A part's price: its share of its tool's (a kids page's picture and its text differ). */
  const priceOf = (state: GenerationState, part: string) => {
    const kind = state.request?.kind ?? 'non-fiction';
    if (picturePartOf(part))
      return pictureRegenerationPrice(kind, picturePartsOf(kind, state.artifacts).length);
    return state.edition?.chapters
      ? chapterRegenerationPrice(kind, state.edition.chapters.length)
      : textPartPrice(state);
  };

  /** Each part in order with what it reads now: chapters, or a kids book's pages, or a listing's fields. */
  const partsNow = (state: GenerationState): Array<{ part: PartId; label: string; value: PartValue }> =>
    state.edition?.chapters
      ? state.edition.chapters.map((chapter, index) => ({
          part: chapterPart(index),
          label: chapter.label ?? 'Introduction',
          value: { title: chapter.title, paragraphs: chapter.paragraphs },
        }))
      : textPartsOf(state);

  /** Each part, its versions (the original first) and which one the book or listing has now. */
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
      kind: doc.kind,
      title: state.edition?.title ?? doc.title ?? '',
      // Parts change only on a finished result (a book's rebuild under way included).
      editable: doc.status === 'completed' || doc.status.startsWith('rebuild'),
      // The first part's price (a book's chapters cost alike; each part says its own).
      price: priceOf(state, partsNow(state)[0]?.part ?? picturePartsOf(kind, state.artifacts)[0] ?? ''),
      parts: byPage([
        ...partsNow(state).map(({ part, label, value: current }) => {
          const kept = versions[part] ?? [{ version: 1, value: current, at: doc.createdAt }];
          const latest = latestOf(part);
          return {
            part,
            label,
            ...current,
            price: priceOf(state, part),
            // null: the author edited the part's text by hand since.
            inBook: kept.find((v) => isDeepStrictEqual(v.value, current))?.version ?? null,
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
            title: 'Picture',
            price: priceOf(state, part),
            // The picture the book was made with is version 1, a part never drawn again included.
            inBook: kept.find((v) => isPicture(v.value) && v.value.blobId === printed)?.version ?? 1,
            versions: kept.length
              ? kept.map((v) => versionView(path, part, v))
              : [{ version: 1, picture: `${path}/${part}/versions/1/picture`, at: doc.createdAt }],
            ...(latest ? { regeneration: regenerationView(latest[0], latest[1]) } : {}),
          };
        }),
      ]),
    };
  };

  return (router) => {
    for (const { base, kinds, notFound } of BASES)
      routesAt(router, base, (ctx) => ownResult(ctx, kinds, notFound));
  };

  function routesAt(
    router: Parameters<RouteModule>[0],
    BASE: string,
    ownBook: (ctx: Koa.Context) => ReturnType<typeof ownResult>,
  ) {
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
      const cost = priceOf(state, part);
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
      const { value } = chosen;
      if (isPicture(value)) {
        // The picture already printed is no change: the decider records nothing and says so.
        const printed = pictureInBook(state.edition, state.artifacts, part);
        const edits = printed === value.blobId ? {} : { pictures: [{ part, blobId: value.blobId }] };
        await saveEdits(ctx, platform, rebuilds, { userId, doc, edits: edits as BookEdits });
        return;
      }
      if ('keywords' in value || listingFieldOf(part)) {
        // A listing's field: no files to rebuild, the listing reads the chosen version at once.
        await commands.handle(
          generationStream(doc._id),
          generationDecider,
          { type: 'ChoosePartVersion', generationId: doc._id, part, version: body.version },
          {
            at: clock.now().toISOString(),
            correlationId: String(ctx.state.requestId ?? doc._id),
            causationId: `${doc._id}:${part}:${body.version}`,
            userId,
          },
        );
        ctx.body = { part, inBook: body.version };
        return;
      }
      await saveEdits(ctx, platform, rebuilds, {
        userId,
        doc,
        edits:
          'text' in value
            ? { pages: [{ index, text: value.text }] }
            : { chapters: [{ index, title: value.title, paragraphs: value.paragraphs }] },
      });
    });
  }
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
