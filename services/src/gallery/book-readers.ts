import { type BookReaderNumbers, type BookReaders, READER_QR_EDITIONS } from '@studio/events';
import type Koa from 'koa';
import { requireUser } from '../account/auth';
import { DomainError } from '../platform/errors';
import type { RouteModule } from '../platform/http/app';
import { sendCsv } from '../platform/http/csv';
import { ownOrigin } from '../platform/http/request-guards';
import type { Platform } from '../platform/module';
import { conversionRate, qrAnalytics } from '../qr/analytics';
import { QR_CODES, QR_SIGNUPS, type QrCodeDoc, type QrSignupDoc } from '../qr/projections';
import { GENERATIONS, type GenerationDoc } from '../studio/generations-projection';
import { ownBook } from '../studio/own-book';
import { EDITION_NAMES, readerQrCodes } from '../studio/reader-qr-routes';

const NUMBERS = ['scans', 'uniqueVisitors', 'signups', 'conversions', 'untrackedSignups'] as const;

/**
 * A book's own readers (docs/product/creation-tools-qr.md (Screens and routes: My Books)): per edition, the numbers of
 * that edition's reader code, read from the QR analytics; the book's email list, each address with
 * the edition it signed up from, as JSON and as CSV (spreadsheet-safe, `toCsv`). The owner only:
 * another's book, or a book without reader codes, reads as missing.
 */
export function bookReaderRoutes({ readStore, config }: Pick<Platform, 'readStore' | 'config'>): RouteModule {
  const generations = readStore.collection<GenerationDoc>(GENERATIONS);
  const codeDocs = readStore.collection<QrCodeDoc>(QR_CODES);
  const signupDocs = readStore.collection<QrSignupDoc>(QR_SIGNUPS);

  const readers = async (ctx: Koa.Context): Promise<BookReaders> => {
    const userId = requireUser(ctx);
    const id = String(ctx.params.id);
    await ownBook(generations, userId, id);
    const origin = config.publicUrl ? new URL(config.publicUrl).origin : ownOrigin(ctx);
    const codes = readerQrCodes(id, origin);
    const editions: BookReaders['editions'] = [];
    const emails: BookReaders['emails'] = [];
    for (const edition of READER_QR_EDITIONS) {
      const { qrId, url } = codes[edition];
      // A code the author deleted (or one from before editions) has no row.
      const code = await codeDocs.get(qrId);
      if (!code || code.userId !== userId) continue;
      const analytics = await qrAnalytics(readStore, qrId);
      editions.push({
        edition,
        name: EDITION_NAMES[edition],
        qrId,
        url,
        scans: analytics.scanCount,
        uniqueVisitors: analytics.uniqueVisitors,
        signups: analytics.emailSignupCount,
        conversions: analytics.conversions,
        untrackedSignups: analytics.untrackedSignups,
        conversionRate: analytics.conversionRate,
      });
      for (const s of await signupDocs.find({ qrId }))
        emails.push({ email: s.email, name: s.name, timestamp: s.timestamp, edition });
    }
    if (editions.length === 0) throw new DomainError('NOT_FOUND', 'This book has no reader QR code');
    const sum = (field: (typeof NUMBERS)[number]) => editions.reduce((total, e) => total + e[field], 0);
    const total = Object.fromEntries(NUMBERS.map((field) => [field, sum(field)])) as Omit<
      BookReaderNumbers,
      'conversionRate'
    >;
    emails.sort((a, b) => b.timestamp.localeCompare(a.timestamp) || a.email.localeCompare(b.email));
    return {
      editions,
      total: { ...total, conversionRate: conversionRate(total.conversions, total.uniqueVisitors) },
      emails,
    };
  };

  return (router) => {
    router.get('/api/books/:id/readers', async (ctx) => {
      ctx.body = await readers(ctx);
    });

    router.get('/api/books/:id/readers/emails.csv', async (ctx) => {
      const { emails } = await readers(ctx);
      sendCsv(
        ctx,
        `book-${String(ctx.params.id)}-readers.csv`,
        ['Email', 'Name', 'Edition', 'Date'],
        emails.map((e) => [e.email, e.name, EDITION_NAMES[e.edition], e.timestamp]),
      );
    });
  };
}
