import { accountStream, generationStream } from '@studio/events';
import sharp from 'sharp';
import request from 'supertest';
import { FLAGGED_WORD, REFUSED_WORD } from '../testing/fake-openai.fixture';
import { member as signedUp } from '../testing/givens';
import { eventually } from '../testing/helpers';
import { grantedAdmin } from '../testing/mail';
import { useServerWithFakeOpenAi } from '../testing/test-runtime';
import { callCost, DEFAULT_PRICES } from './ai/prices';

/**
 * Running on a real AI provider with eyes open, over HTTP against the fake OpenAI server: what each
 * job cost (recorded with it, shown to the admin beside the credits, counted in /metrics), what the
 * provider refused and why (on the user's card, with the refund), and what the content check
 * refused before anything was charged.
 */
const METRICS_TOKEN = 'ai-accounting-metrics-token-01';
const PHOTO_PNG = () =>
  sharp({ create: { width: 768, height: 1024, channels: 3, background: '#c08060' } })
    .png()
    .toBuffer();

describe('AI costs, refusals and moderation, against the fake provider', () => {
  const { server, fake } = useServerWithFakeOpenAi({ METRICS_TOKEN });
  let member: ReturnType<typeof request.agent>;
  let memberId: string;
  let admin: ReturnType<typeof request.agent>;

  beforeAll(async () => {
    ({ agent: member, userId: memberId } = await signedUp(server(), 'member@example.com', {
      plan: 'premium',
    }));
    ({ agent: admin } = await signedUp(server(), 'admin@example.com', { plan: 'premium' }));
    await grantedAdmin(server(), 'admin@example.com');
  });
  beforeEach(() => fake().behave({}));

  const credits = async () => (await member.get('/api/user')).body.credits as number;
  type ListedPage = { id: string; generationStatus: string; failureCode?: string };
  /** A coloring page the member asks for, as their list of pages shows it once `shown` holds. */
  const pageOnce = async (prompt: string, shown: (page: ListedPage) => boolean) => {
    const started = await member.post('/api/generate-coloring-book-page').send({ prompt, userId: memberId });
    return eventually(async () => {
      const list = (await member.get(`/api/coloring-book-generations/${memberId}`)).body as ListedPage[];
      const page = list.find((g) => g.id === started.body.generationId);
      return page && shown(page) ? page : undefined;
    }, 30_000);
  };
  /** What the worker's readiness says, alerts included. */
  const readiness = async () =>
    (await request(server().url).get('/api/ready').set('Authorization', `Bearer ${METRICS_TOKEN}`)).body;
  const accountEvents = async () =>
    (await server().platform.eventStore.readStream(accountStream(memberId))).length;

  it('a job’s provider cost is recorded with it and shown to the admin beside its credits, as the provider billed it', async () => {
    const started = await member
      .post('/api/generate-coloring-book-page')
      .send({ prompt: 'an owl in a tree', userId: memberId });
    expect(started.status).toBe(202);
    const generationId = started.body.generationId as string;
    await eventually(
      async () =>
        (await member.get(`/api/coloring-book-generations/${memberId}`)).body[0]?.generationStatus ===
        'completed',
      30_000,
    );
    // What the fake billed for this job, priced by the default table.
    const billed = fake().billed;
    const expected = callCost(DEFAULT_PRICES, {
      model: 'gpt-image-1',
      call: 'image',
      inputTokens: billed.inputTokens,
      outputTokens: billed.outputTokens,
      images: billed.images,
    });
    const job = await admin.get(`/api/admin/ai-costs/jobs/${generationId}`);
    expect(job.status).toBe(200);
    expect(job.body).toMatchObject({ generationId, tool: 'coloring-page', credits: 4 });
    expect(job.body.calls).toEqual([
      expect.objectContaining({
        model: 'gpt-image-1',
        call: 'image',
        images: 1,
        outputTokens: billed.outputTokens,
      }),
    ]);
    expect(job.body.costUsd).toBeCloseTo(expected, 6);

    const report = await admin.get('/api/admin/ai-costs');
    const tool = (
      report.body.byTool as Array<{ tool: string; costUsd: number; credits: number; revenueUsd: number }>
    ).find((line) => line.tool === 'coloring-page');
    expect(tool?.costUsd).toBeCloseTo(expected, 4);
    // Premium credits sell at $99.99 / 400.
    expect(tool?.revenueUsd).toBeCloseTo(4 * (99.99 / 400), 4);
    expect((report.body.byUser as Array<{ userId: string }>).map((u) => u.userId)).toContain(memberId);
    // A member is not an admin.
    expect((await member.get('/api/admin/ai-costs')).status).toBe(403);

    const metrics = await request(server().url)
      .get('/metrics')
      .set('Authorization', `Bearer ${METRICS_TOKEN}`);
    expect(metrics.text).toMatch(/studio_ai_images_total\{model="gpt-image-1",call="image"\} 1/);
    expect(metrics.text).toMatch(/studio_ai_cost_usd_total\{model="gpt-image-1",call="image"\} 0\.\d+/);
  });

  it('a prompt the provider’s safety system refuses: the card says so, advises to rephrase, and the credits come back', async () => {
    const before = await credits();
    const started = await member
      .post('/api/generate-image-v2')
      .send({ prompt: `a poster about ${REFUSED_WORD}`, userId: memberId });
    expect(started.status).toBe(202);
    const failed = await eventually(async () => {
      const list = (await member.get(`/api/image-generations-v2/${memberId}`)).body as Array<{
        id: string;
        generationStatus: string;
        error?: string;
        failureCode?: string;
      }>;
      const item = list.find((g) => g.id === started.body.generationId);
      return item?.generationStatus === 'failed' ? item : undefined;
    }, 30_000);
    expect(failed.failureCode).toBe('REFUSED');
    expect(failed.error).toMatch(/safety system refused this request\. Please rephrase/);
    expect(failed.error).toMatch(/Your \d+ credits were refunded\./);
    await eventually(async () => (await credits()) === before);
  });

  it('an account the provider will not serve: the job fails with its reason, and the worker’s readiness raises the alert', async () => {
    fake().failNext(429, 'insufficient_quota');
    await pageOnce('a fox', (page) => page.failureCode === 'PROVIDER_ACCOUNT');
    expect((await readiness()).alerts).toEqual([
      expect.objectContaining({
        name: 'ai-provider-account',
        ok: false,
        detail: expect.stringMatching(/refuses this account/),
      }),
    ]);
    // The next job the provider serves clears it.
    await pageOnce('a hare', (page) => page.generationStatus === 'completed');
    expect((await readiness()).alerts).toEqual([
      expect.objectContaining({ name: 'ai-provider-account', ok: true }),
    ]);
  });

  it('a prompt the content check flags is refused before anything is charged, naming what was refused', async () => {
    const [before, events] = [await credits(), await accountEvents()];
    const refused = await member
      .post('/api/generate-coloring-book-page')
      .send({ prompt: `a page of ${FLAGGED_WORD}`, userId: memberId });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ error: 'CONTENT_REFUSED', field: 'the prompt' });
    expect(refused.body.message).toMatch(/refused the prompt.*nothing was charged/);
    expect(await credits()).toBe(before);
    expect(await accountEvents()).toBe(events);
  });

  it('a kids book’s photo the content check flags is refused, nothing charged, nothing stored', async () => {
    fake().behave({ flagPictures: true });
    const [before, events] = [await credits(), await accountEvents()];
    const refused = await member
      .post('/api/generate-kids-book')
      .field('storyDescription', 'Pip goes to the seaside')
      .field('characterName', 'Pip')
      .field('characterGender', 'boy')
      .field('userId', memberId)
      .attach('characterImage', await PHOTO_PNG(), { filename: 'pip.png', contentType: 'image/png' });
    expect(refused.status).toBe(422);
    expect(refused.body.field).toBe('the character image');
    expect(await credits()).toBe(before);
    expect(await accountEvents()).toBe(events);
  });

  it('a moderation service that is down: other tools go on (open), a kids book waits (closed, 503)', async () => {
    fake().behave({ moderationDown: true });
    const open = await member
      .post('/api/generate-coloring-book-page')
      .send({ prompt: 'a deer', userId: memberId });
    expect(open.status).toBe(202);
    const [before, events] = [await credits(), await accountEvents()];
    const closed = await member.post('/api/generate-kids-book').send({
      storyDescription: 'Pip goes to the seaside',
      characterName: 'Pip',
      characterGender: 'boy',
      userId: memberId,
    });
    expect(closed.status).toBe(503);
    expect(closed.headers['retry-after']).toBeDefined();
    expect(closed.body.message).toMatch(/content check is unavailable/);
    expect(await credits()).toBe(before);
    expect(await accountEvents()).toBe(events);
  });

  it('a landing page’s text the content check flags is never published', async () => {
    const refused = await member.post('/api/qr-codes').send({
      title: 'My readers',
      linkType: 'landing',
      landingPage: { title: 'Bonus chapter', buttonText: `Join for ${FLAGGED_WORD}` },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.field).toBe('the landing page button text');
    expect((await member.get('/api/qr-codes')).body.qrCodes).toEqual([]);
  });

  it('the cost of a failed job stays on its log: its calls before the failure are in the events', async () => {
    const ids = (await member.get(`/api/coloring-book-generations/${memberId}`)).body as Array<{
      id: string;
    }>;
    for (const { id } of ids) {
      const events = await server().platform.eventStore.readStream(generationStream(id));
      const used = events.flatMap((e) => (e.data as { usage?: unknown[] }).usage ?? []);
      const job = await admin.get(`/api/admin/ai-costs/jobs/${id}`);
      expect(job.body.calls).toHaveLength(used.length);
    }
  });
});
