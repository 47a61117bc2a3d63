import { pictureRegenerationPrice } from '@studio/events';
import type request from 'supertest';
import { inspectPdf, pdfImageHashes, renderPdfPage } from '../testing/debian-tools';
import {
  useFinishedKidsBookWithFakeOpenAi,
  useServerWithFinishedKidsBook,
} from '../testing/finished-kids-book';
import { member } from '../testing/givens';
import { bytesBody } from '../testing/helpers';
import * as regen from '../testing/part-regeneration';
import { listedBook } from '../testing/reader-books';

/**
 * Drawing one picture of a finished kids or coloring book again with a note, over HTTP: the price
 * shown, one charge per request however concurrently it is sent, every version kept as its own
 * file, the chosen one printed by the rebuilt PDF (its pictures by hash), strangers 404, a part of
 * another kind of book 400, bad notes 400/422, none of which appends anything.
 */
type Version = { version: number; picture?: string; bytes?: number; instruction?: string };
type Part = {
  part: string;
  label: string;
  price: number;
  inBook: number | null;
  versions: Version[];
  regeneration?: { status: string; regenerationId: string; reason?: string };
};

const download = async (agent: request.Agent, url: string) => {
  const res = await agent.get(url).buffer(true).parse(bytesBody);
  expect(res.status).toBe(200);
  return { data: res.body as Buffer, type: String(res.headers['content-type']) };
};

/** The book as My Books lists it once it is done (with its `file` changed from `before`, if given). */
const doneBook = async (
  agent: request.Agent,
  userId: string,
  id: string,
  file: 'finalBookFile' | 'shareLink',
  before?: string,
) =>
  (
    await listedBook(
      agent,
      userId,
      id,
      (b) => b.status === 'Done' && Boolean(b[file]) && b[file] !== before,
      180_000,
    )
  )[file];

const partsOf = async (agent: request.Agent, id: string) => {
  const res = await agent.get(`/api/books/${id}/parts`);
  expect(res.status).toBe(200);
  // A kids book lists its pages' texts too (each part with its own price): the pictures here.
  const pictures = (res.body.parts as Part[]).filter((p) => /-picture$|^design-/.test(p.part));
  const prices = new Set(pictures.map((p) => p.price));
  expect(prices.size).toBe(1);
  return { price: [...prices][0] as number, parts: pictures };
};
const pictureWhen = (agent: request.Agent, id: string, part: string, until: (p: Part) => boolean) =>
  regen.partWhen(async () => (await partsOf(agent, id)).parts, part, until, 120_000);

