import {
  type GenerationEvent,
  generationStream,
  READER_QR_EDITIONS,
  type ReaderQr,
  type ReaderQrEdition,
  upcast,
} from '@studio/events';
import { type ReaderQrOffer, readerQrRequest } from '@studio/events/requests';
import type Koa from 'koa';
import { requireUser } from '../account/auth';
import { fold } from '../platform/decider';
import type { RouteModule } from '../platform/http/app';
import { ownOrigin } from '../platform/http/request-guards';
import { parse } from '../platform/http/validation';
import { moderationItems, requireAcceptable } from '../platform/moderation';
import type { Platform } from '../platform/module';
import { handleQrCommand } from '../qr/commands';
import { qrIdFor } from '../qr/qr-id';
import { storeLandingImage } from '../qr/uploads';
import type { AccountRebuilds } from './account-rebuilds';
import { type GenerationCommand, generationDecider } from './generation';
import { GENERATIONS, type GenerationDoc } from './generations-projection';
import { ownBook } from './own-book';

/** How an edition is named in the author's code list and on the Readers panel. */
export const EDITION_NAMES: Record<ReaderQrEdition, string> = {
  print: 'print',
  ebook: 'ebook',
  giveaway: 'giveaway copy',
};

/**
 * The codes of a book's editions, derived from the book's id (the print code's name is the one
 * books had before editions, so their printed code stays the print edition's).
 */
export function readerQrCodes(
  bookId: string,
  origin: string,
): Record<ReaderQrEdition, { qrId: string; url: string }> {
  const code = (name: string) => {
    const qrId = qrIdFor(name);
    return { qrId, url: `${origin}/r/${qrId}` };
  };
  return {
    print: code(`reader-qr:${bookId}`),
    ebook: code(`reader-qr:${bookId}:ebook`),
    giveaway: code(`reader-qr:${bookId}:giveaway`),
  };
}

/** The landing page's button for each offer. */
const BUTTON: Record<ReaderQrOffer, string> = {
  bonus: 'Get the bonus',
  newsletter: 'Join my readers',
  review: 'Continue to the review page',
};

/**
 * "Add a reader QR" on a finished book: a landing code owned by the book's author (the cover as
 * its hero, the book's title, the author's offer), placed on a back-matter page of the print
 * interior with the author's words (the EPUB gets its link), and the files rebuilt through the
 * free rebuild (EditBook). The code prints its short address, `/r/{id}`, so moving or deleting
 * the code changes where it leads, never the printed book.
 *
 * One code per edition (print, ebook, giveaway copy; see docs/product/creation-tools-qr.md), their
 * ids derived from the book's; a book that has them answers 200 with them (nothing appended), or
 * 202 when the request moves the print code onto or off the back cover (a rebuild). Every refusal (another's book → 404, an unfinished one or another of the
 * account's books being rebuilt → 409, the
 * allowance → 429, bad words → 400) is decided before anything is written.
 */
