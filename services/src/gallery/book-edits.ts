import { type BookEdits, bookStatusLabel, generationStream, QUEUED_FOR } from '@studio/events';
import { BOOK_EDIT_MESSAGES, chapterParagraphs, chapterText, editBookRequest } from '@studio/events/requests';
import type Koa from 'koa';
import { requireUser } from '../account/auth';
import { DomainError } from '../platform/errors';
import type { RouteModule } from '../platform/http/app';
import { parse } from '../platform/http/validation';
import type { Platform } from '../platform/module';
import { editionOf } from '../studio/book-edition';
import { generationDecider } from '../studio/generation';
import { GENERATIONS, type GenerationDoc } from '../studio/generations-projection';
import type { AccountRebuilds } from './account-rebuilds';
import { BOOK_KINDS } from './books';
import { fileUrl } from './routes';

/** What the Edit view shows: the words the book's files were last built from. */
export function editionRecord(doc: GenerationDoc) {
  const edition = editionOf({
    kind: doc.kind,
    ...(doc.title ? { title: doc.title } : {}),
    ...(doc.author ? { author: doc.author } : {}),
    ...(doc.result ? { result: doc.result } : {}),
  });
  // The files the last build made, so the view can offer the rebuilt ones once they are ready.
  const files = Object.fromEntries(
    [
      ['interiorFile', 'pdf'],
      ['coverFile', 'cover-pdf'],
      ['epubFile', 'epub'],
    ].flatMap(([name, role]) => {
      const artifact = doc.artifacts.find((a) => a.role === role);
      return artifact ? [[name, fileUrl(artifact.blobId)]] : [];
    }),
  );
  return {
    id: doc._id,
    type: doc.kind,
    status: bookStatusLabel(doc.kind, doc.status),
    generationStatus: doc.status,
    progress: doc.progress,
    currentStep: doc.step,
    ...files,
    // Only a finished book with its text kept can be rebuilt; the view says why otherwise.
    editable: doc.status === 'completed' && edition !== undefined,
    ...(edition
      ? {
          title: edition.title,
          subtitle: edition.subtitle ?? '',
          author: edition.author,
          blurb: edition.blurb ?? '',
          ...(edition.chapters
            ? {
                chapters: edition.chapters.map((c) => ({
                  title: c.title,
                  ...(c.label ? { label: c.label } : {}),
                  text: chapterText(c.paragraphs),
                })),
              }
            : {}),
          ...(edition.pages ? { pages: edition.pages } : {}),
        }
      : {}),
    ...(doc.rebuildError ? { rebuildError: doc.rebuildError } : {}),
  };
}

/**
 * Editing a finished book: `GET /api/books/{id}/edition` reads its words, `PATCH /api/books/{id}`
 * records the changes (GenerationEdited) and the workers rebuild its files from the stored text,
 * free, with the usual progress events: BOOK_REBUILDS_PER_DAY per book in any 24 hours, one book
 * of an account at a time, nothing for a save that changes nothing. The owner only: anyone else
 * gets 404.
 */
export function bookEditRoutes(
  { readStore, commands, clock }: Pick<Platform, 'readStore' | 'commands' | 'clock'>,
  rebuilds: AccountRebuilds,
): RouteModule {
  const generations = readStore.collection<GenerationDoc>(GENERATIONS);
  const ownBook = async (userId: string, id: string) => {
    const doc = await generations.get(id);
    if (!doc || doc.userId !== userId || !(BOOK_KINDS as readonly string[]).includes(doc.kind))
      throw new DomainError('NOT_FOUND', 'Book not found');
    return doc;
  };
  return (router) => {
    router.get('/api/books/:id/edition', async (ctx) => {
      const userId = requireUser(ctx);
      ctx.body = editionRecord(await ownBook(userId, String(ctx.params.id)));
    });

    router.patch('/api/books/:id', async (ctx) => {
      const userId = requireUser(ctx);
      const id = String(ctx.params.id);
      const doc = await ownBook(userId, id);
      const body = parse(editBookRequest, ctx.request.body);
      const edits: BookEdits = {
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.subtitle !== undefined ? { subtitle: body.subtitle } : {}),
        ...(body.author !== undefined ? { author: body.author } : {}),
        ...(body.blurb !== undefined ? { blurb: body.blurb } : {}),
        ...(body.chapters?.length
          ? {
              chapters: body.chapters.map((c) => ({
                index: c.index,
                title: c.title,
                paragraphs: chapterParagraphs(c.text),
              })),
            }
          : {}),
        ...(body.pages?.length ? { pages: body.pages.map((p) => ({ index: p.index, text: p.text })) } : {}),
      };
      await saveEdits(ctx, { commands, clock }, rebuilds, { userId, doc, edits });
    });
  };
}

/**
 * Records a finished book's edits and answers: 202 while its files are rebuilt (free), 200 when
 * nothing changed. Used by the Edit view's save and by picking a version of a part.
 */
export async function saveEdits(
  ctx: Koa.Context,
  { commands, clock }: Pick<Platform, 'commands' | 'clock'>,
  rebuilds: AccountRebuilds,
  { userId, doc, edits }: { userId: string; doc: GenerationDoc; edits: BookEdits },
): Promise<void> {
  const id = doc._id;
  const at = clock.now().toISOString();
  // One rebuild per account at a time (account-rebuilds.ts); the decider on the book's own
  // stream decides the rest: a second save of the book while it is rebuilt is a 409, so
  // concurrent saves never start two rebuilds, a save that changes nothing records nothing,
  // and the free allowance is counted there.
  const { events } = await rebuilds.run(userId, id, () =>
    commands.handle(
      generationStream(id),
      generationDecider,
      { type: 'EditBook', generationId: id, userId, edits, at },
      { at, correlationId: String(ctx.state.requestId ?? id), causationId: id, userId },
    ),
  );
  if (events.length === 0) {
    ctx.status = 200;
    ctx.body = {
      id,
      status: bookStatusLabel(doc.kind, doc.status),
      generationStatus: doc.status,
      unchanged: true,
      message: BOOK_EDIT_MESSAGES.unchanged,
    };
    return;
  }
  ctx.status = 202;
  ctx.body = {
    id,
    status: bookStatusLabel(doc.kind, QUEUED_FOR.rebuild),
    generationStatus: QUEUED_FOR.rebuild,
    message: 'Your changes are saved. The files are being rebuilt.',
  };
}
