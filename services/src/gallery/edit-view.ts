import { bookStatusLabel } from '@studio/events';
import { chapterText } from '@studio/events/requests';
import { requireUser } from '../account/auth';
import type { RouteModule } from '../platform/http/app';
import type { Platform } from '../platform/module';
import { editionOf } from '../studio/book-edition';
import { GENERATIONS, type GenerationDoc } from '../studio/generations-projection';
import { ownBook } from '../studio/own-book';
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

/** `GET /api/books/{id}/edition`: the owner's book as the Edit view shows it; anyone else gets 404. */
export function editViewRoutes({ readStore }: Pick<Platform, 'readStore'>): RouteModule {
  const generations = readStore.collection<GenerationDoc>(GENERATIONS);
  return (router) => {
    router.get('/api/books/:id/edition', async (ctx) => {
      const userId = requireUser(ctx);
      ctx.body = editionRecord(await ownBook(generations, userId, String(ctx.params.id)));
    });
  };
}
