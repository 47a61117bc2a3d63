import { generationStream, listingFieldRegenerationPrice, pageTextRegenerationPrice } from '@studio/events';
import type request from 'supertest';
import type { Embedded } from '../main/embedded';
import {
  useFinishedKidsBookWithFakeOpenAi,
  useServerWithFinishedKidsBook,
} from '../testing/finished-kids-book';
import { member } from '../testing/givens';
import { eventually } from '../testing/helpers';
import * as regen from '../testing/part-regeneration';
import { listedBook } from '../testing/reader-books';

/**
 * Writing one text part again with a note: a kids book page's text (its version picked goes in the
 * book, rebuilt for free) and a KDP listing's field (its version picked is what My KDP Listings
 * shows and copies). The price shown, one charge per request however concurrently it is sent, a
 * failure refunded, KDP's limits and the printable characters kept, strangers 404, bad input 400.
 */
type Part = {
  part: string;
  price: number;
  text?: string;
  keywords?: string[];
  inBook: number | null;
  versions: Array<{ version: number; text?: string; keywords?: string[]; instruction?: string }>;
  regeneration?: { status: string; reason?: string };
};

async function listing(server: Embedded, email: string) {
  const { agent, userId } = await member(server, email, { plan: 'premium' });
  const res = await agent.post('/api/kdp-listings/create').send({
    userId,
    bookTitle: 'Garden Bees',
    bookPrompt: 'A gentle guide to the bees that visit garden flowers, and how to plant for them',
  });
  expect(res.status).toBe(202);
  const id = res.body.listingId as string;
  await listed(agent, userId, id, (l) => l.generationStatus === 'completed');
  return { agent, userId, id };
}

type Listed = Record<string, unknown> & { id: string; generationStatus: string };
const listed = (agent: request.Agent, userId: string, id: string, until: (l: Listed) => boolean) =>
  eventually(async () => {
    const found = ((await agent.get(`/api/kdp-listings/${userId}`)).body as Listed[]).find(
      (l) => l.id === id,
    );
    return found && until(found) ? found : undefined;
  }, 60_000);

const doneBook = (agent: request.Agent, userId: string, id: string, before?: string) =>
  listedBook(agent, userId, id, (b) => b.status === 'Done' && b.finalBookFile !== before, 180_000);

const textWhen = (agent: request.Agent, path: string, part: string, until: (p: Part) => boolean) =>
  regen.partWhen(async () => (await agent.get(path)).body.parts as Part[], part, until);

