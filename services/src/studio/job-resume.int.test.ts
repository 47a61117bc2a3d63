import { accountStream, generationStream } from '@studio/events';
import { member } from '../testing/givens';
import { eventually } from '../testing/helpers';
import { submitNonFiction } from '../testing/reader-books';
import { useServerWithFakeOpenAi } from '../testing/test-runtime';
import { generationDecider } from './generation';
import { chargeIdOf, plannedParts } from './job/resume';

/**
 * Resume, not restart, over HTTP against the fake OpenAI server: a job the provider stops serving
 * part way (its quota runs out after N calls) is continued by its owner from the failed part, for
 * the share of its price that is left; the worker makes only the missing parts (counted at the
 * fake), and the finished files are whole.
 */
describe('continuing a failed job from its recorded parts', () => {
  const { server, fake } = useServerWithFakeOpenAi();

  /** The provider's quota runs out after `calls` generation calls: the job fails part way. */
  const quotaAfter = (calls: number) =>
    fake().behave({ failAfter: { calls, status: 429, code: 'insufficient_quota' } });
  const jobState = async (id: string) =>
    (await server().platform.commands.load(generationStream(id), generationDecider)).state;
  const accountEvents = async (userId: string) =>
    (await server().platform.eventStore.readStream(accountStream(userId))).map((e) => e.type);
  const credits = async (agent: Awaited<ReturnType<typeof member>>['agent']) =>
    (await agent.get('/api/user')).body.credits as number;
  const until = async (id: string, status: string) =>
    eventually(async () => ((await jobState(id)).status === status ? true : undefined), 90_000);
  /** What a job's phase lacks: the planned parts not recorded. */
  const missing = async (id: string) => {
    const state = await jobState(id);
    const plan = plannedParts(state) ?? [];
    return plan.filter((p) => !state.parts?.[`${state.phase}/${p.part}`]).map((p) => p.part);
  };

  /**
   * A member with `credits` whose non-fiction book failed part way: the provider's quota ran out
   * after three calls.
   */
  const failedPartWay = async (
    email: string,
    credits: number,
    book: { Title: string; Description: string },
  ) => {
    const owner = await member(server(), email, { credits });
    quotaAfter(3);
    const id = await submitNonFiction(owner.agent, owner.userId, book);
    await until(id, 'failed');
    return { owner, id };
  };

  it('a non-fiction book continues from the failed chapter: one charge for concurrent requests, only the missing parts made, the book whole', async () => {
    const { owner, id } = await failedPartWay('resume-owner@example.com', 100, {
      Title: 'Calm Mornings',
      Description: 'A practical guide to calmer mornings for busy parents',
    });
    // The failure refunded the whole job.
    await eventually(async () => ((await credits(owner.agent)) === 100 ? true : undefined), 30_000);
    const left = await missing(id);
    const plan = plannedParts(await jobState(id)) ?? [];
    expect(left.length).toBeGreaterThan(0);
    expect(left.length).toBeLessThan(plan.length);

    const quote = await owner.agent.get(`/api/generations/${id}/resume`);
    expect(quote.status).toBe(200);
    const price = Math.ceil((20 * left.length) / plan.length);
    expect(quote.body).toMatchObject({
      round: 1,
      credits: price,
      partsLeft: left.length,
      partsTotal: plan.length,
    });

    fake().behave({});
    const before = await accountEvents(owner.userId);
    const answers = await Promise.all(
      [1, 2, 3].map(() => owner.agent.post(`/api/generations/${id}/resume`).send({})),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409, 409]);
    const after = await accountEvents(owner.userId);
    expect(after.slice(before.length)).toEqual(['CreditsDebited', 'GenerationResumeRequested']);
    expect(await credits(owner.agent)).toBe(100 - price);

    await until(id, 'completed');
    const texts = left.filter((p) => p !== 'cover-art').length;
    expect(fake().made('chat')).toBe(texts);
    expect(fake().made('image')).toBe(left.includes('cover-art') ? 1 : 0);
    // Whole: every chapter of the outline is in the book, in order, and its files are there.
    const done = await jobState(id);
    const manuscript = done.result?.manuscript as Array<{ title: string; paragraphs: string[] }>;
    expect(manuscript).toHaveLength(plan.filter((p) => p.part.startsWith('chapter-')).length);
    for (const chapter of manuscript) expect(chapter.paragraphs.length).toBeGreaterThan(0);
    expect(done.artifacts?.map((a) => a.role)).toEqual(expect.arrayContaining(['pdf', 'cover', 'cover-art']));
    const pdf = done.artifacts?.find((a) => a.role === 'pdf');
    const bytes = await server().platform.blobs.get(pdf?.blobId ?? '');
    expect(bytes?.data.subarray(0, 5).toString()).toBe('%PDF-');
    // The round's charge stays: a finished job is not refunded, and nothing was charged twice.
    expect(await credits(owner.agent)).toBe(100 - price);
    const finished = await owner.agent.get(`/api/generations/${id}/resume`);
    expect(finished.status).toBe(200);
    expect(finished.body).toBeNull();
  }, 180_000);

  it('a coloring book keeps its drawn designs through the failure and draws only the missing ones; a second failure refunds the round', async () => {
    const owner = await member(server(), 'resume-coloring@example.com', { plan: 'standard', credits: 200 });
    const start = await credits(owner.agent);
    quotaAfter(4);
    const started = await owner.agent
      .post('/api/generate-coloring-book')
      .send({ prompt: 'friendly forest animals', bookLength: 10, userId: owner.userId });
    expect(started.status).toBe(202);
    const id = (started.body.generationId ?? started.body.bookId) as string;
    await until(id, 'failed');
    await eventually(async () => ((await credits(owner.agent)) === start ? true : undefined), 30_000);
    const state = await jobState(id);
    const drawn = Object.entries(state.parts ?? {}).flatMap(([, p]) => (p.blobId ? [p.blobId] : []));
    expect(drawn.length).toBeGreaterThan(0);
    // The refund left the pictures a resume needs.
    for (const blobId of drawn) expect(await server().platform.blobs.get(blobId)).toBeTruthy();

    // The round fails again (the quota is still out): its own charge is refunded.
    quotaAfter(0);
    const quote = (await owner.agent.get(`/api/generations/${id}/resume`)).body as { credits: number };
    const resumed = await owner.agent.post(`/api/generations/${id}/resume`).send({});
    expect(resumed.status).toBe(202);
    expect(resumed.body).toMatchObject({
      creditsUsed: quote.credits,
      remainingCredits: start - quote.credits,
    });
    await eventually(async () =>
      (await jobState(id)).status === 'failed' && (await jobState(id)).resumes === 1 ? true : undefined,
    );
    await eventually(async () => ((await credits(owner.agent)) === start ? true : undefined), 30_000);
    const refunds = (await server().platform.eventStore.readStream(accountStream(owner.userId))).filter(
      (e) => e.type === 'CreditsRefunded',
    );
    expect(refunds.map((e) => (e.data as { generationId: string }).generationId)).toEqual([
      id,
      chargeIdOf(id, 1),
    ]);

    // Round two: only the missing designs (and the blurb) are made.
    const left = await missing(id);
    fake().behave({});
    expect((await owner.agent.post(`/api/generations/${id}/resume`).send({})).status).toBe(202);
    await until(id, 'completed');
    expect(fake().made('image')).toBe(left.filter((p) => p.startsWith('design-')).length);
    expect(fake().made('chat')).toBe(left.includes('blurb') ? 1 : 0);
    const done = await jobState(id);
    expect(done.result?.designs).toBe(10);
  }, 180_000);

  it('refuses someone else’s job (404), a job that did not fail (409) and a resume without the credits (402), appending nothing', async () => {
    const { owner, id } = await failedPartWay('resume-poor@example.com', 20, {
      Title: 'Quiet Evenings',
      Description: 'A practical guide to quieter evenings for busy parents',
    });
    await eventually(async () => ((await credits(owner.agent)) === 20 ? true : undefined), 30_000);
    const intruder = await member(server(), 'resume-intruder@example.com', { credits: 100 });
    const jobEvents = async () =>
      (await server().platform.eventStore.readStream(generationStream(id))).length;
    const before = {
      job: await jobEvents(),
      owner: await accountEvents(owner.userId),
      intruder: await accountEvents(intruder.userId),
    };

    expect((await intruder.agent.get(`/api/generations/${id}/resume`)).status).toBe(404);
    expect((await intruder.agent.post(`/api/generations/${id}/resume`).send({})).status).toBe(404);
    expect((await intruder.agent.post('/api/generations/not-a-job/resume').send({})).status).toBe(404);

    // Spend the credits elsewhere: 20 → 0 (a v1 book), then the resume cannot be paid.
    fake().behave({});
    const otherId = await submitNonFiction(owner.agent, owner.userId, {
      Title: 'Busy Days',
      Description: 'A practical guide to busy days for working parents',
    });
    const spent = await accountEvents(owner.userId);
    const poor = await owner.agent.post(`/api/generations/${id}/resume`).send({});
    expect(poor.status).toBe(402);
    expect(poor.body.error).toBe('INSUFFICIENT_CREDITS');
    expect(await accountEvents(owner.userId)).toEqual(spent);

    // A job that did not fail cannot be continued.
    await until(otherId, 'completed');
    const completed = await owner.agent.post(`/api/generations/${otherId}/resume`).send({});
    expect(completed.status).toBe(409);

    expect(await jobEvents()).toBe(before.job);
    expect(await accountEvents(intruder.userId)).toEqual(before.intruder);
    expect((await accountEvents(owner.userId)).slice(0, before.owner.length)).toEqual(before.owner);
  }, 180_000);
});
