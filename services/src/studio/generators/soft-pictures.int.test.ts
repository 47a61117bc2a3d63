import { accountStream } from '@studio/events';
import request from 'supertest';
import { accountDecider } from '../../account/decider';
import type { Embedded } from '../../main/embedded';
import { eventually, useEmbeddedServer } from '../../testing/test-runtime';
import { createOfflineProvider } from '../ai/offline';
import type { AiProvider } from '../ai/provider';

/**
 * A kids book whose pictures come from a model that draws 1024 px (as the image models do) is
 * made, not failed, and My Books tells its author the pages will print soft; one drawn at print
 * size says nothing.
 */
async function kidsBook(server: Embedded, email: string) {
  const agent = request.agent(server.url);
  const res = await agent.post('/api/register').send({ name: 'Tess', email, password: 'secret12' });
  const userId = res.body.id as string;
  await server.platform.commands.handle(
    accountStream(userId),
    accountDecider,
    { type: 'GrantCredits', amount: 100, reason: 'plan-purchase', planId: 'basic', paymentRef: `p-${email}` },
    { at: new Date().toISOString(), correlationId: 't', causationId: 't' },
  );
  const submitted = await agent
    .post('/api/generate-kids-book')
    .field('storyDescription', 'Mia finds a lost star in her garden and helps it home')
    .field('characterName', 'Mia')
    .field('characterGender', 'girl')
    .field('userId', userId);
  expect(submitted.status).toBe(202);
  return eventually(async () => {
    const list = await agent.get(`/api/airtable/books/${userId}`);
    const found = list.body.find((b: { id: string }) => b.id === submitted.body.bookId);
    return found?.status === 'Done' || found?.status === 'ERROR' ? found : undefined;
  }, 120_000);
}

describe('a kids book from an image model that draws 1024 px', () => {
  const offline = createOfflineProvider();
  const model: AiProvider = {
    ...offline,
    image: (prompt, options) => offline.image(prompt, { ...options, size: 1024 }),
  };
  const server = useEmbeddedServer({}, { ai: model });

  it('is Done, with a warning that its pictures will print soft', async () => {
    const book = await kidsBook(server(), 'soft@example.com');
    expect(book).toMatchObject({
      status: 'Done',
      printWarning: expect.stringMatching(/^The pictures hold about \d+ ppi of real detail/),
    });
  }, 150_000);
});

describe('a kids book drawn at print size', () => {
  const server = useEmbeddedServer();

  it('is Done, with no warning', async () => {
    const book = await kidsBook(server(), 'crisp@example.com');
    expect(book.status).toBe('Done');
    expect(book).not.toHaveProperty('printWarning');
  }, 150_000);
});