describe('drawing a picture again (offline provider)', () => {
  // The run's finished kids book, on this block's own copy, for both kids tests: the first draws
  // page 3 again, the second asks only refused things of page 1.
  const { server, owner } = useServerWithFinishedKidsBook();

  it('a kids page: its price, one charge, every version kept, the chosen picture printed by the rebuilt PDF', async () => {
    const { agent, userId, id, pdf: firstPdf } = owner();
    const { price, parts } = await partsOf(agent, id);
    expect(price).toBe(pictureRegenerationPrice('kids-book'));
    expect(price).toBe(5);
    expect(parts).toHaveLength(24);
    const page3 = parts[2] as Part;
    expect(page3).toMatchObject({ part: 'page-3-picture', label: 'Page 3', inBook: 1 });
    const original = await download(agent, page3.versions[0]?.picture as string);
    expect(original.type).toBe('image/png');
    const before = await regen.credits(agent);

    const started = Date.now();
    const ask = () =>
      regen.regenerator(agent, `/api/books/${id}/parts`)(
        'page-3-picture',
        { instruction: 'draw a fox beside him' },
        'fox',
      );
    const first = await ask();
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ part: 'page-3-picture', status: 'pending', cost: price });
    expect(first.body.remainingCredits).toBe(before - price);
    expect((await ask()).body.regenerationId).toBe(first.body.regenerationId);
    const drawn = await pictureWhen(agent, id, 'page-3-picture', (p) => p.versions.length === 2);
    const wall = Date.now() - started;
    expect(drawn.inBook).toBe(1);
    expect(drawn.versions[1]).toMatchObject({ version: 2, instruction: 'draw a fox beside him' });
    const redrawn = await download(agent, drawn.versions[1]?.picture as string);
    expect(redrawn.data.equals(original.data)).toBe(false);
    expect(drawn.versions[1]?.bytes).toBe(redrawn.data.length);
    expect(await regen.credits(agent)).toBe(before - price);
    expect(await regen.bookDebits(server().platform, userId, id)).toHaveLength(1);
    process.stdout.write(`measure: one kids picture drawn again offline: ${wall} ms, ${price} credits\n`);

    // Picked: the rebuilt PDF prints the new picture in place of the old one, and nothing else changes.
    const originalImages = pdfImageHashes((await download(agent, firstPdf)).data);
    expect(
      (await agent.post(`/api/books/${id}/parts/page-3-picture/choose`).send({ version: 2 })).status,
    ).toBe(202);
    const secondPdf = await doneBook(agent, userId, id, 'finalBookFile', firstPdf);
    const chosenImages = pdfImageHashes((await download(agent, secondPdf)).data);
    expect(chosenImages).toHaveLength(originalImages.length);
    const changed = chosenImages.filter((hash, i) => hash !== originalImages[i]);
    expect(changed).toHaveLength(1);
    expect((await pictureWhen(agent, id, 'page-3-picture', (p) => p.inBook === 2)).versions).toHaveLength(2);
    // Picking the one printed already changes nothing.
    const same = await agent.post(`/api/books/${id}/parts/page-3-picture/choose`).send({ version: 2 });
    expect(same.status).toBe(200);
    expect(same.body.unchanged).toBe(true);

    // Back to the original: the PDF prints the very pictures it had, and both are free.
    expect(
      (await agent.post(`/api/books/${id}/parts/page-3-picture/choose`).send({ version: 1 })).status,
    ).toBe(202);
    const thirdPdf = await doneBook(agent, userId, id, 'finalBookFile', secondPdf);
    expect(pdfImageHashes((await download(agent, thirdPdf)).data)).toEqual(originalImages);
    expect(await regen.credits(agent)).toBe(before - price);
    // Every version is still there to pick.
    expect((await download(agent, drawn.versions[1]?.picture as string)).data.equals(redrawn.data)).toBe(
      true,
    );
  }, 400_000);

  it('a coloring design: its price, a traced SVG version, and the rebuilt interior differs with it', async () => {
    const { agent, userId } = await member(server(), 'design-owner@example.com', {
      plan: 'standard',
      credits: 100,
    });
    const made = await agent
      .post('/api/generate-coloring-book')
      .send({ prompt: 'Cozy woodland animals', bookLength: 10, userId });
    expect(made.status).toBe(202);
    const id = made.body.bookId as string;
    const firstPdf = await doneBook(agent, userId, id, 'shareLink');
    const { price, parts } = await partsOf(agent, id);
    expect(price).toBe(2);
    expect(parts.map((p) => p.part)).toEqual(Array.from({ length: 10 }, (_, i) => `design-${i + 1}`));
    const asked = await agent
      .post(`/api/books/${id}/parts/design-4/regenerate`)
      .send({ instruction: 'an owl instead of a fox' });
    expect(asked.status).toBe(202);
    const drawn = await pictureWhen(agent, id, 'design-4', (p) => p.versions.length === 2);
    const svg = await download(agent, drawn.versions[1]?.picture as string);
    expect(svg.type).toContain('image/svg+xml');
    expect(svg.data.toString('utf8')).toContain('<svg');
    const originalPdf = (await download(agent, firstPdf)).data;
    expect((await agent.post(`/api/books/${id}/parts/design-4/choose`).send({ version: 2 })).status).toBe(
      202,
    );
    const secondPdf = await doneBook(agent, userId, id, 'shareLink', firstPdf);
    const chosenPdf = (await download(agent, secondPdf)).data;
    // The interior is drawn as vectors: rendered, exactly one page (the design's) differs.
    const pages = inspectPdf(originalPdf).pages;
    expect(inspectPdf(chosenPdf).pages).toBe(pages);
    const differing = Array.from({ length: pages }, (_, i) => i + 1).filter(
      (n) => !renderPdfPage(originalPdf, n, 20).equals(renderPdfPage(chosenPdf, n, 20)),
    );
    expect(differing).toHaveLength(1);
  }, 400_000);

  it("someone else's book is 404, a part of another kind 400, bad notes 400; none appends anything", async () => {
    const { agent, userId, id } = owner();
    const { agent: stranger } = await member(server(), 'picture-stranger@example.com', { plan: 'premium' });
    const expectUnchanged = await regen.unchangedCheck(server().platform, agent, userId, id);
    const regenerate = regen.regenerator(agent, `/api/books/${id}/parts`);

    expect((await stranger.get(`/api/books/${id}/parts`)).status).toBe(404);
    expect((await stranger.post(`/api/books/${id}/parts/page-1-picture/regenerate`).send({})).status).toBe(
      404,
    );
    expect((await stranger.get(`/api/books/${id}/parts/page-1-picture/versions/1/picture`)).status).toBe(404);
    expect(
      (await stranger.post(`/api/books/${id}/parts/page-1-picture/choose`).send({ version: 1 })).status,
    ).toBe(404);
    expect((await regenerate('page-25-picture', {})).status).toBe(404);
    expect((await regenerate('page-0-picture', {})).status).toBe(404);
    expect((await regenerate('cover', {})).status).toBe(404);
    expect((await agent.get(`/api/books/${id}/parts/page-1-picture/versions/2/picture`)).status).toBe(404);
    // Parts that only another kind of book has.
    expect((await regenerate('design-1', {})).status).toBe(400);
    expect((await regenerate('chapter-1', {})).status).toBe(400);
    await regen.expectNotesRefused(regenerate, 'page-1-picture');
    expect(
      (await agent.post(`/api/books/${id}/parts/page-1-picture/choose`).send({ version: 2 })).status,
    ).toBe(400);

    await expectUnchanged();
  }, 300_000);
});

