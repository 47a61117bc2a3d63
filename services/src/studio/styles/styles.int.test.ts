import { randomBytes } from 'node:crypto';
import { accountStream, type GenerationStatus, isFinished, stylesStream } from '@studio/events';
import sharp from 'sharp';
import type request from 'supertest';
import { accountDecider } from '../../account/decider';
import { member } from '../../testing/givens';
import { eventually, useEmbeddedServer } from '../../testing/test-runtime';

/**
 * Saved styles over HTTP on the embedded server: Premium saves, lists, uses and deletes its own;
 * other plans get a 403 and nothing stored; other accounts' styles are not found; bad input is a
 * 4xx that appends nothing; the per-account limit holds when two saves race at it. Presets reach
 * the offline drawings (a pencil picture is grey, a comic one is not).
 */
describe('styles', () => {
  const server = useEmbeddedServer();
  const stream = async (userId: string) => server().platform.eventStore.readStream(stylesStream(userId));
  const png = (colour = '#cc5533', width = 64, height = 64) =>
    sharp({ create: { width, height, channels: 3, background: colour } })
      .png()
      .toBuffer();
  const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;
  const save = (agent: request.Agent, body: Record<string, unknown>) => agent.post('/api/styles').send(body);
  const credits = async (agent: request.Agent) => (await agent.get('/api/user')).body.credits as number;
  const finishedImage = async (agent: request.Agent, userId: string, id: string) => {
    const item = await eventually(async () => {
      const list = (await agent.get(`/api/image-generations-v2/${userId}`)).body as Array<{
        id: string;
        image: string;
        generationStatus: GenerationStatus;
      }>;
      const found = list.find((i) => i.id === id);
      return found && isFinished(found.generationStatus) ? found : undefined;
    });
    expect(item.generationStatus).toBe('completed');
    return (await agent.get(item.image).buffer(true)).body as Buffer;
  };

  it('a Premium account saves a style with a picture, lists it, sees the picture and deletes it', async () => {
    const { agent, userId } = await member(server(), 'premium-styles@example.com', { plan: 'premium' });
    const created = await save(agent, {
      name: 'Misty meadow',
      description: 'Soft greens and pinks, loose brush strokes, a dreamy morning light',
      referenceImage: dataUrl(await png()),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Misty meadow',
      imageUrl: `/api/styles/${created.body.id}/image`,
    });
    const listed = await agent.get('/api/styles');
    expect(listed.body).toMatchObject({
      canUse: true,
      limit: 20,
      styles: [{ id: created.body.id, name: 'Misty meadow' }],
    });
    const image = await agent.get(created.body.imageUrl).buffer(true);
    expect(image.status).toBe(200);
    expect((await sharp(image.body as Buffer).metadata()).width).toBe(64);

    expect((await agent.delete(`/api/styles/${created.body.id}`)).status).toBe(200);
    expect((await agent.get('/api/styles')).body.styles).toEqual([]);
    expect((await agent.get(created.body.imageUrl)).status).toBe(404);
    expect((await stream(userId)).map((e) => e.type)).toEqual(['StyleSaved', 'StyleDeleted']);
  });

  it.each([
    ['Standard', { plan: 'standard' as const }],
    ['Basic', { plan: 'basic' as const }],
    ['free', {}],
  ])('a %s account is refused with the Premium message and nothing is stored', async (label, given) => {
    const { agent, userId } = await member(server(), `${label.toLowerCase()}-styles@example.com`, given);
    const res = await save(agent, {
      name: 'Mine',
      description: 'A style I would like to keep',
      referenceImage: dataUrl(await png()),
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      'Saved styles are part of the Premium plan. Upgrade to Premium to save and use your own styles.',
    );
    expect(await stream(userId)).toEqual([]);
    expect((await agent.get('/api/styles')).body).toMatchObject({ canUse: false, styles: [] });
  });

  it('answers another account’s style as not found, to read, delete or use, and spends nothing', async () => {
    const owner = await member(server(), 'owner-styles@example.com', { plan: 'premium' });
    const other = await member(server(), 'other-styles@example.com', { plan: 'premium' });
    const { body } = await save(owner.agent, {
      name: 'Owner only',
      description: 'Strong ink lines and a sunny palette',
      referenceImage: dataUrl(await png()),
    });
    const before = await credits(other.agent);
    expect((await other.agent.get(`/api/styles/${body.id}/image`)).status).toBe(404);
    expect((await other.agent.delete(`/api/styles/${body.id}`)).status).toBe(404);
    const use = await other.agent
      .post('/api/generate-image-v2')
      .send({ prompt: 'a fox', style: `saved:${body.id}` });
    expect(use.status).toBe(404);
    expect(await credits(other.agent)).toBe(before);
    expect((await stream(owner.userId)).map((e) => e.type)).toEqual(['StyleSaved']);
    expect((await owner.agent.get('/api/styles')).body.styles).toHaveLength(1);
  });

  it.each([
    ['a NUL in the name', { name: 'Bad\u0000name', description: 'A perfectly fine description' }, 400],
    [
      'a control character in the description',
      { name: 'Fine', description: 'Bad \u0007 bell inside it' },
      400,
    ],
    ['a name too long', { name: 'x'.repeat(41), description: 'A perfectly fine description' }, 400],
    ['a description too short', { name: 'Fine', description: 'short' }, 400],
    [
      'text posing as a PNG',
      {
        name: 'Fine',
        description: 'A perfectly fine description',
        referenceImage: dataUrl(Buffer.from('not an image at all')),
      },
      415,
    ],
  ])('refuses %s and appends nothing', async (_label, body, status) => {
    const { agent, userId } = await member(server(), `bad-${status}-${Math.random()}@example.com`, {
      plan: 'premium',
    });
    const res = await save(agent, body);
    expect(res.status).toBe(status);
    expect(res.body.message).toEqual(expect.any(String));
    expect(await stream(userId)).toEqual([]);
  });

  it('refuses a reference picture over 2 MB and stores nothing', async () => {
    const { agent, userId } = await member(server(), 'big-style@example.com', { plan: 'premium' });
    const noise = await sharp(randomBytes(1200 * 1200 * 3), {
      raw: { width: 1200, height: 1200, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(2 * 1024 * 1024);
    const res = await save(agent, {
      name: 'Big',
      description: 'A picture far too large',
      referenceImage: dataUrl(noise),
    });
    expect([400, 413]).toContain(res.status);
    expect(res.body.message).toBe('The reference picture must be smaller than 2 MB.');
    expect(await stream(userId)).toEqual([]);
  });

  it('keeps at most 20 styles: of two saves at once at the limit, one passes', async () => {
    const { agent, userId } = await member(server(), 'limit-styles@example.com', { plan: 'premium' });
    for (let i = 0; i < 19; i++)
      expect((await save(agent, { name: `Style ${i}`, description: `Description number ${i}` })).status).toBe(
        201,
      );
    const raced = await Promise.all([
      save(agent, { name: 'Racer A', description: 'The first of two at once' }),
      save(agent, { name: 'Racer B', description: 'The second of two at once' }),
    ]);
    expect(raced.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(raced.find((r) => r.status === 409)?.body.message).toBe(
      'You can keep at most 20 saved styles. Delete one to save another.',
    );
    expect((await stream(userId)).filter((e) => e.type === 'StyleSaved')).toHaveLength(20);
    expect((await agent.get('/api/styles')).body.styles).toHaveLength(20);
  });

  it('a Premium account uses its style in a tool; after a downgrade it still lists it but cannot use or save', async () => {
    const { agent, userId } = await member(server(), 'use-styles@example.com', { plan: 'premium' });
    const { body: style } = await save(agent, {
      name: 'Sunset',
      description: 'Deep oranges and purples, bold shapes',
      referenceImage: dataUrl(await png('#aa2266')),
    });
    const started = await agent
      .post('/api/generate-image-v2')
      .send({ prompt: 'a lighthouse', style: `saved:${style.id}` });
    expect(started.status).toBe(202);
    const queued = await eventually(async () =>
      (await server().platform.eventStore.readStream(`generation-${started.body.generationId}`)).find(
        (e) => e.type === 'GenerationQueued',
      ),
    );
    expect((queued.data as { input: unknown }).input).toMatchObject({
      style: { savedStyleId: style.id, name: 'Sunset', description: 'Deep oranges and purples, bold shapes' },
    });
    await finishedImage(agent, userId, started.body.generationId);

    await server().platform.commands.handle(
      accountStream(userId),
      accountDecider,
      { type: 'AdminUpdateSubscription', adminId: 'operator', tier: 'Standard', reason: 'downgrade' },
      { at: new Date().toISOString(), correlationId: 'test', causationId: 'test' },
    );
    const before = await credits(agent);
    const refused = await agent
      .post('/api/generate-image-v2')
      .send({ prompt: 'a boat', style: `saved:${style.id}` });
    expect(refused.status).toBe(403);
    expect(await credits(agent)).toBe(before);
    expect((await save(agent, { name: 'Another', description: 'Not on this plan any more' })).status).toBe(
      403,
    );
    expect((await agent.get('/api/styles')).body).toMatchObject({
      canUse: false,
      styles: [{ id: style.id }],
    });
    expect((await agent.get(`/api/styles/${style.id}/image`)).status).toBe(200);
    // Presets stay open to every plan.
    expect(
      (await agent.post('/api/generate-image-v2').send({ prompt: 'a boat', style: 'clay' })).status,
    ).toBe(202);
  });

  it('refuses an unknown preset with 400 before any credit is spent', async () => {
    const { agent, userId } = await member(server(), 'unknown-preset@example.com', { credits: 20 });
    const res = await agent.post('/api/generate-image-v2').send({ prompt: 'a fox', style: 'oil-on-velvet' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Choose one of the styles offered.');
    expect(await credits(agent)).toBe(20);
    const types = (await server().platform.eventStore.readStream(accountStream(userId))).map((e) => e.type);
    expect(types).not.toContain('GenerationRequested');
  });

  it('draws presets offline: a pencil picture is grey, a comic one colourful and unlike the default', async () => {
    const { agent, userId } = await member(server(), 'preset-draw@example.com', { credits: 30 });
    const draw = async (style?: string) => {
      const res = await agent
        .post('/api/generate-image-v2')
        .send({ prompt: 'a cat in a garden', ...(style ? { style } : {}) });
      expect(res.status).toBe(202);
      return finishedImage(agent, userId, res.body.generationId);
    };
    const saturation = async (png: Buffer) => {
      const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      let sum = 0;
      for (let i = 0; i < data.length; i += 3) {
        const [r, g, b] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
        sum += Math.max(r, g, b) - Math.min(r, g, b);
      }
      return sum / (data.length / 3);
    };
    const [plain, pencil, comic] = [await draw(), await draw('pencil'), await draw('comic')];
    expect(await saturation(pencil)).toBeLessThan(3);
    expect(await saturation(comic)).toBeGreaterThan(await saturation(plain));
    const mean = async (png: Buffer) => (await sharp(png).stats()).channels.map((c) => Math.round(c.mean));
    expect(await mean(comic)).not.toEqual(await mean(plain));
  });
});