describe('writing a text part again (offline provider)', () => {
  // The run's finished kids book on this block's own copy (its listings are made here).
  const { server, owner } = useServerWithFinishedKidsBook();

  it("a kids page's text: priced, charged once, kept beside the original, and put in the book for free", async () => {
    const started = Date.now();
    const { agent, userId, id } = owner();
    const path = `/api/books/${id}/parts`;
    const view = (await agent.get(path)).body as { price: number; parts: Part[] };
    expect(view.price).toBe(pageTextRegenerationPrice('kids-book', 24));
    expect(view.price).toBe(2);
    // Page by page: its text, then its picture, each with its own price.
    expect(view.parts.map((p) => p.part)).toEqual(
      Array.from({ length: 24 }, (_, i) => [`page-${i + 1}-text`, `page-${i + 1}-picture`]).flat(),
    );
    expect(new Set(view.parts.map((p) => `${p.part.split('-')[2]} ${p.price}`))).toEqual(
      new Set(['text 2', 'picture 5']),
    );
    const original = view.parts[4] as Part;
    expect(original).toMatchObject({ inBook: 1, versions: [{ version: 1, text: original.text }] });
    const before = await regen.credits(agent);

    const ask = () =>
      regen.regenerator(agent, path)('page-3-text', { instruction: 'Pip meets a crab' }, 'page-3');
    const asked = Date.now();
    const first = await ask();
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ part: 'page-3-text', cost: 2, remainingCredits: before - 2 });
    expect((await ask()).body.regenerationId).toBe(first.body.regenerationId);
    const rewritten = await textWhen(agent, path, 'page-3-text', (p) => p.versions.length === 2);
    console.info(`offline kids page text: ${Date.now() - asked} ms, ${first.body.cost} credits`);
    expect(rewritten.versions[1]?.text).toContain('Pip meets a crab');
    expect(rewritten.versions[1]?.text).not.toMatch(/OFFLINE SAMPLE/);
    expect(rewritten.inBook).toBe(1);
    expect(await regen.credits(agent)).toBe(before - 2);

    const { finalBookFile } = await doneBook(agent, userId, id);
    const picture = (await agent.get(`/api/kids-book/${id}`)).body.PNG3;
    expect((await agent.post(`${path}/page-3-text/choose`).send({ version: 2 })).status).toBe(202);
    await doneBook(agent, userId, id, finalBookFile);
    const rebuilt = (await agent.get(`/api/kids-book/${id}`)).body;
    expect(rebuilt.Page3).toBe(rewritten.versions[1]?.text);
    // The page's picture stays as it was.
    expect(rebuilt.PNG3).toBe(picture);
    expect((await textWhen(agent, path, 'page-3-text', (p) => p.inBook === 2)).versions).toHaveLength(2);
    expect(await regen.credits(agent)).toBe(before - 2);
    console.info(`offline kids page rewritten and the book rebuilt: ${Date.now() - started} ms`);
  }, 400_000);

  it('a listing field: priced, charged once, and the chosen version is what the listing shows', async () => {
    const { agent, userId, id } = await listing(server(), 'text-listing@example.com');
    const path = `/api/kdp-listings/${id}/parts`;
    const view = (await agent.get(path)).body as { price: number; parts: Part[] };
    expect(view.price).toBe(listingFieldRegenerationPrice('kdp-listing'));
    expect(view.price).toBe(3);
    expect(view.parts.map((p) => p.part)).toEqual([
      'listing-optimizedTitle',
      'listing-subtitle',
      'listing-description',
      'listing-keywords',
    ]);
    const before = await regen.credits(agent);
    const asked = Date.now();
    const res = await agent
      .post(`${path}/listing-subtitle/regenerate`)
      .set('Idempotency-Key', 's')
      .send({ instruction: 'warmer' });
    expect(res.status).toBe(202);
    const done = await textWhen(agent, path, 'listing-subtitle', (p) => p.versions.length === 2);
    console.info(`offline listing field: ${Date.now() - asked} ms, ${res.body.cost} credits`);
    const subtitle = done.versions[1]?.text ?? '';
    expect(subtitle).toContain('warmer');
    const shown = await listed(agent, userId, id, () => true);
    expect(shown.subtitle).not.toBe(subtitle);

    const chosen = await agent.post(`${path}/listing-subtitle/choose`).send({ version: 2 });
    expect(chosen.status).toBe(200);
    const now = await listed(agent, userId, id, (l) => l.subtitle === subtitle);
    expect((String(now.optimizedTitle) + subtitle).length).toBeLessThan(200);
    expect((now.checks as Array<{ passed: boolean }>).every((c) => c.passed)).toBe(true);
    expect((await textWhen(agent, path, 'listing-subtitle', (p) => p.inBook === 2)).text).toBe(subtitle);
    expect(await regen.credits(agent)).toBe(before - 3);

    // Keywords: seven again, each within KDP's 50 characters.
    await agent.post(`${path}/listing-keywords/regenerate`).send({ instruction: 'for beginners' });
    const keywords = await textWhen(agent, path, 'listing-keywords', (p) => p.versions.length === 2);
    expect(keywords.versions[1]?.keywords).toHaveLength(7);
    expect(keywords.versions[1]?.keywords?.every((k) => k.length <= 50)).toBe(true);
  }, 300_000);

  it("someone else's result is 404, an unknown part 404, a part of another kind 400, a bad note 400: nothing appended", async () => {
    const { agent, userId, id } = await listing(server(), 'text-guard@example.com');
    const { agent: stranger } = await member(server(), 'text-stranger@example.com', { plan: 'premium' });
    const expectUnchanged = await regen.unchangedCheck(server().platform, agent, userId, id);
    const path = `/api/kdp-listings/${id}/parts`;

    expect((await stranger.get(path)).status).toBe(404);
    expect((await stranger.post(`${path}/listing-subtitle/regenerate`).send({})).status).toBe(404);
    expect((await stranger.post(`${path}/listing-subtitle/choose`).send({ version: 1 })).status).toBe(404);
    // A listing is not a book, and the other way round.
    expect((await agent.get(`/api/books/${id}/parts`)).status).toBe(404);
    const regenerate = regen.regenerator(agent, path);
    expect((await regenerate('listing-author', {})).status).toBe(404);
    expect((await regenerate('listing-', {})).status).toBe(404);
    expect((await regenerate('page-1-text', {})).status).toBe(400);
    expect((await regenerate('chapter-1', {})).status).toBe(400);
    await regen.expectNotesRefused(regenerate, 'listing-subtitle');
    expect((await agent.post(`${path}/listing-subtitle/choose`).send({ version: 2 })).status).toBe(400);

    await expectUnchanged();
  }, 300_000);
});

