import Router from '@koa/router';
import { accountStream } from '@studio/events';
import sharp from 'sharp';
import { expectStarted, member } from '../testing/givens';
import { expectServedAs } from '../testing/pictures';
import { eventually, useEmbeddedServer } from '../testing/test-runtime';
import { studioRoutes } from './routes';
import { TOOLS, type ToolRegistry } from './tools/registry';

/** The tool routes the registry mounts, over HTTP in the embedded runtime. */
describe('tool routes', () => {
  const server = useEmbeddedServer();

  const signUp = (email: string, credits: number) => member(server(), email, { credits });
  const pngDataUrl = async (width: number, height: number) => {
    const png = await sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    return `data:image/png;base64,${png.toString('base64')}`;
  };

  it('image v2 spends 6 credits and answers with the balance', async () => {
    const { agent, userId } = await signUp('v2@example.com', 10);
    const res = await agent.post('/api/generate-image-v2').send({ prompt: ' a red kite ', userId });
    expectStarted(res, {
      creditsUsed: 6,
      creditsDeducted: 6,
      remainingCredits: 4,
    });
  });

  it('refuses a blank prompt with the spec message and spends nothing', async () => {
    const { agent } = await signUp('blank@example.com', 10);
    const res = await agent.post('/api/generate-image-v2').send({ prompt: '   ' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: 'Prompt Required: Please enter a prompt for your image.',
      error: 'VALIDATION',
    });
    expect((await agent.get('/api/user')).body.credits).toBe(10);
  });

  it('the image editor keeps the upload as a PNG the owner can read, and lists original and edit', async () => {
    const { agent, userId } = await signUp('editor@example.com', 10);
    const res = await agent
      .post('/api/edit-image')
      .send({ prompt: 'make the sky orange', originalImageUrl: await pngDataUrl(40, 30), userId });
    expect(res.status).toBe(202);
    expect(res.body.remainingCredits).toBe(4);
    const item = await eventually(async () => {
      const list = await agent.get(`/api/image-editor-generations/${userId}`);
      const found = list.body.find((g: { id: string }) => g.id === res.body.generationId);
      return found?.status === 'Done' ? found : undefined;
    });
    await expectServedAs(agent, item.originalImage, { format: 'png', width: 40, height: 30 });
    expect(item.editedImage).toMatch(/^\/api\/files\/gen-/);
  });

  it('the image editor refuses text dressed as an image, and spends nothing', async () => {
    const { agent } = await signUp('fake@example.com', 10);
    const fake = `data:image/png;base64,${Buffer.from('just some text, not a picture').toString('base64')}`;
    const res = await agent.post('/api/edit-image').send({ prompt: 'make it blue', originalImageUrl: fake });
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('Invalid File Type: Please select an image file (JPG, PNG or WebP)');
    expect((await agent.get('/api/user')).body.credits).toBe(10);
  });

  it('refuses words the book fonts cannot print, naming the field, and appends nothing', async () => {
    const { agent, userId } = await signUp('fonts@example.com', 200);
    const accountEvents = async () =>
      (await server().platform.eventStore.readStream(accountStream(userId))).map((e) => e.type);
    const before = await accountEvents();
    const refusals: Array<[string, Record<string, unknown>, string]> = [
      [
        '/api/non-fiction-gen2/submit',
        {
          title: 'Garden 🌱 Basics',
          description: 'Growing vegetables on a small balcony, season by season.',
        },
        'The title contains characters our book fonts cannot print (🌱). Remove them or use another wording.',
      ],
      [
        '/api/generate-coloring-book',
        { prompt: '可爱的猫', bookLength: 10 },
        'The prompt contains characters our book fonts cannot print (可 爱 的 猫). Remove them or use another wording.',
      ],
    ];
    for (const [path, body, message] of refusals) {
      const res = await agent.post(path).send(body);
      expect({ path, status: res.status, body: res.body }).toEqual({
        path,
        status: 400,
        body: { message, error: 'VALIDATION', field: expect.any(String) },
      });
    }
    // An image has no printed words: its prompt may hold any character.
    expect((await agent.post('/api/generate-image-v2').send({ prompt: 'a cat 🐱 in the snow' })).status).toBe(
      202,
    );
    expect((await accountEvents()).slice(before.length)).toEqual(['CreditsDebited', 'GenerationRequested']);
  });

  it('a book needs an author the fonts can print: a name in any script publishes under a pen name', async () => {
    const { agent } = await member(server(), 'li-bai@example.com', { credits: 40, name: '李白' });
    const book = {
      title: 'Quiet Night Thoughts',
      description: 'Poems of the moon, the road and the old home.',
    };
    const refused = await agent.post('/api/non-fiction-gen2/submit').send(book);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      message:
        'Your name contains characters our book fonts cannot print (李 白). Set a pen name in your profile to publish your books under, or change your name.',
      error: 'VALIDATION',
    });
    expect((await agent.get('/api/user')).body.credits).toBe(40);
    expect((await agent.put('/api/user/profile').send({ name: '李白', penName: 'Li Bai' })).status).toBe(200);
    expect((await agent.post('/api/non-fiction-gen2/submit').send(book)).status).toBe(202);
  });
});

/** A registry entry without a generator is listed but not offered: no route, so nobody pays for it. */
describe('mounting tools', () => {
  it('mounts a route only for the tools that have a generator', () => {
    const { generator: _dropped, ...withoutGenerator } = TOOLS['kdp-listing'];
    const paths = (tools: ToolRegistry) => {
      const router = new Router();
      studioRoutes(tools, {} as Parameters<typeof studioRoutes>[1])(router);
      return router.stack.map((layer) => layer.path);
    };
    expect(paths(TOOLS)).toContain('/api/kdp-listings/create');
    expect(paths({ ...TOOLS, 'kdp-listing': withoutGenerator })).not.toContain('/api/kdp-listings/create');
    expect(paths({ ...TOOLS, 'kdp-listing': withoutGenerator })).toContain('/api/generate-image-v2');
  });
});
