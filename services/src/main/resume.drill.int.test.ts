import { generationStream, KIDS_BOOK_PAGES } from '@studio/events';
import request from 'supertest';
import { createSqliteEventStore } from '../platform/eventstore/sqlite';
import { type FakeOpenAi, startFakeOpenAi } from '../testing/fake-openai.fixture';
import { eventually, tempDataDir } from '../testing/helpers';
import { spawnEmbedded } from '../testing/spawn-embedded';

/**
 * A worker killed (SIGKILL) halfway through a kids book: the retried attempt resumes from the parts
 * recorded before the kill and asks the AI only for what is missing. The calls are counted at the
 * fake OpenAI server, over HTTP, as the real service would bill them.
 */
const STORY = 'Pip the puppy learns to swim at the seaside';

describe('a kids book resumed after its worker was killed', () => {
  const tmp = tempDataDir();
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi({ latencyMs: { chat: 50, image: 200 } });
  });
  afterAll(async () => {
    await fake.close();
    tmp.remove();
  });

  it('makes only the missing pictures, writes the story once, and delivers all 24 pages', async () => {
    const env = {
      AI_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: fake.baseURL,
      AI_CONCURRENCY: '2',
      JOB_LEASE_MS: '2000',
    };
    const first = await spawnEmbedded(tmp.dir, env);
    const agent = request.agent(first.url);
    const registered = await agent
      .post('/api/register')
      .send({ name: 'Tess Resume', email: 'resume@example.com', password: 'secret12' });
    const userId = registered.body.id as string;
    const cookie = String(registered.headers['set-cookie']?.[0] ?? '').split(';')[0] as string;
    const checkout = await agent.post('/api/create-checkout-session').send({ planId: 'standard' });
    await agent.post(`${checkout.body.url}/pay`).expect(302);
    const started = await agent
      .post('/api/generate-kids-book')
      .send({ storyDescription: STORY, characterName: 'Pip', characterGender: 'boy', userId });
    expect(started.status).toBe(202);
    const generationId = started.body.generationId as string;

    // Halfway through the pictures, the process dies with no chance to hand anything back.
    await eventually(async () => fake.made('image') >= KIDS_BOOK_PAGES / 3 || undefined, 60_000);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    const seenBeforeRestart = fake.seen.length;

    const second = await spawnEmbedded(tmp.dir, env);
    try {
      await eventually(async () => {
        const book = await request(second.url).get(`/api/kids-book/${generationId}`).set('Cookie', cookie);
        return book.body.status === 'Done' || undefined;
      }, 120_000);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }

    const store = createSqliteEventStore(`${tmp.dir}/events.db`);
    try {
      const events = await store.readStream(generationStream(generationId));
      const claims = events.filter((e) => e.type === 'GenerationStarted');
      expect(claims.length).toBeGreaterThanOrEqual(2);
      const retried = claims[1]?.revision ?? 0;
      const recordedBefore = events.filter(
        (e) =>
          e.type === 'GenerationPartRecorded' &&
          e.revision < retried &&
          String((e.data as { part: string }).part).startsWith('page-'),
      ).length;
      // Killed halfway: some pages were made and recorded, not all.
      expect(recordedBefore).toBeGreaterThan(0);
      expect(recordedBefore).toBeLessThan(KIDS_BOOK_PAGES);
      // The cover's own picture is drawn once too: after the restart only if it was not recorded.
      const coverBefore = events.some(
        (e) =>
          e.type === 'GenerationPartRecorded' &&
          e.revision < retried &&
          (e.data as { part: string }).part === 'cover-art',
      );
      const after = fake.seen.slice(seenBeforeRestart).filter((s) => s.status === 200);
      expect(after.filter((s) => s.kind === 'image').length).toBe(
        KIDS_BOOK_PAGES - recordedBefore + (coverBefore ? 0 : 1),
      );
      // The story was written once, before the kill; the blurb (written from the finished story,
      // last) only after the restart when it was not recorded before.
      const blurbBefore = events.some(
        (e) =>
          e.type === 'GenerationPartRecorded' &&
          e.revision < retried &&
          (e.data as { part: string }).part === 'blurb',
      );
      expect(after.filter((s) => s.kind === 'chat').length).toBe(blurbBefore ? 0 : 1);
      expect(events.filter((e) => e.type === 'GenerationCompleted')).toHaveLength(1);
      const pages = events.filter(
        (e) =>
          e.type === 'GenerationPartRecorded' &&
          String((e.data as { part: string }).part).startsWith('page-'),
      );
      expect(pages).toHaveLength(KIDS_BOOK_PAGES);
    } finally {
      await store.close();
    }
  }, 240_000);
});
