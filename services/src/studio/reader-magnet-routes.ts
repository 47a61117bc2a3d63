import { randomUUID } from 'node:crypto';
import { READER_QR_EDITIONS } from '@studio/events';
import type Koa from 'koa';
import { PDFDocument } from 'pdf-lib';
import { requireUser } from '../account/auth';
import { DomainError } from '../platform/errors';
import type { RouteModule } from '../platform/http/app';
import type { Platform } from '../platform/module';
import { readUploadBody } from '../platform/uploads/upload-body';
import { handleQrCommand, loadQrCode } from '../qr/commands';
import type { QrCodeState } from '../qr/decider';
import { GENERATIONS, type GenerationDoc } from './generations-projection';
import { ownBook } from './own-book';
import { readerQrCodes } from './reader-qr-routes';

export const READER_MAGNET_PATH = '/api/reader-magnets';
/** A bonus chapter or a few printable pages; a whole illustrated book is for the store. */
export const MAGNET_MAX_BYTES = 20 * 1024 * 1024;
/** Pages of the book a bonus may hold. */
export const MAGNET_MAX_PAGES = 50;

const MAGNET_UPLOAD = {
  field: 'file',
  maxBytes: MAGNET_MAX_BYTES,
  // The JSON form only names pages.
  jsonBytes: 4 * 1024,
  tooLarge: 'The bonus PDF is too large (20 MB at most)',
};

export const MAGNET_MESSAGES = {
  notPdf: 'The bonus must be a PDF file',
  unreadable: 'This PDF could not be read',
  pages: 'Name the pages of the book to give, such as 1-3, 7',
  noCodes: 'Add a reader QR to this book first',
} as const;

const refuse = (message: string) => new DomainError('VALIDATION', message);

/** "1-3, 7" → [1, 2, 3, 7], each page of the interior at most once, in the author's order. */
export function pagesOf(text: unknown, pageCount: number): number[] {
  if (typeof text !== 'string' || text.length > 200 || !/^[\d\s,-]+$/.test(text))
    throw refuse(MAGNET_MESSAGES.pages);
  const pages: number[] = [];
  for (const part of text.split(',')) {
    const range = /^\s*(\d{1,4})\s*(?:-\s*(\d{1,4})\s*)?$/.exec(part);
    if (!range) throw refuse(MAGNET_MESSAGES.pages);
    const from = Number(range[1]);
    const to = Number(range[2] ?? range[1]);
    if (from < 1 || to < from || to > pageCount)
      throw refuse(`The book has pages 1 to ${pageCount}: name pages within them`);
    for (let page = from; page <= to; page++) if (!pages.includes(page)) pages.push(page);
    if (pages.length > MAGNET_MAX_PAGES) throw refuse(`A bonus holds ${MAGNET_MAX_PAGES} pages at most`);
  }
  return pages;
}

/** An uploaded bonus: a PDF by its first bytes, and one pdf-lib can open. */
async function checkedPdf(bytes: Buffer): Promise<Buffer> {
  if (!bytes.subarray(0, 5).equals(Buffer.from('%PDF-')))
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', MAGNET_MESSAGES.notPdf);
  // pdf-lib opens nearly anything after the magic bytes: a PDF a reader can use has pages.
  let pages = 0;
  try {
    pages = (await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false })).getPageCount();
  } catch {
    // Unreadable: refused below.
  }
  if (pages === 0) throw refuse(MAGNET_MESSAGES.unreadable);
  return bytes;
}

/** The chosen pages of the book's print interior as a PDF of their own. */
async function pagesPdf(interior: Buffer, text: unknown): Promise<{ pdf: Buffer; pages: number[] }> {
  const source = await PDFDocument.load(interior, { updateMetadata: false });
  const pages = pagesOf(text, source.getPageCount());
  const bonus = await PDFDocument.create();
  for (const page of await bonus.copyPages(
    source,
    pages.map((p) => p - 1),
  ))
    bonus.addPage(page);
  return { pdf: Buffer.from(await bonus.save()), pages };
}

const fileNameOf = (title: string) =>
  `${
    title
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'book'
  }-bonus.pdf`;

/**
 * The reader magnet of a book with reader codes (docs/product/creation-tools-qr.md (Screens and routes: My Books)):
 * `POST /api/reader-magnets?bookId=` with a PDF (multipart `file`) or `{ pages }` of the book's
 * interior. Checked before anything is stored (the owner's book, its codes, a real PDF within the
 * size, pages that exist); then the file is kept and set on each of the book's live codes, and the
 * file is deleted again if that fails.
 */
export function readerMagnetRoutes({
  eventStore,
  readStore,
  commands,
  blobs,
  clock,
}: Pick<Platform, 'eventStore' | 'readStore' | 'commands' | 'blobs' | 'clock'>): RouteModule {
  const generations = readStore.collection<GenerationDoc>(GENERATIONS);

  /** The owner's book and its live reader codes, before a byte of the upload is read. */
  const bookWithCodes = async (ctx: Koa.Context, userId: string) => {
    const id = typeof ctx.query.bookId === 'string' ? ctx.query.bookId : '';
    const doc = await ownBook(generations, userId, id);
    const ids = readerQrCodes(id, '');
    const codes: QrCodeState[] = [];
    for (const edition of READER_QR_EDITIONS) {
      const state = await loadQrCode(eventStore, ids[edition].qrId);
      if (state.exists && !state.deleted && state.userId === userId) codes.push(state);
    }
    if (codes.length === 0) throw new DomainError('CONFLICT', MAGNET_MESSAGES.noCodes);
    return { doc, codes };
  };

  return (router) => {
    router.post(READER_MAGNET_PATH, async (ctx) => {
      const userId = requireUser(ctx);
      const { doc, codes } = await bookWithCodes(ctx, userId);
      const { fields, file } = await readUploadBody(ctx, MAGNET_UPLOAD);
      let made: { pdf: Buffer; source: 'upload' | 'pages'; pages?: number[] };
      if (file) made = { pdf: await checkedPdf(file), source: 'upload' };
      else if (fields.pages !== undefined) {
        const interior = doc.artifacts.find((a) => a.role === 'pdf');
        const blob = interior ? await blobs.get(interior.blobId) : null;
        if (!blob) throw new DomainError('CONFLICT', 'This book has no print interior to take pages from');
        made = { ...(await pagesPdf(blob.data, fields.pages)), source: 'pages' };
      } else throw refuse('Choose a PDF or pages of the book');

      const blobId = `reader-magnet-${randomUUID()}`;
      await blobs.put(blobId, made.pdf, 'application/pdf');
      const magnet = {
        blobId,
        fileName: fileNameOf(doc.title ?? ''),
        bytes: made.pdf.length,
        source: made.source,
        ...(made.pages ? { pages: made.pages } : {}),
      };
      const context = {
        at: clock.now().toISOString(),
        correlationId: String(ctx.state.requestId ?? blobId),
        causationId: `reader-magnet ${doc._id}`,
        userId,
      };
      let set = 0;
      try {
        for (const code of codes) {
          await handleQrCommand(commands, code.qrId, { type: 'SetReaderMagnet', userId, magnet }, context);
          set++;
        }
      } catch (error) {
        // Unused, the file goes; once a code names it, it stays (a retry sets the rest).
        if (set === 0) await blobs.delete(blobId);
        throw error;
      }
      ctx.status = 201;
      ctx.body = {
        success: true,
        magnet: { fileName: magnet.fileName, bytes: magnet.bytes, pages: made.pages },
      };
    });
  };
}
