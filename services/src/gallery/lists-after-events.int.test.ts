import http from 'node:http';
import { accountStream } from '@studio/events';
import request from 'supertest';
import { accountDecider } from '../account/decider';
import type { Embedded } from '../main/embedded';
import type { ReadStore } from '../platform/readstore/port';
import { GENERATIONS } from '../studio/generations-projection';
import { useEmbeddedServer } from '../testing/test-runtime';

/**
 * The browser's lists are patched by the progress stream and read again when a book settles:
 * that read must show what the stream just announced. The stream is fed the moment an event
 * commits, the lists' read model a moment later (its projector); here the projector is held back
 * on purpose, as a loaded machine holds it back, so the read comes first every time.
 */
const PROJECTOR_DELAY_MS = 400;

/** The read store, with every write of the generations projection landing late. */
function lateGenerations(inner: ReadStore): ReadStore {
  return new Proxy(inner, {
    get(target, property, receiver) {
      if (property === 'apply')
        return async (...args: Parameters<ReadStore['apply']>) => {
          if (args[1]?.name === GENERATIONS) await new Promise((r) => setTimeout(r, PROJECTOR_DELAY_MS));
          return target.apply(...args);
        };
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Resolves with the first event of the user's stream that `wanted` accepts. */
function firstEvent(
  server: Embedded,
  cookie: string,
  wanted: (data: Record<string, unknown>) => boolean,
): { opened: Promise<void>; event: Promise<Record<string, unknown>>; close(): void } {
  let req: http.ClientRequest | undefined;
  let joined!: () => void;
  const opened = new Promise<void>((resolve) => {
    joined = resolve;
  });
  const event = new Promise<Record<string, unknown>>((resolve, reject) => {
    req = http.get(`${server.url}/api/generations/events`, { headers: { Cookie: cookie } }, (res) => {
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        // The server says `: connected` once the stream has joined the progress hub.
        if (chunk.includes(': connected')) joined();
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const data = /^data: (.+)$/m.exec(buffer.slice(0, end))?.[1];
          buffer = buffer.slice(end + 2);
          const parsed = data ? (JSON.parse(data) as Record<string, unknown>) : undefined;
          if (parsed && wanted(parsed)) resolve(parsed);
        }
      });
    });
    req.on('error', reject);
  });
  return { opened, event, close: () => req?.destroy() };
}

describe('a list read after a streamed event', () => {
  const server = useEmbeddedServer({}, () => ({
    wrapEngines: (engines) => ({ ...engines, readStore: lateGenerations(engines.readStore) }),
  }));

  async function writer(email: string) {
    const agent = request.agent(server().url);
    const res = await agent.post('/api/register').send({ name: 'Tess', email, password: 'secret12' });
    const userId = res.body.id as string;
    const cookie = String(res.headers['set-cookie']?.[0] ?? '').split(';')[0] as string;
    await server().platform.commands.handle(
      accountStream(userId),
      accountDecider,
      {
        type: 'GrantCredits',
        amount: 100,
        reason: 'plan-purchase',
        planId: 'premium',
        paymentRef: `p-${email}`,
      },
      { at: new Date().toISOString(), correlationId: 't', causationId: 't' },
    );
    return { agent, userId, cookie };
  }

  it('shows each of two books in a row Done as soon as the stream says it is finished', async () => {
    for (const email of ['first@example.com', 'second@example.com']) {
      const { agent, userId, cookie } = await writer(email);
      const finished = firstEvent(server(), cookie, (e) => e.type === 'GenerationCompleted');
      // The stream is open before the book is asked for.
      await finished.opened;
      const submitted = await agent.post('/api/submit-non-fiction-form').send({
        Title: 'Window Boxes',
        Description: 'Growing herbs and flowers in window boxes.',
        User: [userId],
      });
      expect(submitted.status).toBe(202);
      const event = await finished.event;
      finished.close();
      expect(event.generationId).toBe(submitted.body.bookId);
      // What My Books does on that event: read the list again.
      const list = await agent.get(`/api/airtable/books/${userId}`);
      expect(list.body).toEqual([expect.objectContaining({ id: submitted.body.bookId, status: 'Done' })]);
    }
  }, 90_000);
});