export function readerQrRoutes(
  {
    eventStore,
    readStore,
    commands,
    blobs,
    clock,
    config,
    moderator,
  }: Pick<Platform, 'eventStore' | 'readStore' | 'commands' | 'blobs' | 'clock' | 'config' | 'moderator'>,
  rebuilds: AccountRebuilds,
): RouteModule {
  const generations = readStore.collection<GenerationDoc>(GENERATIONS);
  const bookState = async (id: string) =>
    fold(
      generationDecider,
      (await eventStore.readStream(generationStream(id))).map((e) => upcast(e) as unknown as GenerationEvent),
    );
  const metadata = (ctx: Koa.Context, userId: string, causationId: string) => ({
    at: clock.now().toISOString(),
    correlationId: String(ctx.state.requestId ?? causationId),
    causationId,
    userId,
  });

  /** The cover as the landing page's hero, through the landing images' own pipeline. */
  const coverHero = async (doc: GenerationDoc, userId: string) => {
    const cover = doc.artifacts.find((a) => a.role === 'cover');
    const blob = cover ? await blobs.get(cover.blobId) : null;
    if (!blob) return undefined;
    const stored = await storeLandingImage(
      blobs,
      userId,
      'hero',
      `data:${blob.contentType};base64,${blob.data.toString('base64')}`,
    );
    return stored.path;
  };

  return (router) => {
    router.post('/api/books/:id/reader-qr', async (ctx) => {
      const userId = requireUser(ctx);
      const id = String(ctx.params.id);
      const doc = await ownBook(generations, userId, id);
      const input = parse(readerQrRequest, ctx.request.body);
      // The account's rebuilds one at a time: a second request for this book reads the first's
      // edit and answers with it; one for another book while this one is rebuilt is a 409.
      await rebuilds.run(userId, id, async () => {
        const state = await bookState(id);
        const existing = state.edition?.readerQr;
        const editWith = (readerQr: ReaderQr): GenerationCommand => ({
          type: 'EditBook',
          generationId: id,
          userId,
          edits: { readerQr },
          at: clock.now().toISOString(),
        });
        if (existing) {
          // A book has one set of codes: asking again changes only where the print code is printed.
          const backCover = input.backCover ?? Boolean(existing.backCover);
          if (backCover === Boolean(existing.backCover)) {
            ctx.status = 200;
            ctx.body = { readerQr: existing, unchanged: true };
            return;
          }
          const { backCover: _, ...codes } = existing;
          const readerQr: ReaderQr = { ...codes, ...(backCover ? { backCover: true } : {}) };
          await commands.handle(
            generationStream(id),
            generationDecider,
            editWith(readerQr),
            metadata(ctx, userId, id),
          );
          ctx.status = 202;
          ctx.body = {
            readerQr,
            message: backCover
              ? 'The code will also be printed on the back cover. The files are being rebuilt.'
              : 'The code is taken off the back cover. The files are being rebuilt.',
          };
          return;
        }
        const origin = config.publicUrl ? new URL(config.publicUrl).origin : ownOrigin(ctx);
        const codes = readerQrCodes(id, origin);
        const readerQr: ReaderQr = {
          ...codes.print,
          heading: input.heading,
          ...(input.words ? { words: input.words } : {}),
          ...(input.backCover ? { backCover: true } : {}),
          editions: { ebook: codes.ebook, giveaway: codes.giveaway },
        };
        const edit = editWith(readerQr);
        // Refusals first (not finished, being rebuilt, the allowance): nothing is written for them.
        generationDecider.decide(edit, state);
        const title = state.edition?.title ?? doc.title ?? 'My book';
        const landingPage = {
          title,
          description: input.words ?? input.heading,
          buttonText: BUTTON[input.offer as ReaderQrOffer],
          ...(input.url ? { redirectUrl: input.url } : {}),
        };
        // The public page's words are checked as any landing page's are.
        await requireAcceptable(moderator, moderationItems({ title, landingPage }), config.moderation.outage);
        const hero = await coverHero(doc, userId);
        // One landing code per edition, each with the same page: the redirect stays the plain
        // `/r/{id}` and every scan and signup lands on its edition's own code.
        for (const edition of READER_QR_EDITIONS) {
          const { qrId, url } = codes[edition];
          await handleQrCommand(
            commands,
            qrId,
            {
              type: 'CreateQrCode',
              qrId,
              userId,
              title: `${title}: readers (${EDITION_NAMES[edition]})`,
              url: `${origin}/qr-landing/${qrId}`,
              linkType: 'landing',
              trackingEnabled: true,
              landingPage: { ...landingPage, ...(hero ? { heroImage: hero } : {}) },
              encodedUrl: url,
            },
            metadata(ctx, userId, `reader-qr ${id} ${edition}`),
          );
        }
        await commands.handle(generationStream(id), generationDecider, edit, metadata(ctx, userId, id));
        ctx.status = 202;
        ctx.body = { readerQr, message: 'Your reader QR code is made. The files are being rebuilt with it.' };
      });
    });
  };
}
