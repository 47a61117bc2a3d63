import { generationStream } from '@studio/events';
import request from 'supertest';
import { createSqliteEventStore } from '../platform/eventstore/sqlite';
import { eventually, tempDataDir } from '../testing/helpers';
import { spawnEmbedded } from '../testing/spawn-embedded';

/** SIGTERM stops the embedded process cleanly, without losing a running job. */
describe('graceful shutdown (SIGTERM)', () => {
  const tmp = tempDataDir();
  afterAll(() => tmp.remove());

  it('exits 0 promptly, hands the running job back, and the restarted server finishes it', async () => {
    const first = await spawnEmbedded(tmp.dir, { AI_DELAY_MS: '60000' });
    const agent = request.agent(first.url);
    const user = (
      await agent
        .post('/api/register')
        .send({ name: 'Sig Term', email: 'sig@example.com', password: 'secret12' })
    ).body as { id: string };
    const checkout = await agent.post('/api/create-checkout-session').send({ planId: 'basic' });
    await agent.post(`${checkout.body.url}/pay`);
    const started = await agent.post('/api/generate-coloring-book-page').send({ prompt: 'a slow snail' });
    expect(started.status).toBe(202);
    const generationId = started.body.generationId as string;
    const store = createSqliteEventStore(`${tmp.dir}/events.db`);
    const types = async () => (await store.readStream(generationStream(generationId))).map((e) => e.type);
    await eventually(async () => ((await types()).includes('GenerationStarted') ? true : undefined));

    const signalledAt = Date.now();
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);

    const log = await types();
    await store.close();
    expect(log.filter((t) => t !== 'GenerationProgressed')).toEqual([
      'GenerationQueued',
      'GenerationStarted',
      'GenerationReleased',
    ]);

    const second = await spawnEmbedded(tmp.dir);
    try {
      const again = request.agent(second.url);
      await again.post('/api/login').send({ email: 'sig@example.com', password: 'secret12' });
      const done = await eventually(async () => {
        const list = (await again.get(`/api/coloring-book-generations/${user.id}`)).body as Array<{
          id: string;
          status: string;
        }>;
        return list.find((g) => g.id === generationId && g.status === 'Done');
      }, 30_000);
      expect(done).toBeDefined();
      expect((await again.get('/api/user')).body.credits).toBe(60 - 4);
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  }, 90_000);
});