describe('writing a text part again (OpenAI-compatible provider, answering slowly)', () => {
  const { server, owner, fake } = useFinishedKidsBookWithFakeOpenAi();
  beforeEach(() => fake().behave({ latencyMs: { chat: 50 } }));

  const lastPrompt = () =>
    fake()
      .seen.filter((s) => s.kind === 'chat')
      .at(-1)
      ?.body.toString() ?? '';

  it('concurrent requests for one field: one charge, one version; the model is given the limits and the other fields', async () => {
    const { agent, userId, id } = await listing(server(), 'text-race@example.com');
    const path = `/api/kdp-listings/${id}/parts`;
    fake().behave({ latencyMs: { chat: 3000 } });
    // The model answers a title far over KDP's limit: the version is cut to fit beside the subtitle.
    fake().chatReplies.push({ content: `${'Bees in the Garden '.repeat(20)}`, finish_reason: 'stop' });
    const before = await regen.credits(agent);
    const send = (key: string) =>
      regen.regenerator(agent, path)('listing-optimizedTitle', { instruction: 'punchier' }, key);
    const asked = Date.now();
    const answers = await Promise.all(['same', 'same', 'same', 'other-1', 'other-2'].map(send));
    expect(answers.every((a) => [200, 202, 409].includes(a.status))).toBe(true);
    expect(new Set(answers.filter((a) => a.status < 300).map((a) => a.body.regenerationId)).size).toBe(1);
    const done = await textWhen(agent, path, 'listing-optimizedTitle', (p) => p.versions.length === 2);
    console.info(`slow fake OpenAI (3 s a call) listing field: ${Date.now() - asked} ms, 3 credits`);
    const subtitle = ((await agent.get(path)).body.parts as Part[])[1]?.text ?? '';
    expect((done.versions[1]?.text ?? '').length + subtitle.length).toBeLessThan(200);
    expect(lastPrompt()).toContain('punchier');
    expect(lastPrompt()).toContain('under 200 characters');
    expect(lastPrompt()).toContain(subtitle.slice(0, 20));
    expect(await regen.credits(agent)).toBe(before - 3);
    expect(await regen.bookDebits(server().platform, userId, id)).toHaveLength(1);
    const regenerationEvents = (await server().platform.eventStore.readStream(generationStream(id)))
      .map((e) => e.type)
      .filter((t) => t.startsWith('GenerationPart'));
    expect(regenerationEvents).toEqual([
      'GenerationPartRegenerationRequested',
      'GenerationPartVersionRecorded',
    ]);
  }, 300_000);

  it('a failed field is refunded', async () => {
    const { agent, id } = await listing(server(), 'text-refund@example.com');
    const path = `/api/kdp-listings/${id}/parts`;
    const before = await regen.credits(agent);
    fake().failNext(400, 'content_policy_violation');
    await regen.expectRefunded(
      agent,
      agent.post(`${path}/listing-description/regenerate`).send({ instruction: 'shorter' }),
      (until) => textWhen(agent, path, 'listing-description', until),
      before,
    );
  }, 300_000);

  it("a kids page: the story so far and the child's name go to the model; what the fonts cannot print is dropped", async () => {
    const { agent, id } = owner();
    const path = `/api/books/${id}/parts`;
    const pages = ((await agent.get(path)).body.parts as Part[]).map((p) => p.text ?? '');
    fake().behave({ latencyMs: { chat: 3000 } });
    fake().chatReplies.push({ content: 'Pip waves at a crab 🦀 and laughs.', finish_reason: 'stop' });
    const asked = Date.now();
    const res = await agent.post(`${path}/page-5-text/regenerate`).send({ instruction: 'add a crab' });
    expect(res.status).toBe(202);
    const done = await textWhen(agent, path, 'page-5-text', (p) => p.versions.length === 2);
    console.info(
      `slow fake OpenAI (3 s a call) kids page text: ${Date.now() - asked} ms, ${res.body.cost} credits`,
    );
    expect(done.versions[1]?.text).toBe('Pip waves at a crab and laughs.');
    const prompt = lastPrompt();
    expect(prompt).toContain('add a crab');
    expect(prompt).toContain('starring Pip');
    expect(prompt).toContain(`Page 4: ${pages[3]}`);
  }, 400_000);
});
