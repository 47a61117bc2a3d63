import { type BookEdits, bookStatusLabel, generationStream, QUEUED_FOR } from '@studio/events';
import { BOOK_EDIT_MESSAGES, chapterParagraphs, editBookRequest } from '@studio/events/requests';
import type Koa from 'koa';
import { requireUser } from '../account/auth';
import type { RouteModule } from '../platform/http/app';
import { parse } from '../platform/http/validation';
import type { Platform } from '../platform/module';
import type { AccountRebuilds } from './account-rebuilds';
import { generationDecider } from './generation';
import { GENERATIONS, type GenerationDoc } from './generations-projection';
import { ownBook } from './own-book';

/**
 * Editing a finished book (the Edit view reads its words from gallery's `GET /api/books/{id}/edition`):
 * `PATCH /api/books/{id}` records the changes (GenerationEdited) and the workers rebuild its files from the stored text,
 * free, with the usual progress events: BOOK_REBUILDS_PER_DAY per book in any 24 hours, one book
 * of an account at a time, nothing for a save that changes nothing. The owner only: anyone else
 * gets 404.
 */
export function bookEditRoutes(
  { readStore, commands, clock }: Pick<Platform, 'readStore' | 'commands' | 'clock'>,
  rebuilds: AccountRebuilds,
): RouteModule {
  const generations = readStore.collection<GenerationDoc>(GENERATIONS);
  return (router) => {
    router.patch('/api/books/:id', async (ctx) => {
      const userId = requireUser(ctx);
      const id = String(ctx.params.id);
      const doc = await ownBook(generations, userId, id);
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
