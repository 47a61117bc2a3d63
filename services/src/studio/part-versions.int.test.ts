import { chapterRegenerationPrice } from '@studio/events';
import type request from 'supertest';
import type { Embedded } from '../main/embedded';
import { inspectPdf } from '../testing/debian-tools';
import { member } from '../testing/givens';
import { bytesBody } from '../testing/helpers';
import * as regen from '../testing/part-regeneration';
import { finishedNonFiction, listedBook } from '../testing/reader-books';
import { useEmbeddedServer, useServerWithFakeOpenAi } from '../testing/test-runtime';

/**
 * Regenerating one chapter of a finished book over HTTP: the price shown, one charge per request
 * (its Idempotency-Key) however often and however concurrently it is sent, every version kept, the
 * chosen one typeset into the files for free, a failure refunded, strangers 404 and bad input a
 * 400 that changes nothing.
 */
type Part = {
  part: string;
  title: string;
  inBook: number | null;
  versions: Array<{ version: number; title: string; paragraphs: string[]; instruction?: string }>;
  regeneration?: { status: string; regenerationId: string; reason?: string };
};

async function finishedBook(server: Embedded, email: string) {
  const book = {
    Title: 'Window Boxes',
    Description: 'Growing herbs and flowers in window boxes on a city flat',
  };
  const { agent, userId, id } = await finishedNonFiction(server, email, book, 'premium');
  return { agent, userId, id };
}

/** The book as My Books lists it, once it is done (with `file` changed from `before`, if given). */
const doneBook = (agent: request.Agent, userId: string, id: string, before?: string) =>
  listedBook(agent, userId, id, (b) => b.status === 'Done' && b.finalBookFile !== before);

const partsOf = async (agent: request.Agent, id: string) => {
  const res = await agent.get(`/api/books/${id}/parts`);
  expect(res.status).toBe(200);
  return res.body as { price: number; parts: Part[] };
};

/** The chapter once `until` holds. */
const chapterWhen = (agent: request.Agent, id: string, part: string, until: (p: Part) => boolean) =>
  regen.partWhen(async () => (await partsOf(agent, id)).parts, part, until);

describe('regenerating a chapter (offline provider)', () => {
  const server = useEmbeddedServer();

  it('shows its price, charges once per request, keeps every version, and puts the chosen one in the files for free', async () => {
    const { agent, userId, id } = await finishedBook(server(), 'regen-owner@example.com');
    const { price, parts } = await partsOf(agent, id);
    expect(price).toBe(chapterRegenerationPrice('non-fiction', parts.length));
    const original = parts[1] as Part;
    expect(original).toMatchObject({ part: 'chapter-2', inBook: 1 });
    expect(original.versions).toHaveLength(1);
    const before = await regen.credits(agent);

    const ask = () =>
      regen.regenerator(agent, `/api/books/${id}/parts`)(
        'chapter-2',
        { instruction: 'more practical' },
        'first-try',
      );
    const first = await ask();
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ part: 'chapter-2', status: 'pending', cost: price });
    expect(first.body.remainingCredits).toBe(before - price);
    // Sent again (a retry, a double click): the same regeneration, not charged again.
    const again = await ask();
    expect([200, 202]).toContain(again.status);
    expect(again.body.regenerationId).toBe(first.body.regenerationId);

    const rewritten = await chapterWhen(agent, id, 'chapter-2', (p) => p.versions.length === 2);
    expect(await ask().then((r) => r.body)).toMatchObject({ status: 'done', version: 2 });
    expect(await regen.credits(agent)).toBe(before - price);
    expect(await regen.bookDebits(server().platform, userId, id)).toHaveLength(1);
    const version2 = rewritten.versions[1];
    expect(version2).toMatchObject({ version: 2, instruction: 'more practical' });
    expect(version2?.paragraphs.join(' ')).toContain('more practical');
    expect(version2?.paragraphs).not.toEqual(original.versions[0]?.paragraphs);
    // Kept beside the original; the book is unchanged until the author picks it.
    expect(rewritten.inBook).toBe(1);
    const edition = (await agent.get(`/api/books/${id}/edition`)).body;
    expect(edition.chapters[1].text).not.toContain('more practical');

    const { finalBookFile: oldPdf } = await doneBook(agent, userId, id);
    const chosen = await agent.post(`/api/books/${id}/parts/chapter-2/choose`).send({ version: 2 });
    expect(chosen.status).toBe(202);
    const { finalBookFile: newPdf } = await doneBook(agent, userId, id, oldPdf);
    const pdf = await agent.get(newPdf).buffer(true).parse(bytesBody);
    expect((await inspectPdf(pdf.body as Buffer)).text.replace(/\s+/g, ' ')).toContain(
      'rewritten as the author asked: “more practical”',
    );
    expect((await chapterWhen(agent, id, 'chapter-2', (p) => p.inBook === 2)).versions).toHaveLength(2);
    // Free: picking a version spends nothing.
    expect(await regen.credits(agent)).toBe(before - price);

    // Back to the original, also free.
    await doneBook(agent, userId, id);
    expect((await agent.post(`/api/books/${id}/parts/chapter-2/choose`).send({ version: 1 })).status).toBe(
      202,
    );
    await chapterWhen(agent, id, 'chapter-2', (p) => p.inBook === 1);
    expect(await regen.credits(agent)).toBe(before - price);
  }, 300_000);

  it("someone else's book is 404 and bad input a 400; neither appends anything", async () => {
    const { agent, userId, id } = await finishedBook(server(), 'regen-guard@example.com');
    const { agent: stranger } = await member(server(), 'regen-stranger@example.com', { plan: 'premium' });
    const expectUnchanged = await regen.unchangedCheck(server().platform, agent, userId, id);

    expect((await stranger.get(`/api/books/${id}/parts`)).status).toBe(404);
    expect((await stranger.post(`/api/books/${id}/parts/chapter-1/regenerate`).send({})).status).toBe(404);
    expect((await stranger.post(`/api/books/${id}/parts/chapter-1/choose`).send({ version: 1 })).status).toBe(
      404,
    );
    const regenerate = regen.regenerator(agent, `/api/books/${id}/parts`);
    expect((await regenerate('chapter-99', {})).status).toBe(404);
    expect((await regenerate('page-1', {})).status).toBe(404);
    // Moderation: the embedded default's word list.
    await regen.expectNotesRefused(regenerate, 'chapter-1', [['more practical']]);
    expect((await regenerate('chapter-1', {}, 'k'.repeat(101))).status).toBe(400);
    expect((await agent.post(`/api/books/${id}/parts/chapter-1/choose`).send({ version: 7 })).status).toBe(
      400,
    );
    expect((await agent.post(`/api/books/${id}/parts/chapter-1/choose`).send({ version: 'x' })).status).toBe(
      400,
    );

    await expectUnchanged();
  }, 300_000);
});

