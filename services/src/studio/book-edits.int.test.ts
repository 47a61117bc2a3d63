import { generationStream } from '@studio/events';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import type request from 'supertest';
import { epubcheck, inspectPdf, renderPdfPage } from '../testing/debian-tools';
import { useServerWithFinishedKidsBook } from '../testing/finished-kids-book';
import { member } from '../testing/givens';
import { downloadFile, submitNonFiction } from '../testing/reader-books';
import { eventually, useEmbeddedServer } from '../testing/test-runtime';
import { TRIMS } from './outputs/kdp';
import { preflight } from './preflight/preflight';

/**
 * Editing a finished book over HTTP with the offline provider: the owner changes its title,
 * author and a chapter's (or page's) text, and its files are typeset again from the stored text,
 * free; strangers get 404, bad input a 400 that changes nothing, and concurrent saves one rebuild.
 */
describe('editing a book', () => {
  const server = useEmbeddedServer();
  const signUp = (email: string, plan?: 'standard' | 'premium', credits = 0) =>
    member(server(), email, { plan, credits });
  const pdfText = async (agent: request.Agent, url: string) =>
    inspectPdf(await downloadFile(agent, url)).text;
  const epubText = async (agent: request.Agent, url: string) =>
    Object.entries(unzipSync(new Uint8Array(await downloadFile(agent, url))))
      .filter(([name]) => /\.(xhtml|opf)$/.test(name))
      .map(([, bytes]) => Buffer.from(bytes).toString('utf8'))
      .join('\n');
  type Listed = Record<
    'status' | 'title' | 'finalBookFile' | 'coverFile' | 'epubFile' | 'docxFile' | 'coverImage',
    string
  >;
  /** The book as My Books lists it, once `until` holds. */
  const listed = (agent: request.Agent, userId: string, id: string, until: (b: Listed) => boolean) =>
    eventually(async () => {
      const list = await agent.get(`/api/airtable/books/${userId}`);
      const found = list.body.find((b: { id: string }) => b.id === id);
      if (found?.status === 'ERROR') throw new Error(`The book failed: ${JSON.stringify(found)}`);
      return found && until(found) ? (found as Listed) : undefined;
    }, 120_000);
  const done = (agent: request.Agent, userId: string, id: string) =>
    listed(agent, userId, id, (b) => b.status === 'Done');
  const eventTypes = async (id: string) =>
    (await server().platform.eventStore.readStream(generationStream(id))).map((e) => e.type);

  it('non-fiction: the owner edits title, author and a chapter; the PDF, EPUB and covers are rebuilt free; strangers 404; bad input 400', async () => {
    // Premium: the rebuilt files include the Word manuscript.
    const { agent, userId } = await signUp('edit-owner@example.com', 'premium');
    const id = await submitNonFiction(agent, userId, {
      Title: 'Window Boxes',
      Description: 'Growing herbs and flowers in window boxes on a city flat',
    });
    const before = await done(agent, userId, id);
    const credits = (await agent.get('/api/user')).body.credits as number;

    const edition = (await agent.get(`/api/books/${id}/edition`)).body;
    expect(edition).toMatchObject({
      id,
      editable: true,
      title: 'Window Boxes',
      author: 'Tess',
      subtitle: '',
    });
    expect(edition.chapters.length).toBeGreaterThanOrEqual(6);
    const chapter = edition.chapters[1];
    expect(chapter.text.length).toBeGreaterThan(100);
    // The text shown is the text in the PDF.
    expect(await pdfText(agent, before.finalBookFile)).toContain(chapter.title);

    // Strangers learn nothing and change nothing.
    const stranger = await signUp('edit-stranger@example.com');
    expect((await stranger.agent.get(`/api/books/${id}/edition`)).status).toBe(404);
    const foreign = await stranger.agent.patch(`/api/books/${id}`).send({ title: 'Stolen Title' });
    expect(foreign.status).toBe(404);
    expect(
      (await agent.patch('/api/books/00000000-0000-4000-8000-000000000000').send({ title: 'Nope Nope' }))
        .status,
    ).toBe(404);

    // Bad input: a 400 saying what is wrong, and no edit recorded.
    const bad: Array<[Record<string, unknown>, string]> = [
      [{}, 'Nothing to change: send a title, subtitle, author, blurb, chapters or pages'],
      [{ title: 'ab' }, 'Title must be at least 3 characters long'],
      [{ title: 42 }, 'Title must be at least 3 characters long'],
      [{ author: 'x' }, 'Author must be at least 2 characters'],
      [{ title: `A${'\u202e'}bc` }, 'Title must not contain control or invisible characters'],
      [
        { title: 'Herbs 🌿 on the Sill' },
        'The title contains characters our book fonts cannot print (🌿). Remove them or use another wording.',
      ],
      [
        { chapters: [{ index: 1, title: 'Fine', text: 'Basil ✓\n\nMint ✓' }] },
        'The chapter text contains characters our book fonts cannot print (✓). Remove them or use another wording.',
      ],
      [{ chapters: [{ index: 1, title: 'Fine', text: '   ' }] }, 'Chapter text cannot be empty'],
      [{ chapters: [{ index: -1, title: 'Fine', text: 'Words.' }] }, 'Chapter index is invalid'],
      [{ chapters: [{ index: 99, title: 'Fine', text: 'Words.' }] }, 'The book has no chapter 100'],
      [{ pages: [{ index: 0, text: 'A kids page' }] }, 'This book has no page texts to edit'],
      [{ chapters: 'all of them' }, 'chapters must be a list'],
    ];
    for (const [body, message] of bad) {
      const res = await agent.patch(`/api/books/${id}`).send(body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message });
    }
    expect(await eventTypes(id)).not.toContain('GenerationEdited');

    // Five saves at once: one is taken (and rebuilt once), the others are told to wait.
    const newText = 'Basil wants six hours of sun.\n\nWater it at dawn, never at noon.';
    const saves = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        agent.patch(`/api/books/${id}`).send({
          title: 'Herbs on the Sill',
          subtitle: 'A Small Garden in a Window Box',
          author: 'Winnie Sill',
          chapters: [{ index: 1, title: 'Sun and Water', text: newText }],
        }),
      ),
    );
    expect(saves.map((s) => s.status).sort()).toEqual([202, 409, 409, 409, 409]);
    expect(saves.find((s) => s.status === 409)?.body.message).toBe(
      'The book is being rebuilt with your last changes; try again when it is done',
    );

    const after = await listed(
      agent,
      userId,
      id,
      (b) => b.status === 'Done' && b.title === 'Herbs on the Sill',
    );
    const types = await eventTypes(id);
    expect(types.filter((t) => t === 'GenerationEdited')).toHaveLength(1);
    expect(types.filter((t) => t === 'GenerationCompleted')).toHaveLength(2);
    expect((await agent.get('/api/user')).body.credits).toBe(credits);

    // New files under new names (no cached copy of the old edition), each with the new words;
    // once the new edition is in place the old files are deleted: the book keeps one edition.
    for (const link of ['finalBookFile', 'coverFile', 'epubFile', 'docxFile', 'coverImage'] as const) {
      expect(after[link]).not.toBe(before[link]);
      // The worker deletes them right after recording the completion the list already shows.
      await eventually(async () => ((await agent.get(before[link])).status === 404 ? true : undefined));
    }
    const kept: string[] = [];
    for await (const blob of server().platform.blobs.list(new Date(Date.now() + 60_000)))
      if (blob.id.startsWith(`gen-${id}-`)) kept.push(blob.id);
    expect(kept.every((blobId) => blobId.startsWith(`gen-${id}-r1-`))).toBe(true);
    expect(kept.length).toBeGreaterThanOrEqual(4);
    const interior = await downloadFile(agent, after.finalBookFile);
    expect(await preflight(interior, { type: 'interior', trim: TRIMS['non-fiction'] })).toEqual([]);
    const text = inspectPdf(interior).text.replace(/\s+/g, ' ');
    for (const words of [
      'Herbs on the Sill',
      'A Small Garden in a Window Box',
      'Winnie Sill',
      'Sun and Water',
    ])
      expect(text).toContain(words);
    expect(text).toContain('Basil wants six hours of sun.');
    expect(text).toContain('Water it at dawn, never at noon.');
    expect(text).not.toContain(chapter.title);
    const cover = (await pdfText(agent, after.coverFile)).replace(/\s+/g, ' ');
    expect(cover).toContain('Winnie Sill');
    const epub = await epubText(agent, after.epubFile);
    expect(epub).toContain('Herbs on the Sill');
    expect(epub).toContain('Basil wants six hours of sun.');
    expect(epubcheck(await downloadFile(agent, after.epubFile))).toMatch(/No errors or warnings detected/);
    // The Word manuscript is rebuilt from the edited words too.
    const docx = strFromU8(
      unzipSync(new Uint8Array(await downloadFile(agent, after.docxFile)))['word/document.xml'] as Uint8Array,
    );
    expect(docx).toContain('Herbs on the Sill');
    expect(docx).toContain('Water it at dawn, never at noon.');
    expect(docx).not.toContain(chapter.title);
    expect((await agent.get(after.finalBookFile)).headers['content-disposition']).toBe(
      'attachment; filename="herbs-on-the-sill-interior-6x9.pdf"',
    );
    expect((await stranger.agent.get(after.finalBookFile)).status).toBe(404);

    // The Edit view shows the words now in the files; a later metadata edit keeps the chapter.
    expect((await agent.get(`/api/books/${id}/edition`)).body).toMatchObject({
      title: 'Herbs on the Sill',
      author: 'Winnie Sill',
      subtitle: 'A Small Garden in a Window Box',
    });
    expect((await agent.patch(`/api/books/${id}`).send({ title: 'Herbs on a Sill' })).status).toBe(202);
    const again = await listed(
      agent,
      userId,
      id,
      (b) => b.status === 'Done' && b.title === 'Herbs on a Sill',
    );
    const second = (await pdfText(agent, again.finalBookFile)).replace(/\s+/g, ' ');
    expect(second).toContain('Herbs on a Sill');
    expect(second).toContain('Basil wants six hours of sun.');
    expect(second).toContain('Winnie Sill');
    expect((await agent.get('/api/user')).body.credits).toBe(credits);
  }, 240_000);

  it('one rebuild per account at a time: two of its books saved at once start one rebuild; the other waits', async () => {
    const { agent, userId } = await signUp('edit-two@example.com', 'standard');
    const ids: string[] = [];
    for (const prompt of ['Cozy woodland animals', 'Friendly sea creatures']) {
      const res = await agent.post('/api/generate-coloring-book').send({ prompt, bookLength: 10, userId });
      expect(res.status).toBe(202);
      ids.push(res.body.bookId as string);
    }
    for (const id of ids) await done(agent, userId, id);
    const saves = await Promise.all(
      ids.map((id, i) => agent.patch(`/api/books/${id}`).send({ title: `Saved at once ${i}` })),
    );
    expect(saves.map((s) => s.status).sort()).toEqual([202, 409]);
    const waiting = saves.find((s) => s.status === 409);
    expect(waiting?.body.message).toBe(
      'Another of your books is being rebuilt. Save these changes once it is done.',
    );
    const refused = ids[saves.indexOf(waiting as (typeof saves)[number])] as string;
    expect(await eventTypes(refused)).not.toContain('GenerationEdited');
    // Once the first is rebuilt, the other's save is taken.
    const taken = ids.find((id) => id !== refused) as string;
    await listed(agent, userId, taken, (b) => b.status === 'Done' && b.title.startsWith('Saved at once'));
    expect((await agent.patch(`/api/books/${refused}`).send({ title: 'Saved afterwards' })).status).toBe(202);
  }, 240_000);

  describe('a kids book', () => {
    // The run's finished kids book, on this block's own server and copy of its data.
    const { owner } = useServerWithFinishedKidsBook();

    it('kids book: editing a page rebuilds the PDF with the new text and keeps the pictures', async () => {
      const { agent, userId, id } = owner();
      const before = await done(agent, userId, id);
      const record = (await agent.get(`/api/kids-book/${id}`)).body;
      const edition = (await agent.get(`/api/books/${id}/edition`)).body;
      expect(edition.pages).toHaveLength(24);
      expect(edition.pages[2]).toBe(record.Page3);

      const saved = await agent
        .patch(`/api/books/${id}`)
        .send({ pages: [{ index: 2, text: 'Pip paddles past a very surprised crab.' }] });
      expect(saved.status).toBe(202);
      await listed(agent, userId, id, (b) => b.status === 'Done' && b.finalBookFile !== before.finalBookFile);
      const rebuilt = (await agent.get(`/api/kids-book/${id}`)).body;
      expect(rebuilt.Page3).toBe('Pip paddles past a very surprised crab.');
      expect(rebuilt.PNG3).toBe(record.PNG3);
      const pdf = await downloadFile(agent, rebuilt.finalBookFile);
      expect(await preflight(pdf, { type: 'interior', trim: TRIMS.kids })).toEqual([]);
      const text = inspectPdf(pdf).text.replace(/\s+/g, ' ');
      expect(text).toContain('Pip paddles past a very surprised crab.');
      expect(text).not.toContain(record.Page3.replace(/\s+/g, ' '));
      expect(inspectPdf(pdf).images.length).toBeGreaterThanOrEqual(24);
    }, 240_000);
  });

  it('coloring book: a new title and author rebuild the interior and covers around the same designs', async () => {
    const { agent, userId } = await signUp('edit-colors@example.com', 'standard');
    const res = await agent
      .post('/api/generate-coloring-book')
      .send({ prompt: 'Cozy woodland animals', bookLength: 10, userId });
    expect(res.status).toBe(202);
    const id = res.body.bookId as string;
    const before = await listed(agent, userId, id, (b) => b.status === 'Done');
    expect(before.title).toBe('Cozy Woodland Animals: A Coloring Book');
    const edition = (await agent.get(`/api/books/${id}/edition`)).body;
    expect(edition).toMatchObject({ editable: true, title: 'Cozy Woodland Animals: A Coloring Book' });
    expect(edition.chapters).toBeUndefined();
    const first = await downloadFile(agent, (before as unknown as { shareLink: string }).shareLink);

    expect(
      (await agent.patch(`/api/books/${id}`).send({ title: 'Forest Friends', author: 'Ada Brush' })).status,
    ).toBe(202);
    const after = await listed(agent, userId, id, (b) => b.status === 'Done' && b.title === 'Forest Friends');
    const pdf = await downloadFile(agent, (after as unknown as { shareLink: string }).shareLink);
    expect(await preflight(pdf, { type: 'interior', trim: TRIMS.coloring })).toEqual([]);
    const report = inspectPdf(pdf);
    // The same designs, still vector line art: as many pages, no picture, and ten drawn pages
    // (the designs) pixel for pixel as before.
    expect(report.pages).toBe(inspectPdf(first).pages);
    expect(report.images).toEqual([]);
    let sameDrawings = 0;
    for (let page = 1; page <= report.pages; page++) {
      const now = renderPdfPage(pdf, page);
      const drawn = ((await sharp(now).stats()).channels[0]?.min ?? 255) < 64;
      if (drawn && now.equals(renderPdfPage(first, page))) sameDrawings += 1;
    }
    expect(sameDrawings).toBeGreaterThanOrEqual(10);
    expect(report.text).toContain('Forest Friends');
    expect(report.text).toContain('Ada Brush');
    expect(await pdfText(agent, after.coverFile)).toContain('Ada Brush');
  }, 240_000);
});
