import { generationStream, qrStream } from '@studio/events';
import { unzipSync } from 'fflate';
import type request from 'supertest';
import { useServerWithFinishedKidsBook } from '../testing/finished-kids-book';
import { member } from '../testing/givens';
import {
  coverCode,
  downloadFile,
  type ListedBook,
  listedBook,
  readerPage,
  submitNonFiction,
} from '../testing/reader-books';
import { eventually, useEmbeddedServer } from '../testing/test-runtime';

/**
 * "Add a reader QR" over HTTP with the offline provider: the owner's finished book gets one
 * landing code (cover as hero, title, offer) and a rebuild that prints it on a back-matter page
 * (decoded from the PDF at 300 dpi, over an inch wide) and links it in the EPUB; strangers 404,
 * an unfinished book 409, bad words 400 with nothing appended, two requests at once one code and
 * one rebuild.
 */
describe('a reader QR code in a book', () => {
  const server = useEmbeddedServer();
  const download = (agent: request.Agent, url: string) => downloadFile(agent, url);
  const listed = (
    agent: request.Agent,
    userId: string,
    id: string,
    until: (b: ListedBook) => boolean,
    timeoutMs = 120_000,
  ) => listedBook(agent, userId, id, until, timeoutMs);
  const eventTypes = async (stream: string) =>
    (await server().platform.eventStore.readStream(stream)).map((e) => e.type);

  it('places a decodable code on a back-matter page through the free rebuild; refusals append nothing; two at once make one', async () => {
    const { agent, userId } = await member(server(), 'reader-qr@example.com', { plan: 'standard' });
    const id = await submitNonFiction(agent, userId, {
      Title: 'Balcony Tomatoes',
      Description: 'Growing tomatoes in pots on a small balcony',
    });
    const offer = {
      offer: 'bonus',
      heading: 'Get the bonus chapter',
      words: 'Scan the code for a free chapter on saving your own seeds.',
      url: 'https://example.com/seeds.pdf',
    };

    // Not finished yet: refused, nothing appended.
    const early = await agent.post(`/api/books/${id}/reader-qr`).send(offer);
    expect(early.status).toBe(409);
    const before = await listed(agent, userId, id, (b) => b.status === 'Done');
    const credits = (await agent.get('/api/user')).body.credits as number;

    const stranger = await member(server(), 'reader-qr-stranger@example.com');
    expect((await stranger.agent.post(`/api/books/${id}/reader-qr`).send(offer)).status).toBe(404);
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ ...offer, offer: 'lottery' }, 'Choose an offer: bonus, newsletter or review'],
      [{ ...offer, heading: '' }, 'Write the line printed above the code'],
      [{ ...offer, heading: 'x'.repeat(61) }, 'The line above the code is too long (60 characters at most)'],
      [{ ...offer, heading: 'Get\u0000 it' }, 'heading must not contain control characters'],
      [
        { ...offer, heading: `Get${'\u202e'}it` },
        'The line above the code must not contain control or invisible characters',
      ],
      [
        { ...offer, heading: 'Get the bonus ★' },
        'The line above the code contains characters our book fonts cannot print (★). Remove them or use another wording.',
      ],
      [
        { ...offer, words: 'w'.repeat(201) },
        'The words under the code are too long (200 characters at most)',
      ],
      [{ ...offer, url: 'javascript:alert(1)' }, 'The link must be a web address (https://…)'],
      [{ ...offer, url: undefined }, 'The link is required for a bonus download or a review page'],
      [{ ...offer, backCover: 'yes' }, 'backCover must be true or false'],
    ];
    for (const [body, message] of bad) {
      const res = await agent.post(`/api/books/${id}/reader-qr`).send(body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message });
    }
    expect(await eventTypes(generationStream(id))).not.toContain('GenerationEdited');
    expect((await agent.get('/api/qr-codes')).body.qrCodes ?? []).toHaveLength(0);

    // Two at once: one code, one rebuild; the second answers with the same code.
    const both = await Promise.all([1, 2].map(() => agent.post(`/api/books/${id}/reader-qr`).send(offer)));
    expect(both.map((r) => r.status).sort()).toEqual([200, 202]);
    const [first, second] = both.map((r) => r.body.readerQr);
    expect(second).toEqual(first);
    const qrId = first.qrId as string;
    expect(first.url).toMatch(new RegExp(`/r/${qrId}$`));
    expect(await eventTypes(qrStream(qrId))).toEqual(['QrCodeCreated']);
    // One landing code per edition: print (printed), ebook (linked), giveaway copy.
    const titles = await eventually(async () => {
      const listed = ((await agent.get('/api/qr-codes')).body.qrCodes ?? []) as Array<{ title: string }>;
      return listed.length === 3 && listed.map((c) => c.title).sort();
    });
    expect(titles).toEqual([
      'Balcony Tomatoes: readers (ebook)',
      'Balcony Tomatoes: readers (giveaway copy)',
      'Balcony Tomatoes: readers (print)',
    ]);
    expect((await eventTypes(generationStream(id))).filter((t) => t === 'GenerationEdited')).toHaveLength(1);

    // The code is the author's landing code: the book's title, the cover as hero, the offer.
    const code = (await agent.get(`/api/qr-codes/${qrId}`)).body.qrCode;
    expect(code).toMatchObject({ linkType: 'landing' });
    expect(code.landingPage).toMatchObject({
      title: 'Balcony Tomatoes',
      redirectUrl: 'https://example.com/seeds.pdf',
      buttonText: 'Get the bonus',
    });
    expect(code.landingPage.heroImage).toMatch(/^\/qr-images\/qr-hero-/);
    expect((await stranger.agent.get(`/api/qr-codes/${qrId}`)).status).toBe(404);
    const redirect = await agent.get(`/r/${qrId}`).redirects(0);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.location).toContain(`/qr-landing/${qrId}`);

    const after = await listed(
      agent,
      userId,
      id,
      (b) => b.status === 'Done' && b.finalBookFile !== before.finalBookFile,
    );
    expect((await agent.get('/api/user')).body.credits).toBe(credits);

    // The print interior: the page with the author's words carries the code, which decodes at
    // 300 dpi to the short address and prints over an inch wide.
    const printed = await readerPage(await download(agent, after.finalBookFile), 'Get the bonus chapter');
    expect(printed.decoded).toBe(first.url);
    expect(printed.ink.width).toBeGreaterThanOrEqual(1);
    expect(printed.ink.height).toBeGreaterThanOrEqual(1);
    expect(printed.text).toContain('saving your own seeds');

    // The EPUB links the ebook edition's own address instead of a picture of the code.
    const ebookUrl = first.editions.ebook.url as string;
    expect(ebookUrl).not.toBe(first.url);
    const epub = Object.entries(unzipSync(new Uint8Array(await download(agent, after.epubFile))))
      .filter(([name]) => name.endsWith('.xhtml'))
      .map(([, bytes]) => Buffer.from(bytes).toString('utf8'))
      .join('\n');
    expect(epub).toContain(`<a href="${ebookUrl}">`);
    expect(epub).not.toContain(first.url);
    expect(epub).toContain('Get the bonus chapter');

    // A third request later: the same code, nothing appended.
    const again = await agent
      .post(`/api/books/${id}/reader-qr`)
      .send({ ...offer, heading: 'Join my readers' });
    expect(again.status).toBe(200);
    expect(again.body.readerQr).toEqual(first);
    expect((await eventTypes(generationStream(id))).filter((t) => t === 'GenerationEdited')).toHaveLength(1);

    // The back cover: the paperback carries no code until asked; then the print code, which
    // decodes from the rebuilt cover at 300 dpi (a second edit, still free).
    expect(coverCode(await download(agent, after.coverFile))).toBe('');
    const onBack = await agent.post(`/api/books/${id}/reader-qr`).send({ ...offer, backCover: true });
    expect(onBack.status).toBe(202);
    expect(onBack.body.readerQr).toEqual({ ...first, backCover: true });
    const withBack = await listed(
      agent,
      userId,
      id,
      (b) => b.status === 'Done' && b.coverFile !== after.coverFile,
    );
    expect(coverCode(await download(agent, withBack.coverFile))).toBe(first.url);
    expect((await agent.get('/api/user')).body.credits).toBe(credits);
    // Asked again as it is: nothing to do.
    const same = await agent.post(`/api/books/${id}/reader-qr`).send({ ...offer, backCover: true });
    expect(same.status).toBe(200);
    expect((await eventTypes(generationStream(id))).filter((t) => t === 'GenerationEdited')).toHaveLength(2);
  }, 240_000);
});

