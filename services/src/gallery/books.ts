import { bookStatusLabel, epubIncluded, isFinished, isRebuilding, KIDS_BOOK_PAGES } from '@studio/events';
import { requireSelf, requireUser } from '../account/auth';
import { DomainError } from '../platform/errors';
import type { RouteModule } from '../platform/http/app';
import type { Platform } from '../platform/module';
import { readYourWrites } from '../platform/readstore/read-your-writes';
import { GENERATIONS, type GenerationDoc } from '../studio/generations-projection';
import { BOOK_KINDS } from '../studio/own-book';
import { failure } from './failure';
import { fileUrl } from './routes';

const NON_FICTION = ['non-fiction', 'non-fiction-v2'];

/** The book record My Books and the dashboard read (docs/product/accounts-billing-admin.md (Data), docs/product/creation-tools-qr.md (Data)). */
export function bookRecord(doc: GenerationDoc) {
  const file = (role: string) => {
    const artifact = doc.artifacts.find((a) => a.role === role);
    return artifact ? fileUrl(artifact.blobId) : undefined;
  };
  const title =
    doc.title ?? String(doc.input.title ?? doc.input.prompt ?? doc.input.storyDescription ?? 'Untitled');
  const pdf = file('pdf');
  const outlines = doc.outlines ?? [];
  return {
    id: doc._id,
    userId: doc.userId,
    title,
    type: doc.kind,
    // The product's words, and the status they translate, which the screens compare.
    status: bookStatusLabel(doc.kind, doc.status),
    generationStatus: doc.status,
    progress: doc.progress,
    currentStep: doc.step,
    theme: typeof doc.input.theme === 'string' ? doc.input.theme : undefined,
    createdAt: doc.createdAt,
    ...(doc.kind === 'non-fiction-v2' && pdf ? { downloadLink: pdf } : {}),
    ...(doc.kind === 'coloring-book' && pdf ? { shareLink: pdf } : {}),
    ...(doc.kind !== 'non-fiction-v2' && doc.kind !== 'coloring-book' && pdf ? { finalBookFile: pdf } : {}),
    ...(file('epub') ? { epubFile: file('epub') } : {}),
    // Rebuilt with its reader codes: the card offers the book's Readers.
    ...(doc.result?.readerQr ? { hasReaders: true } : {}),
    ...(file('docx') ? { docxFile: file('docx') } : {}),
    // Non-fiction made on a plan without EPUB: the screens say why there is no EPUB to download.
    ...(NON_FICTION.includes(doc.kind) && !epubIncluded(doc.tier) ? { epubIncluded: false } : {}),
    ...(file('cover') ? { coverImage: file('cover') } : {}),
    ...(file('cover-pdf') ? { coverFile: file('cover-pdf') } : {}),
    ...failure(doc),
    ...(doc.rebuildError ? { rebuildError: doc.rebuildError } : {}),
    // Pictures enlarged beyond their real detail: the book is made, the author is told.
    ...(typeof doc.result?.printWarning === 'string' ? { printWarning: doc.result.printWarning } : {}),
    ...(isRebuilding(doc.status) ? { rebuilding: true } : {}),
    ...(outlines[0] ? { outlineText1: outlines[0] } : {}),
    ...(outlines[1] ? { outlineText2: outlines[1] } : {}),
    ...(outlines[2] ? { outlineText3: outlines[2] } : {}),
  };
}

/** docs/product/creation-tools-qr.md (Data) Kids book record: title, storyDescription, status, createdAt, Page1..Page24, PNG1..PNG24. */
export function kidsBookRecord(doc: GenerationDoc) {
  const pages = Array.isArray(doc.result?.pages) ? (doc.result.pages as unknown[]) : [];
  const record: Record<string, unknown> = {
    id: doc._id,
    title: doc.title ?? String(doc.input.characterName ?? 'Kids book'),
    storyDescription: String(doc.input.storyDescription ?? ''),
    characterName: String(doc.input.characterName ?? ''),
    status: bookStatusLabel(doc.kind, doc.status),
    generationStatus: doc.status,
    progress: doc.progress,
    createdAt: doc.createdAt,
    ...failure(doc),
  };
  for (let n = 1; n <= KIDS_BOOK_PAGES; n++) {
    const text = pages[n - 1];
    if (typeof text === 'string') record[`Page${n}`] = text;
    const image = doc.artifacts.find((a) => a.role === `page-${n}-image`);
    if (image) record[`PNG${n}`] = fileUrl(image.blobId);
  }
  // The print PDF (8.5×8.5 with bleed) and the ebook, downloadable from the viewer.
  const pdf = doc.artifacts.find((a) => a.role === 'pdf');
  if (pdf) record.finalBookFile = fileUrl(pdf.blobId);
  const epub = doc.artifacts.find((a) => a.role === 'epub');
  if (epub) record.epubFile = fileUrl(epub.blobId);
  return record;
}

export function bookRoutes({
  eventStore,
  readStore,
}: Pick<Platform, 'eventStore' | 'readStore'>): RouteModule {
  const generations = readStore.collection<GenerationDoc>(GENERATIONS);
  // My Books reads its list again when the progress stream settles a book: it must show that.
  const books = async (userId: string) => {
    await readYourWrites({ eventStore, readStore }, GENERATIONS);
    return (
      await generations.find({ userId, kind: { $in: BOOK_KINDS } }, { sort: { createdAt: -1, _id: 1 } })
    ).map(bookRecord);
  };
  return (router) => {
    router.get('/api/airtable/books/:userId', async (ctx) => {
      ctx.body = await books(requireSelf(ctx, ctx.params.userId));
    });
    router.get('/api/kids-book/:bookId', async (ctx) => {
      const userId = requireUser(ctx);
      const doc = await generations.get(String(ctx.params.bookId));
      if (!doc || doc.userId !== userId || doc.kind !== 'kids-book')
        throw new DomainError('NOT_FOUND', 'Book not found');
      ctx.body = kidsBookRecord(doc);
    });
    router.get('/api/airtable/books/:userId/status/in-progress', async (ctx) => {
      const all = await books(requireSelf(ctx, ctx.params.userId));
      ctx.body = all.filter((b) => !isFinished(b.generationStatus));
    });
  };
}
