import http from 'node:http';
import { accountStream } from '@studio/events';
import request from 'supertest';
import type { Embedded } from '../main/embedded';
import { member } from '../testing/givens';
import { eventually, useEmbeddedServer } from '../testing/test-runtime';
import { createOfflineProvider } from './ai/offline';
import type { AiProvider } from './ai/provider';
import { ProviderError } from './ai/provider';

const signUp = (server: Embedded, email: string, credits: number) => member(server, email, { credits });

describe('a provider failing mid-book', () => {
  // Writes the first chapter, then the model goes away.
  const offline = createOfflineProvider();
  let chapters = 0;
  const flaky: AiProvider = {
    ...offline,
    async write(task, options) {
      if (task.task === 'chapter' && ++chapters > 1)
        throw new ProviderError('The text service is unavailable');
      return offline.write(task, options);
    },
  };
  const server = useEmbeddedServer({}, { ai: flaky });

  it('fails the book with the reason and refunds its 20 credits exactly once', async () => {
    const { agent, userId } = await signUp(server(), 'refund@example.com', 30);
    const res = await agent.post('/api/submit-non-fiction-form').send({
      Title: 'Bees in Town',
      Description: 'Keeping bees on a roof',
      User: [userId],
      Status: 'In progress',
    });
    expect(res.status).toBe(202);
    expect(res.body.remainingCredits).toBe(10);
    const failed = await eventually(async () => {
      const list = (await agent.get(`/api/airtable/books/${userId}`)).body as Array<{
        id: string;
        status: string;
      }>;
      return list.find((b) => b.id === res.body.bookId && b.status === 'ERROR');
    });
    // The user's words and the refund; the provider's own ("The text service is unavailable") stay with the admin.
    expect(failed).toMatchObject({
      failureCode: 'PROVIDER_ERROR',
      error: 'The AI service kept failing. Please try again in a few minutes. Your 20 credits were refunded.',
    });
    await eventually(async () => (await agent.get('/api/user')).body.credits === 30);
    const refunds = (await server().platform.eventStore.readStream(accountStream(userId))).filter(
      (e) => e.type === 'CreditsRefunded',
    );
    expect(refunds).toHaveLength(1);
  }, 60_000);
});

describe('live progress over server-sent events', () => {
  const server = useEmbeddedServer();

  /** Open streams, closed after each test so the server can stop. */
  const open: http.ClientRequest[] = [];
  afterEach(() => {
    for (const req of open.splice(0)) req.destroy();
  });

  /** Reads the event stream with Node's HTTP client until `count` progress events arrived. */
  const readEvents = (cookie: string, count: number, lastEventId?: string, opened?: () => void) =>
    new Promise<{
      headers: http.IncomingHttpHeaders;
      events: Array<{ id: string; data: Record<string, unknown> }>;
    }>((resolve, reject) => {
      const events: Array<{ id: string; data: Record<string, unknown> }> = [];
      const req = http.get(
        `${server().url}/api/generations/events`,
        {
          headers: {
            Cookie: cookie,
            'Accept-Encoding': 'gzip, br',
            ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}),
          },
        },
        (res) => {
          let buffer = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            // The server says `: connected` once the stream has joined the progress hub.
            if (chunk.includes(': connected')) opened?.();
            buffer += chunk;
            let end = buffer.indexOf('\n\n');
            while (end >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const id = /^id: (.+)$/m.exec(block)?.[1];
              const data = /^data: (.+)$/m.exec(block)?.[1];
              if (id && data) events.push({ id, data: JSON.parse(data) });
              if (events.length >= count) {
                req.destroy();
                resolve({ headers: res.headers, events });
                return;
              }
              end = buffer.indexOf('\n\n');
            }
          });
        },
      );
      req.on('error', (error) => (events.length >= count ? undefined : reject(error)));
      setTimeout(() => reject(new Error(`only ${events.length} events`)), 20_000).unref();
    });

  it('streams the owner’s generation progress uncompressed, resumes after Last-Event-ID, and shows nobody else’s', async () => {
    const owner = await signUp(server(), 'sse@example.com', 50);
    const other = await signUp(server(), 'sse-other@example.com', 50);
    const joined = (cookie: string, count: number) => {
      let opened!: () => void;
      const open = new Promise<void>((resolve) => {
        opened = resolve;
      });
      const events = readEvents(cookie, count, undefined, opened);
      return { open, events };
    };
    const live = joined(owner.cookie, 3);
    const strangers = joined(other.cookie, 1);
    await Promise.all([live.open, strangers.open]);
    const res = await owner.agent.post('/api/generate-image-v2').send({ prompt: 'a lighthouse at dusk' });
    expect(res.status).toBe(202);
    const { headers, events } = await live.events;
    expect(headers['content-type']).toMatch(/^text\/event-stream/);
    expect(headers['content-encoding']).toBeUndefined();
    expect(events.every((e) => e.data.generationId === res.body.generationId)).toBe(true);
    expect(events.map((e) => e.data.type)).toContain('GenerationStarted');
    // Reconnecting after the first event replays the ones after it, in order.
    const resumed = await readEvents(owner.cookie, 2, events[0]?.id);
    expect(resumed.events.map((e) => e.id)).toEqual(events.slice(1, 3).map((e) => e.id));
    // The other user's stream, open all along, gets its own job's progress first: none of the owner's.
    const theirs = await other.agent.post('/api/generate-image-v2').send({ prompt: 'a harbour at dawn' });
    expect(theirs.status).toBe(202);
    const { events: theirEvents } = await strangers.events;
    expect(theirEvents.map((e) => e.data.generationId)).toEqual([theirs.body.generationId]);
    expect((await request(server().url).get('/api/generations/events')).status).toBe(401);
  }, 60_000);
});