describe('regenerating a chapter (OpenAI-compatible provider)', () => {
  const { server, fake } = useServerWithFakeOpenAi();
  beforeEach(() => fake().behave({ latencyMs: { chat: 50 } }));

  it("sends the author's note to the model, and refunds a regeneration the provider failed", async () => {
    const { agent, id } = await finishedBook(server(), 'regen-openai@example.com');
    const before = await regen.credits(agent);
    const asked = await agent
      .post(`/api/books/${id}/parts/chapter-1/regenerate`)
      .set('Idempotency-Key', 'ok')
      .send({ instruction: 'add a checklist' });
    expect(asked.status).toBe(202);
    const rewritten = await chapterWhen(agent, id, 'chapter-1', (p) => p.versions.length === 2);
    expect(rewritten.versions[1]?.paragraphs).toContain('Rewritten as asked: add a checklist.');
    const prompt =
      fake()
        .seen.filter((s) => s.kind === 'chat')
        .at(-1)
        ?.body.toString() ?? '';
    expect(prompt).toContain('add a checklist');
    expect(prompt).toContain('This chapter exists already');
    const charged = before - (asked.body.cost as number);
    expect(await regen.credits(agent)).toBe(charged);

    // The model refuses the next call: no version, the credits come back.
    fake().failNext(400, 'content_policy_violation');
    await regen.expectRefunded(
      agent,
      agent
        .post(`/api/books/${id}/parts/chapter-2/regenerate`)
        .set('Idempotency-Key', 'refused')
        .send({ instruction: 'more anecdotes' }),
      (until) => chapterWhen(agent, id, 'chapter-2', until),
      charged,
    );
  }, 300_000);

  it('concurrent regenerations of one chapter: one charge, one new version, the others 409', async () => {
    const { agent, userId, id } = await finishedBook(server(), 'regen-race@example.com');
    // A model that takes a few seconds: the requests all arrive while the first one is written.
    fake().behave({ latencyMs: { chat: 3000 } });
    const before = await regen.credits(agent);
    const send = (key: string) =>
      regen.regenerator(agent, `/api/books/${id}/parts`)('chapter-3', { instruction: 'shorter' }, key);
    // Three tries of one request and three different requests, all at once.
    const answers = await Promise.all(['same', 'same', 'same', 'other-1', 'other-2', 'other-3'].map(send));
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 202 || s === 200 || s === 409)).toBe(true);
    const accepted = new Set(answers.filter((a) => a.status < 300).map((a) => a.body.regenerationId));
    expect(accepted.size).toBe(1);
    const done = await chapterWhen(
      agent,
      id,
      'chapter-3',
      (p) => p.regeneration?.status === undefined && p.versions.length > 1,
    );
    expect(done.versions).toHaveLength(2);
    expect(await regen.credits(agent)).toBe(
      before - (answers.find((a) => a.status === 202)?.body.cost as number),
    );
    expect(await regen.regenerationEvents(server().platform, id)).toEqual([
      'GenerationPartRegenerationRequested',
      'GenerationPartVersionRecorded',
    ]);
    expect(await regen.bookDebits(server().platform, userId, id)).toHaveLength(1);
  }, 300_000);
});