describe('drawing a picture again (OpenAI-compatible provider, answering slowly)', () => {
  const { server, owner, fake } = useFinishedKidsBookWithFakeOpenAi();

  it('concurrent requests of one picture: one charge, one new version; a refused drawing is refunded', async () => {
    const { agent, userId, id } = owner();
    // Pictures that take 3 s: every request arrives while the first is drawn.
    fake().behave({ latencyMs: { image: 3000, edit: 3000 } });
    const before = await regen.credits(agent);
    const started = Date.now();
    const send = (key: string) =>
      regen.regenerator(agent, `/api/books/${id}/parts`)('page-5-picture', { instruction: 'at sunset' }, key);
    const answers = await Promise.all(['same', 'same', 'same', 'other-1', 'other-2', 'other-3'].map(send));
    expect(answers.every((a) => [200, 202, 409].includes(a.status))).toBe(true);
    const accepted = new Set(answers.filter((a) => a.status < 300).map((a) => a.body.regenerationId));
    expect(accepted.size).toBe(1);
    const done = await pictureWhen(
      agent,
      id,
      'page-5-picture',
      (p) => p.regeneration === undefined && p.versions.length > 1,
    );
    const wall = Date.now() - started;
    expect(done.versions).toHaveLength(2);
    const cost = answers.find((a) => a.status === 202)?.body.cost as number;
    expect(await regen.credits(agent)).toBe(before - cost);
    expect(await regen.bookDebits(server().platform, userId, id)).toHaveLength(1);
    expect(await regen.regenerationEvents(server().platform, id)).toEqual([
      'GenerationPartRegenerationRequested',
      'GenerationPartVersionRecorded',
    ]);
    // Drawn with the book's character: the prompt carries the note beside the page's text.
    const asked =
      fake()
        .seen.filter((s) => s.kind === 'image' || s.kind === 'edit')
        .at(-1)
        ?.body.toString('latin1') ?? '';
    expect(asked).toContain('at sunset');
    process.stdout.write(
      `measure: one kids picture drawn again, fake OpenAI answering pictures in 3 s: ${wall} ms, ${cost} credits\n`,
    );

    // The provider refuses the next picture: no version, the credits come back.
    fake().behave({});
    const charged = await regen.credits(agent);
    fake().failNext(400, 'moderation_blocked');
    await regen.expectRefunded(
      agent,
      agent.post(`/api/books/${id}/parts/page-6-picture/regenerate`).send({ instruction: 'at night' }),
      (until) => pictureWhen(agent, id, 'page-6-picture', until),
      charged,
    );
  }, 400_000);
});
