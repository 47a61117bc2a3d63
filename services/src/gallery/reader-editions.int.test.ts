import type { BookReaders } from '@studio/events';
import { unzipSync } from 'fflate';
import request from 'supertest';
import { member } from '../testing/givens';
import {
  downloadFile,
  finishedNonFiction,
  listedBook,
  readerPage,
  readerPhone,
} from '../testing/reader-books';
import { eventually, useEmbeddedServer } from '../testing/test-runtime';

/**
 * A book's editions over HTTP: the code decoded from the print PDF at 300 dpi and the link in the
 * EPUB are scanned by phones, readers sign up, and the book's Readers numbers hold each on its own
 * edition's row; its email list comes as spreadsheet-safe CSV, to its owner only.
 */
describe("a book's readers per edition", () => {
  const server = useEmbeddedServer({ TRUST_PROXY: '1' });

  it('print code from the PDF, ebook link from the EPUB: scans and signups on their own rows; CSV owner-only and formula-safe', async () => {
    const { agent, userId, id, built } = await finishedNonFiction(server(), 'editions@example.com', {
      Title: 'Window Herbs',
      Description: 'Growing herbs on a kitchen windowsill',
    });

    // Before a reader code: no readers to show.
    expect((await agent.get(`/api/books/${id}/readers`)).status).toBe(404);

    const made = await agent
      .post(`/api/books/${id}/reader-qr`)
      .send({ offer: 'newsletter', heading: 'Join my readers', words: 'A new herb every month.' });
    expect(made.status).toBe(202);
    const readerQr = made.body.readerQr as {
      qrId: string;
      url: string;
      editions: Record<'ebook' | 'giveaway', { qrId: string; url: string }>;
    };
    const rebuilt = await listedBook(
      agent,
      userId,
      id,
      (b) => b.status === 'Done' && b.finalBookFile !== built.finalBookFile && b.epubFile !== built.epubFile,
    );

    // Rebuilt with its codes, My Books offers the book's Readers.
    expect(rebuilt).toMatchObject({ hasReaders: true });
    expect(built).not.toHaveProperty('hasReaders');

    // The print edition: its code, read from the PDF at 300 dpi, is scanned by two phones at once;
    // both sign up at once (one with a name a spreadsheet would run as a formula).
    const printed = await readerPage(await downloadFile(agent, rebuilt.finalBookFile), 'Join my readers');
    expect(printed.decoded).toBe(readerQr.url);
    const printReaders = [
      readerPhone(server().url, '198.51.100.1'),
      readerPhone(server().url, '198.51.100.2'),
    ];
    const landings = await Promise.all(printReaders.map((p) => p.scan(printed.decoded)));
    expect(landings).toEqual([`/qr-landing/${readerQr.qrId}`, `/qr-landing/${readerQr.qrId}`]);
    const signed = await Promise.all([
      printReaders[0]!.signUp(readerQr.qrId, 'ana@example.com', '=HYPERLINK("http://evil.example")'),
      printReaders[1]!.signUp(readerQr.qrId, 'ben@example.com', '@SUM(A1)'),
    ]);
    expect(signed.map((r) => r.status)).toEqual([201, 201]);

    // The ebook edition: the EPUB's link is its own code; three phones open it, one signs up.
    const epub = Object.entries(unzipSync(new Uint8Array(await downloadFile(agent, rebuilt.epubFile))))
      .filter(([name]) => name.endsWith('.xhtml'))
      .map(([, bytes]) => Buffer.from(bytes).toString('utf8'))
      .join('\n');
    const link = /<a href="([^"]+\/r\/[A-Za-z0-9]{12})">/.exec(epub)?.[1];
    expect(link).toBe(readerQr.editions.ebook.url);
    const ebookReaders = ['203.0.113.1', '203.0.113.2', '203.0.113.3'].map((a) =>
      readerPhone(server().url, a),
    );
    for (const reader of ebookReaders) await reader.scan(link as string);
    expect(
      (await ebookReaders[0]!.signUp(readerQr.editions.ebook.qrId, 'cleo@example.com', 'Cleo')).status,
    ).toBe(201);

    const readers = await eventually(async () => {
      const res = await agent.get(`/api/books/${id}/readers`);
      const body = res.body as BookReaders;
      return res.status === 200 && body.total.signups === 3 && body.total.scans === 5 && body;
    });
    expect(readers.editions).toEqual([
      {
        edition: 'print',
        name: 'print',
        qrId: readerQr.qrId,
        url: readerQr.url,
        scans: 2,
        uniqueVisitors: 2,
        signups: 2,
        conversions: 2,
        untrackedSignups: 0,
        conversionRate: 100,
      },
      {
        edition: 'ebook',
        name: 'ebook',
        qrId: readerQr.editions.ebook.qrId,
        url: readerQr.editions.ebook.url,
        scans: 3,
        uniqueVisitors: 3,
        signups: 1,
        conversions: 1,
        untrackedSignups: 0,
        conversionRate: 33.33,
      },
      {
        edition: 'giveaway',
        name: 'giveaway copy',
        qrId: readerQr.editions.giveaway.qrId,
        url: readerQr.editions.giveaway.url,
        scans: 0,
        uniqueVisitors: 0,
        signups: 0,
        conversions: 0,
        untrackedSignups: 0,
        conversionRate: 0,
      },
    ]);
    expect(readers.total).toEqual({
      scans: 5,
      uniqueVisitors: 5,
      signups: 3,
      conversions: 3,
      untrackedSignups: 0,
      conversionRate: 60,
    });
    expect(readers.emails.map((e) => [e.email, e.edition]).sort()).toEqual([
      ['ana@example.com', 'print'],
      ['ben@example.com', 'print'],
      ['cleo@example.com', 'ebook'],
    ]);

    // The email list as CSV: each address with its edition; formula-like cells start with '.
    const csv = await agent.get(`/api/books/${id}/readers/emails.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="book-${id}-readers.csv"`);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Email,Name,Edition,Date');
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',').slice(0, 3).join(','))
        .sort(),
    ).toEqual([
      `ana@example.com,"'=HYPERLINK(""http://evil.example"")",print`,
      "ben@example.com,'@SUM(A1),print",
      'cleo@example.com,Cleo,ebook',
    ]);

    // Another account (and nobody signed in) reads neither.
    const stranger = await member(server(), 'editions-stranger@example.com');
    for (const path of [`/api/books/${id}/readers`, `/api/books/${id}/readers/emails.csv`]) {
      expect((await stranger.agent.get(path)).status).toBe(404);
      expect((await request(server().url).get(path)).status).toBe(401);
    }
  }, 240_000);
});
