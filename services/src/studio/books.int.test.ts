import { unzipSync } from 'fflate';
import sharp from 'sharp';
import type request from 'supertest';
import { slugOf } from '../gallery/download-names';
import { docxToPdf, epubcheck, inspectPdf } from '../testing/debian-tools';
import { member } from '../testing/givens';
import { solidPicture } from '../testing/pictures';
import { downloadFile, kidsBookForm, submitGen2, submitNonFiction } from '../testing/reader-books';
import { eventually, useEmbeddedServer } from '../testing/test-runtime';
import { TRIMS } from './outputs/kdp';
import { preflight } from './preflight/preflight';

/**
 * Every book kind through the HTTP API with the offline provider: generate, download the files
 * as their owner, and check them with the in-process preflight and Debian's validators.
 */
describe('books over HTTP', () => {
  const server = useEmbeddedServer();
  /** A new account: Demo with the given credits, or subscribed to a plan (and its credits). */
  const signUp = (email: string, plan: 'demo' | 'basic' | 'standard' | 'premium' = 'demo', credits = 0) =>
    member(server(), email, { ...(plan !== 'demo' ? { plan } : {}), ...(credits > 0 ? { credits } : {}) });
  const book = async (agent: request.Agent, userId: string, id: string, status = 'Done') =>
    eventually(async () => {
      const list = await agent.get(`/api/airtable/books/${userId}`);
      const found = list.body.find((b: { id: string }) => b.id === id);
      if (found?.status === 'ERROR') throw new Error(`The book failed: ${JSON.stringify(found)}`);
      return found?.status === status ? found : undefined;
    }, 120_000);
  /**
   * The name a book is published under is on every file it has (the interior, the cover wrap,
   * the EPUB's pages and package), and the placeholder "The Author" on none.
   */
  const expectAuthorEverywhere = async (agent: request.Agent, links: string[], author: string) => {
    for (const link of links) {
      const data = await downloadFile(agent, link);
      const text = link.endsWith('.epub')
        ? Object.entries(unzipSync(new Uint8Array(data)))
            .filter(([name]) => /\.(xhtml|opf)$/.test(name))
            .map(([, bytes]) => Buffer.from(bytes).toString('utf8'))
            .join('\n')
        : inspectPdf(data).text;
      expect(text).toContain(author);
      expect(text).not.toContain('The Author');
    }
  };
  const checkInterior = async (pdf: Buffer, trim: (typeof TRIMS)[keyof typeof TRIMS]) => {
    expect(await preflight(pdf, { type: 'interior', trim })).toEqual([]);
    const report = inspectPdf(pdf);
    expect(report.pages % 2).toBe(0);
    expect(report.pages).toBeGreaterThanOrEqual(24);
    expect(report.fonts.length).toBeGreaterThan(0);
    expect(report.fonts.every((f) => f.embedded && !f.type.includes('Type 3'))).toBe(true);
    expect(report.images.every((i) => i.type === 'image' && i.xppi >= 300 && i.yppi >= 300)).toBe(true);
    expect(report.qpdf).toMatch(/No syntax or stream encoding errors found/);
    return report;
  };

  it('Gen 2.0 on Premium: outlines (422 while writing), pick outline 2, the book as PDF, EPUB, Word and covers that pass KDP checks', async () => {
    const { agent, userId } = await signUp('gen2@example.com', 'premium');
    const bookId = await submitGen2(agent, userId);
    const first = await agent.get(`/api/non-fiction-gen2/outlines?bookId=${bookId}`);
    expect([200, 422]).toContain(first.status);
    const [outline] = await eventually(async () => {
      const res = await agent.get(`/api/non-fiction-gen2/outlines?bookId=${bookId}`);
      return res.status === 200 && res.body[0]?.status === 'Outline finished' ? res.body : undefined;
    });
    expect(new Set([outline.outline1, outline.outline2, outline.outline3]).size).toBe(3);
    expect(outline.outline2).toMatch(/Chapter 3: /);
    expect(outline.bookGenerated).toBe(false);
    const stranger = await signUp('stranger@example.com');
    expect((await stranger.agent.get(`/api/non-fiction-gen2/outlines?bookId=${bookId}`)).status).toBe(404);

    const chosen = await agent
      .post('/api/non-fiction-gen2/generate-book')
      .send({ outlineId: bookId, userId, outlineIndex: 1 });
    expect(chosen.status).toBe(200);
    expect(chosen.body.bookGenerated).toBe(true);
    const done = await book(agent, userId, bookId);
    expect(done.downloadLink).toMatch(/^\/api\/files\/gen-/);
    expect(done.epubFile).toBe(`/api/files/gen-${bookId}-epub.epub`);
    expect(done.epubIncluded).toBeUndefined();

    const pdf = await downloadFile(agent, done.downloadLink);
    const report = await checkInterior(pdf, TRIMS['non-fiction']);
    expect(report.width).toBeCloseTo(432, 0);
    expect(report.height).toBeCloseTo(648, 0);
    // The chosen outline's chapters, the front matter and the demo label are in the book.
    const chapterTitle = /Chapter 1: (.+)/.exec(outline.outline2)?.[1] as string;
    expect(report.text).toContain(chapterTitle);
    expect(report.text).toContain('Contents');
    expect(report.text).toContain('Copyright');
    expect(report.text).toContain('OFFLINE SAMPLE');

    // No pen name: the book is published under the profile's name.
    await expectAuthorEverywhere(agent, [done.downloadLink, done.coverFile, done.epubFile], 'Tess');
    const epub = await downloadFile(agent, done.epubFile);
    expect(await preflight(epub, { type: 'epub' })).toEqual([]);
    expect(epubcheck(epub)).toMatch(/No errors or warnings detected/);
    // The Word manuscript: named after the book, and LibreOffice reads it with its front matter and chapters.
    expect(done.docxFile).toBe(`/api/files/gen-${bookId}-docx.docx`);
    const docxHead = await agent.head(done.docxFile);
    expect(docxHead.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(docxHead.headers['content-disposition']).toBe('attachment; filename="urban-beekeeping.docx"');
    const printed = inspectPdf(docxToPdf(await downloadFile(agent, done.docxFile))).text;
    expect(printed).toContain('Urban Beekeeping');
    expect(printed).toMatch(/Copyright © \d{4} Tess/);
    expect(printed).toContain(`Chapter 1: ${chapterTitle}`);
    expect((await stranger.agent.get(done.docxFile)).status).toBe(404);
    const cover = await downloadFile(agent, done.coverImage);
    expect(await sharp(cover).metadata()).toMatchObject({ format: 'jpeg', width: 1600, height: 2560 });
    const wrap = inspectPdf(await downloadFile(agent, done.coverFile));
    // 6 + spine (pages × 0.002252) + 6 wide, with 0.125 in bleed all round.
    expect(wrap.width / 72).toBeCloseTo(12.25 + report.pages * 0.002252, 2);
    expect(wrap.height / 72).toBeCloseTo(9.25, 2);
    expect((await stranger.agent.get(done.downloadLink)).status).toBe(404);
  }, 180_000);

  it('non-fiction v1 on Basic: PDF and covers, no EPUB made, and its EPUB address answers 403 saying why', async () => {
    const { agent, userId } = await signUp('basic-book@example.com', 'basic');
    await agent.put('/api/user/profile').send({ name: 'Tess', penName: 'Winnie Sill' }).expect(200);
    const bookId = await submitNonFiction(agent, userId, {
      Title: 'Window Boxes',
      Description: 'Growing herbs and flowers in window boxes on a city flat',
    });
    const done = await book(agent, userId, bookId);
    expect(done.finalBookFile).toMatch(/^\/api\/files\/gen-/);
    expect(done.coverImage).toMatch(/^\/api\/files\/gen-/);
    expect(done.epubFile).toBeUndefined();
    expect(done.epubIncluded).toBe(false);
    // The Word manuscript is Premium's ("all formats"): none made here.
    expect(done.docxFile).toBeUndefined();
    expect(await server().platform.blobs.get(`gen-${bookId}-docx.docx`)).toBeNull();
    await checkInterior(await downloadFile(agent, done.finalBookFile), TRIMS['non-fiction']);
    // Downloads are saved under the book's title, not the blob's id.
    const saved = async (url: string) => (await agent.get(url)).headers['content-disposition'];
    expect(await saved(done.finalBookFile)).toBe('attachment; filename="window-boxes-interior-6x9.pdf"');
    expect(await saved(done.coverFile)).toBe('attachment; filename="window-boxes-cover.pdf"');
    // The pen name at the time of the request is the author; a later change leaves the book as it is.
    await agent.put('/api/user/profile').send({ name: 'Tess', penName: 'Someone Else' }).expect(200);
    await expectAuthorEverywhere(agent, [done.finalBookFile, done.coverFile], 'Winnie Sill');
    const epub = await agent.get(`/api/files/gen-${bookId}-epub.epub`);
    expect(epub.status).toBe(403);
    expect(epub.body).toEqual({
      error: 'FORBIDDEN',
      message:
        'EPUB is included in the Standard and Premium plans. This book was created on another plan, so it has a PDF only.',
    });
    // Nothing was written for it either: no blob behind the refused address.
    expect(await server().platform.blobs.get(`gen-${bookId}-epub.epub`)).toBeNull();
    // A stranger still learns nothing about the book.
    const stranger = await signUp('basic-book-stranger@example.com');
    expect((await stranger.agent.get(`/api/files/gen-${bookId}-epub.epub`)).status).toBe(404);
  }, 180_000);

  it('coloring book: Basic is refused; Standard gets 10 designs on recto pages with blank backs, padded to 24 pages', async () => {
    const basic = await signUp('basic-colors@example.com', 'basic');
    const refused = await basic.agent
      .post('/api/generate-coloring-book')
      .send({ prompt: 'Cats', bookLength: 10 });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('TIER_REQUIRED');
    expect((await basic.agent.get('/api/user')).body.credits).toBe(60);

    const { agent, userId } = await signUp('colors@example.com', 'standard');
    const res = await agent
      .post('/api/generate-coloring-book')
      .send({ prompt: 'Friendly cats', bookLength: 10, userId });
    expect(res.status).toBe(202);
    expect(res.body.creditsUsed).toBe(20);
    const done = await book(agent, userId, res.body.bookId);
    const pdf = await downloadFile(agent, done.shareLink);
    const report = await checkInterior(pdf, TRIMS.coloring);
    expect(report.pages).toBe(24);
    expect(report.width).toBeCloseTo(612, 0);
    // The designs are vector paths: the interior holds no raster picture at all.
    expect(report.images).toEqual([]);
    expect(report.text.match(/This page intentionally left blank/g)).toHaveLength(10);
    // Each design is kept as its vectors too, and its title is the subject, not the prompt.
    expect(done.title).toBe('Friendly Cats: A Coloring Book');
    await expectAuthorEverywhere(agent, [done.shareLink, done.coverFile], 'Tess');
  }, 180_000);

  it('kids book: multipart with a character picture, 24 pages of text and pictures, full-bleed square interior', async () => {
    const { agent, userId } = await signUp('kids@example.com', 'standard');
    await agent.put('/api/user/profile').send({ name: 'Tess', penName: 'Nell Pike' }).expect(200);
    const character = await sharp({
      create: { width: 900, height: 1200, channels: 4, background: '#ff8800aa' },
    })
      .png()
      .toBuffer();
    const res = await kidsBookForm(agent, userId).attach('characterImage', character, {
      filename: 'pip.png',
      contentType: 'image/png',
    });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ creditsUsed: 100, remainingCredits: 50 });
    const bookId = res.body.bookId as string;
    await book(agent, userId, bookId);
    const record = (await agent.get(`/api/kids-book/${bookId}`)).body;
    expect(record).toMatchObject({
      status: 'Done',
      storyDescription: 'Pip the puppy learns to swim at the seaside',
    });
    expect(record.Page1).toContain('Pip');
    expect(record.Page24).toBeDefined();
    expect(record.PNG24).toMatch(/^\/api\/files\/gen-/);
    // The page's picture as the model drew it: its frame's 3:2 shape.
    const png = await sharp(await downloadFile(agent, record.PNG1)).metadata();
    expect(png).toMatchObject({ format: 'png', width: 2588, height: 1725 });
    const report = await checkInterior(await downloadFile(agent, record.finalBookFile), TRIMS.kids);
    expect(report.width / 72).toBeCloseTo(8.625, 2);
    expect(report.height / 72).toBeCloseTo(8.75, 2);
    expect(report.text).toContain('Pip');
    // The print PDF and the ebook download from the viewer and from My Books, named after the book.
    const slug = slugOf(record.title);
    for (const [url, name] of [
      [record.finalBookFile, `${slug}-interior-8.5x8.5.pdf`],
      [record.epubFile, `${slug}.epub`],
    ]) {
      const res = await agent.get(url).buffer(true);
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toContain(`filename="${name}"`);
    }
    const listed = await book(agent, userId, bookId);
    expect(listed).toMatchObject({ finalBookFile: record.finalBookFile, epubFile: record.epubFile });
    expect(epubcheck(await downloadFile(agent, record.epubFile))).toContain('No errors or warnings detected');
    await expectAuthorEverywhere(agent, [record.finalBookFile, listed.coverFile], 'Nell Pike');
    const stranger = await signUp('kids-stranger@example.com');
    expect((await stranger.agent.get(`/api/kids-book/${bookId}`)).status).toBe(404);
  }, 240_000);

  /**
   * A landscape phone photo (the main kids-book test sends a 3:4 portrait; every other shape's
   * character reference is checked in outputs/character-photo.test.ts): the book is Done with its
   * 24 pages, and the photo itself is printed nowhere: the title page shows the cover's drawing,
   * every page its picture.
   */
  it('kids book with a 16:9 landscape character photo finishes Done with 24 pages, the photo printed nowhere', async () => {
    const { agent, userId } = await signUp('kids-landscape@example.com', 'demo', 100);
    const photo = await solidPicture(1600, 900, '#3a7bd5', 'jpeg');
    const leo = {
      description: 'Leo the boy finds a lost star in the garden',
      name: 'Leo',
      gender: 'boy',
    } as const;
    const res = await kidsBookForm(agent, userId, leo).attach('characterImage', photo, {
      filename: 'leo.jpg',
      contentType: 'image/jpeg',
    });
    expect(res.status).toBe(202);
    const bookId = res.body.bookId as string;
    await book(agent, userId, bookId);
    const record = (await agent.get(`/api/kids-book/${bookId}`)).body;
    expect(record.status).toBe('Done');
    expect(record.Page24).toContain('Leo');
    expect(record.PNG24).toMatch(/^\/api\/files\/gen-/);
    const pdf = await downloadFile(agent, record.finalBookFile);
    const report = await checkInterior(pdf, TRIMS.kids);
    // The title page's drawing (4 in square) and the pages' pictures: nothing of the photo's shape.
    expect(report.images.map((i) => `${i.width}x${i.height}`)).toEqual([
      '1200x1200',
      ...Array.from({ length: 24 }, () => '2588x1725'),
    ]);
  }, 240_000);

  it('tells the author a photo is too small before anything is spent, and lets them go on with it', async () => {
    const { agent, userId } = await signUp('kids-small@example.com', 'demo', 100);
    const small = await solidPicture(480, 640, '#3a7bd5', 'jpeg');
    const send = (accept?: string) => {
      const sam = {
        description: 'Sam the boy finds a lost kite on the beach',
        name: 'Sam',
        gender: 'boy',
      } as const;
      const req = kidsBookForm(agent, userId, sam);
      if (accept) req.field('acceptSmallPhoto', accept);
      return req.attach('characterImage', small, { filename: 'sam.jpg', contentType: 'image/jpeg' });
    };
    const refused = await send();
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      "This photo is 480×640 pixels, too small for the pictures to keep the child's likeness: use one of at least 768×1024, or continue with this photo for a simpler, smaller likeness.",
    );
    expect(refused.body).toMatchObject({ field: 'characterImage', override: 'acceptSmallPhoto' });
    expect((await agent.get('/api/user')).body.credits).toBe(100);
    expect((await agent.get(`/api/airtable/books/${userId}`)).body).toEqual([]);
    const accepted = await send('yes');
    expect(accepted.status).toBe(202);
    expect(accepted.body.remainingCredits).toBe(0);
  });

  it('the kids book refuses a character file that is not an image, and spends nothing', async () => {
    const { agent } = await signUp('kids-bad@example.com', 'demo', 100);
    const res = await agent
      .post('/api/generate-kids-book')
      .field('storyDescription', 'Pip the puppy learns to swim at the seaside')
      .field('characterName', 'Pip')
      .field('characterGender', 'boy')
      .attach('characterImage', Buffer.from('not a picture at all'), {
        filename: 'pip.png',
        contentType: 'image/png',
      });
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('Invalid File Type: Please select an image file (JPG, PNG or WebP)');
    expect((await agent.get('/api/user')).body.credits).toBe(100);
  });
});
