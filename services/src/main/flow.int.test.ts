import { PNG } from 'pngjs';
import request from 'supertest';
import { expectStarted, giveCredits, member } from '../testing/givens';
import { eventually, useEmbeddedServer } from '../testing/test-runtime';

/**
 * One flow through every part, in the embedded runtime: credits granted → StartGeneration
 * over HTTP → relay → bus → worker with the offline provider → blob → GenerationCompleted →
 * projector → the user's images, with the PNG readable.
 */
describe('one coloring page, end to end', () => {
  const server = useEmbeddedServer();

  const signUp = (email: string) => member(server(), email);
  const grant = (userId: string, amount: number) => giveCredits(server().platform, userId, amount, userId);

  it('generates a real PNG that the owner can list and read', async () => {
    const { agent, userId } = await signUp('cleo@example.com');
    await grant(userId, 10);

    const started = await agent
      .post('/api/generate-coloring-book-page')
      .set('X-User-Id', userId)
      .send({ prompt: '  a sleepy fox under the moon  ', userId });
    expectStarted(started, {
      message: 'Your coloring page generation has started!',
      creditsUsed: 4,
      remainingCredits: 6,
    });

    const done = await eventually(async () => {
      const list = await agent.get(`/api/coloring-book-generations/${userId}`);
      expect(list.status).toBe(200);
      const item = list.body.find((g: { id: string }) => g.id === started.body.generationId);
      return item?.status === 'Done' ? item : undefined;
    });
    expect(done.prompt).toBe('a sleepy fox under the moon');
    expect(done.image).toMatch(/^\/api\/files\/gen-/);

    const image = await agent.get(done.image).buffer(true);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const png = PNG.sync.read(image.body as Buffer);
    // A coloring page is printed on its own: US Letter at 300 DPI.
    expect([png.width, png.height]).toEqual([2550, 3300]);

    const user = await agent.get('/api/user');
    expect(user.body.credits).toBe(6);
  });

  it('refuses a generation without enough credits with INSUFFICIENT_CREDITS and spends nothing', async () => {
    const { agent, userId } = await signUp('dana@example.com');
    await grant(userId, 3);
    const res = await agent.post('/api/generate-coloring-book-page').send({ prompt: 'a cat' });
    expect(res.status).toBe(402);
    expect(res.body.error).toBe('INSUFFICIENT_CREDITS');
    expect((await agent.get('/api/user')).body.credits).toBe(3);
  });

  it('validates the prompt with the spec message', async () => {
    const { agent } = await signUp('eli@example.com');
    const res = await agent.post('/api/generate-coloring-book-page').send({ prompt: '   ' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please provide a prompt for your coloring page.');
  });

  it('keeps every user to their own images and files; forged headers and signed-out calls are refused', async () => {
    const owner = await signUp('fay@example.com');
    await grant(owner.userId, 8);
    const started = await owner.agent.post('/api/generate-coloring-book-page').send({ prompt: 'a whale' });
    const item = await eventually(async () => {
      const list = await owner.agent.get(`/api/coloring-book-generations/${owner.userId}`);
      return list.body.find((g: { status: string }) => g.status === 'Done');
    });
    expect(started.status).toBe(202);

    const other = await signUp('gus@example.com');
    expect((await other.agent.get(`/api/coloring-book-generations/${owner.userId}`)).status).toBe(403);
    expect((await other.agent.get(item.image)).status).toBe(404);
    expect((await other.agent.get('/api/user').set('X-User-Id', owner.userId)).status).toBe(403);
    expect(
      (await other.agent.post('/api/generate-coloring-book-page').send({ prompt: 'x', userId: owner.userId }))
        .status,
    ).toBe(403);

    const anonymous = request(server().url);
    expect((await anonymous.get(`/api/coloring-book-generations/${owner.userId}`)).status).toBe(401);
    expect((await anonymous.get(item.image)).status).toBe(401);
    expect((await anonymous.post('/api/generate-coloring-book-page').send({ prompt: 'x' })).status).toBe(401);
  });
});