describe('a reader QR code in a coloring and a kids book of one account', () => {
  // The run's finished kids book on this block's own copy; its owner asks for a coloring book too.
  const { server, owner } = useServerWithFinishedKidsBook();
  const listed = (agent: request.Agent, userId: string, id: string, until: (b: ListedBook) => boolean) =>
    listedBook(agent, userId, id, until);
  const eventTypes = async (stream: string) =>
    (await server().platform.eventStore.readStream(stream)).map((e) => e.type);

  it('coloring and kids books: one rebuild per account (two at once: one 202, one 409 with nothing written), each code decodes from its rebuilt PDF', async () => {
    const { agent, userId, id: kidsBookId } = owner();
    const coloring = await agent
      .post('/api/generate-coloring-book')
      .send({ prompt: 'Cozy woodland animals', bookLength: 10, userId });
    expect(coloring.status).toBe(202);
    const books = [
      // A coloring book lists its interior as shareLink, a kids book as finalBookFile.
      {
        id: coloring.body.bookId as string,
        heading: 'Print more pages to color',
        file: 'shareLink' as const,
      },
      {
        id: kidsBookId,
        heading: 'Join Pip for more stories',
        file: 'finalBookFile' as const,
      },
    ];
    const built: Record<string, string> = {};
    for (const { id, file } of books)
      built[id] = (await listed(agent, userId, id, (b) => b.status === 'Done'))[file];
    const offer = (heading: string) => ({ offer: 'newsletter', heading, words: 'A new page every month.' });

    // Both at once: the account's one free rebuild goes to one; the other is refused, unwritten.
    const both = await Promise.all(
      books.map((b) => agent.post(`/api/books/${b.id}/reader-qr`).send(offer(b.heading))),
    );
    expect(both.map((r) => r.status).sort()).toEqual([202, 409]);
    const refusedAt = both.findIndex((r) => r.status === 409);
    expect(both[refusedAt]?.body.message).toBe(
      'Another of your books is being rebuilt. Save these changes once it is done.',
    );
    const order = [books[1 - refusedAt], books[refusedAt]] as typeof books;
    const refused = order[1] as (typeof books)[number];
    expect(await eventTypes(generationStream(refused.id))).not.toContain('GenerationEdited');
    expect((await agent.get(`/api/qr-codes`)).body.qrCodes ?? []).toHaveLength(3);

    for (const [i, book] of order.entries()) {
      const res =
        i === 0
          ? both[1 - refusedAt]
          : await agent.post(`/api/books/${book.id}/reader-qr`).send(offer(book.heading));
      expect(res?.status).toBe(202);
      const url = res?.body.readerQr.url as string;
      const after = await listed(
        agent,
        userId,
        book.id,
        (b) => b.status === 'Done' && Boolean(b[book.file]) && b[book.file] !== built[book.id],
      );
      const printed = await readerPage(await downloadFile(agent, after[book.file]), book.heading);
      expect(printed.decoded).toBe(url);
      expect(printed.ink.width).toBeGreaterThanOrEqual(1);
    }
  }, 480_000);
});
