import { randomUUID } from 'node:crypto';
import { accountStream, type GenerationRequest } from '@studio/events';
import request from 'supertest';
import { accountDecider } from '../account/decider';
import { startGeneration } from '../studio/start-generation';
import { useEmbeddedServer } from '../testing/test-runtime';

const server = useEmbeddedServer();
const at = () => new Date().toISOString();

/** The lists of docs/product/creation-tools-qr.md (Data) and My Books, with the kinds each one shows. */
const LISTS: Array<{ path: string; request: (who: string) => GenerationRequest }> = [
  {
    path: '/api/coloring-book-generations',
    request: (who) => ({ kind: 'coloring-page', input: { prompt: `${who} page` } }),
  },
  {
    path: '/api/image-generations-v2',
    request: (who) => ({ kind: 'image-v2', input: { prompt: `${who} image` } }),
  },
  {
    path: '/api/image-editor-generations',
    request: (who) => ({
      kind: 'image-edit',
      input: { prompt: `${who} edit`, originalBlobId: `upload-${who}.png` },
    }),
  },
  {
    path: '/api/airtable/books',
    request: (who) => ({ kind: 'non-fiction', input: { title: `${who} book`, description: 'A book' } }),
  },
];

async function signUpWithGenerations(name: string) {
  const agent = request.agent(server().url);
  const res = await agent
    .post('/api/register')
    .send({ name, email: `${name.toLowerCase()}@example.com`, password: 'secret12' });
  expect(res.status).toBe(201);
  const userId = res.body.id as string;
  const { commands } = server().platform;
  await commands.handle(
    accountStream(userId),
    accountDecider,
    {
      type: 'GrantCredits',
      amount: 100,
      reason: 'plan-purchase',
      planId: 'basic',
      paymentRef: `pay-${name}`,
    },
    { at: at(), correlationId: 't', causationId: 't' },
  );
  const ids: Record<string, string> = {};
  for (const list of LISTS) {
    const started = await startGeneration(commands, {
      userId,
      generationId: randomUUID(),
      request: list.request(name),
      cost: 4,
      at: at(),
      correlationId: 't',
    });
    ids[list.path] = started.generationId;
  }
  return { agent, userId, ids };
}

describe('gallery lists', () => {
  it("each list holds the signed-in user's own generations and nobody else's", async () => {
    const ann = await signUpWithGenerations('Ann');
    const bob = await signUpWithGenerations('Bob');
    const head = (await server().platform.eventStore.headPosition())!;
    for (const projector of server().projectors) await projector.waitFor(head);

    for (const user of [ann, bob]) {
      for (const { path } of LISTS) {
        const res = await user.agent.get(`${path}/${user.userId}`);
        expect(res.status).toBe(200);
        expect(res.body.map((item: { id: string }) => item.id)).toEqual([user.ids[path]]);
      }
    }
  });

  it("refuses another user's list and a signed-out caller", async () => {
    const cy = await signUpWithGenerations('Cy');
    const di = await signUpWithGenerations('Di');
    for (const { path } of LISTS) {
      const other = await cy.agent.get(`${path}/${di.userId}`);
      expect(other.status).toBe(403);
      expect(other.body.error).toBe('FORBIDDEN');
      expect((await request(server().url).get(`${path}/${di.userId}`)).status).toBe(401);
    }
  });
});
