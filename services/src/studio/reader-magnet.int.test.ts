import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { qrStream } from '@studio/events';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import request from 'supertest';
import { member } from '../testing/givens';
import { downloadFile, finishedNonFiction, listedBook, readerPhone } from '../testing/reader-books';
import { eventually, useEmbeddedServer } from '../testing/test-runtime';
import { MAGNET_MAX_BYTES } from './reader-magnet-routes';

const DAY_MS = 24 * 60 * 60_000;

/** A small real PDF of one page with these words. */
async function bonusPdf(words: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 300]);
  page.drawText(words, { x: 20, y: 150, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

/** The text of a PDF's pages [first, last] (all without them), spaces folded. */
function pdfText(pdf: Buffer, first?: number, last?: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'magnet-'));
  try {
    writeFileSync(path.join(dir, 'in.pdf'), pdf);
    const range = first ? ['-f', String(first), '-l', String(last ?? first)] : [];
    return execFileSync('pdftotext', [...range, path.join(dir, 'in.pdf'), '-'], { encoding: 'utf8' })
      .replace(/\s+/g, ' ')
      .trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The reader magnet over HTTP: the author's PDF or pages of the book's interior, refused with a
 * 4xx and nothing stored when it is not a readable PDF within the size or the pages do not exist;
 * after signing up, each reader's thank-you carries a link for that signup only, which serves the
 * bonus, and answers 404 when forged and 410 once a week has passed.
 */
describe('a reader magnet', () => {
  let offset = 0;
  const server = useEmbeddedServer({ TRUST_PROXY: '1' }, () => ({
    clock: { now: () => new Date(Date.now() + offset) },
  }));
  const magnetBlobs = () =>
    readdirSync(path.join(server().platform.config.dataDir, 'blobs'), { recursive: true })
      .map(String)
      .filter((name) => name.includes('reader-magnet-') && !name.endsWith('.json'));
  const magnetEvents = async (qrId: string) =>
    (await server().platform.eventStore.readStream(qrStream(qrId))).filter(
      (e) => e.type === 'QrReaderMagnetSet',
    ).length;

  it('uploads or picks pages, refuses bad files unstored, and hands each signup its own expiring link', async () => {
    const { agent, userId, id, built } = await finishedNonFiction(server(), 'magnet@example.com', {
      Title: 'Seed Saving',
      Description: 'Saving seeds from a small vegetable garden',
    });
    const magnet = `/api/reader-magnets?bookId=${id}`;
    const bonus = await bonusPdf('Your seed saving calendar');

    // A book without reader codes has nothing to attach a bonus to.
    const early = await agent
      .post(magnet)
      .attach('file', bonus, { filename: 'bonus.pdf', contentType: 'application/pdf' });
    expect([early.status, early.body.message]).toEqual([409, 'Add a reader QR to this book first']);

    const made = await agent
      .post(`/api/books/${id}/reader-qr`)
      .send({ offer: 'newsletter', heading: 'Join my readers' });
    expect(made.status).toBe(202);
    const print = made.body.readerQr as { qrId: string; url: string; editions: { ebook: { qrId: string } } };
    const codeIds = [print.qrId, print.editions.ebook.qrId];

    // Refusals: each a 4xx, no file kept, no code changed.
    const stranger = await member(server(), 'magnet-stranger@example.com');
    const refusals: Array<[string, () => request.Test, number, string?]> = [
      [
        'another account',
        () =>
          stranger.agent
            .post(magnet)
            .attach('file', bonus, { filename: 'b.pdf', contentType: 'application/pdf' }),
        404,
      ],
      [
        'a picture named .pdf',
        () =>
          agent.post(magnet).attach('file', Buffer.from('\x89PNG\r\n\x1a\nnot a pdf'), {
            filename: 'b.pdf',
            contentType: 'application/pdf',
          }),
        415,
        'The bonus must be a PDF file',
      ],
      [
        'PDF magic and nothing behind it',
        () =>
          agent.post(magnet).attach('file', Buffer.from('%PDF-1.7\n\u0000garbage'), {
            filename: 'b.pdf',
            contentType: 'application/pdf',
          }),
        400,
        'This PDF could not be read',
      ],
      [
        'a PDF over the size',
        () =>
          agent
            .post(magnet)
            .attach('file', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(MAGNET_MAX_BYTES)]), {
              filename: 'b.pdf',
              contentType: 'application/pdf',
            }),
        413,
        'The bonus PDF is too large (20 MB at most)',
      ],
      ['pages that are not pages', () => agent.post(magnet).send({ pages: 'all of them' }), 400],
      ['a page past the end', () => agent.post(magnet).send({ pages: '1-9999' }), 400],
      ['page zero', () => agent.post(magnet).send({ pages: '0' }), 400],
      ['neither a file nor pages', () => agent.post(magnet).send({}), 400],
    ];
    for (const [name, send, status, message] of refusals) {
      const res = await send();
      expect({ name, status: res.status, ...(message ? { message: res.body.message } : {}) }).toEqual({
        name,
        status,
        ...(message ? { message } : {}),
      });
    }
    expect(magnetBlobs()).toEqual([]);
    for (const qrId of codeIds) expect(await magnetEvents(qrId)).toBe(0);

    // The author's PDF: set on every edition's code.
    const uploaded = await agent
      .post(magnet)
      .attach('file', bonus, { filename: 'calendar.pdf', contentType: 'application/pdf' });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.magnet).toMatchObject({ fileName: 'Seed-Saving-bonus.pdf', bytes: bonus.length });
    for (const qrId of codeIds) expect(await magnetEvents(qrId)).toBe(1);
    expect(magnetBlobs()).toHaveLength(1);

    // Two readers sign up at once: each gets a link of their own, and both download at once.
    const phones = ['198.51.100.7', '198.51.100.8'].map((address) => readerPhone(server().url, address));
    for (const phone of phones) await phone.scan(print.url);
    const signed = await Promise.all([
      phones[0]!.signUp(print.qrId, 'ana@example.com'),
      phones[1]!.signUp(print.qrId, 'ben@example.com'),
    ]);
    expect(signed.map((r) => r.status)).toEqual([201, 201]);
    const links = signed.map((r) => r.body.download as string);
    expect(links[0]).toMatch(/^\/api\/reader-magnets\/[^/]+$/);
    expect(links[1]).not.toBe(links[0]);
    const downloads = await Promise.all(links.map((link) => downloadFile(request.agent(server().url), link)));
    expect(downloads.map((d) => d.equals(bonus))).toEqual([true, true]);
    const first = await request(server().url).get(links[0]!);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toBe('attachment; filename="Seed-Saving-bonus.pdf"');

    // Forged links: another signature, another signup's id, another code, made up.
    const [qrId, signup, expires, signature] = (links[0] as string).split('/').pop()!.split('.') as [
      string,
      string,
      string,
      string,
    ];
    const otherSignup = (links[1] as string).split('/').pop()!.split('.')[1];
    const forged = [
      `${qrId}.${signup}.${expires}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
      `${qrId}.${otherSignup}.${expires}.${signature}`,
      `${print.editions.ebook.qrId}.${signup}.${expires}.${signature}`,
      `${qrId}.${signup}.${(Number.parseInt(expires, 36) + DAY_MS).toString(36)}.${signature}`,
      'made-up',
    ];
    for (const token of forged)
      expect({
        token,
        status: (await request(server().url).get(`/api/reader-magnets/${token}`)).status,
      }).toEqual({
        token,
        status: 404,
      });

    // Pages of the book itself replace the upload (taken from the interior rebuilt with the code): the interior's pages 1 and 2, in a PDF of their own.
    const rebuilt = await listedBook(
      agent,
      userId,
      id,
      (b) => b.status === 'Done' && b.finalBookFile !== built.finalBookFile,
    );
    const picked = await agent.post(magnet).send({ pages: '1-2' });
    expect(picked.status).toBe(201);
    expect(picked.body.magnet.pages).toEqual([1, 2]);
    const interior = await downloadFile(agent, rebuilt.finalBookFile);
    const reader = readerPhone(server().url, '198.51.100.9');
    await reader.scan(print.url);
    // Without JavaScript the thank-you page carries the link.
    const page = await reader.signUpWithoutScript(print.qrId, 'cleo@example.com');
    expect(page.status).toBe(200);
    const link = /<a id="qr-download" class="bonus" href="([^"]+)" download>Download your bonus<\/a>/.exec(
      page.text,
    )?.[1];
    expect(link).toMatch(/^\/api\/reader-magnets\//);
    // The public cache hears of the new bonus from the log: wait for it to serve the pages.
    const pages = await eventually(async () => {
      const pdf = await downloadFile(request.agent(server().url), link as string);
      return (await PDFDocument.load(pdf)).getPageCount() === 2 && pdf;
    });
    expect(pdfText(pages)).toBe(pdfText(interior, 1, 2));

    // A week on, the links are gone; forged ones are still unknown.
    offset = 7 * DAY_MS + 60_000;
    for (const l of [...links, link as string]) expect((await request(server().url).get(l)).status).toBe(410);
    expect((await request(server().url).get(`/api/reader-magnets/${forged[0]}`)).status).toBe(404);
  }, 240_000);
});
