import { type FakeOpenAi, startFakeOpenAi } from '../../testing/fake-openai.fixture';
import { coloringBook } from '../generators/coloring-book';
import { unrecordedParts } from '../generators/generator';
import { CallGate } from './call-gate';
import { gatedProvider } from './gated-provider';
import { createOpenAiProvider } from './openai';

/**
 * The openai provider behind the process-wide gate, against the fake OpenAI server over HTTP:
 * its latency, rate limit (429 with Retry-After) and server errors are the real service's.
 */
let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.seen.length = 0;
  fake.maxInFlight = 0;
  fake.behave({});
});

const openai = () =>
  createOpenAiProvider({ apiKey: 'sk-test', baseURL: fake.baseURL, textModel: 't', imageModel: 'i' });
const signal = new AbortController().signal;
const images = (n: number, ai = gatedProvider(openai(), new CallGate(4), 'job')) =>
  Promise.all(
    Array.from({ length: n }, (_, i) => ai.image(`picture ${i}`, { style: 'illustration', signal })),
  );
const statuses = () => fake.seen.map((s) => s.status);

describe('the openai provider behind the call gate', () => {
  it('keeps at most AI_CONCURRENCY calls in flight however many parts a book has', async () => {
    fake.behave({ latencyMs: { image: 40 } });
    const ai = gatedProvider(openai(), new CallGate(3), 'book');
    const book = await coloringBook(
      { generationId: 'g', kind: 'coloring-book', phase: 'main', input: { prompt: 'owls', bookLength: 10 } },
      { ai, signal, progress: async () => {}, readBlob: async () => Buffer.alloc(0), parts: unrecordedParts },
    );
    expect(book.result).toMatchObject({ designs: 10 });
    expect(fake.seen.filter((s) => s.kind === 'image')).toHaveLength(10);
    expect(fake.maxInFlight).toBe(3);
  }, 60_000);

  it('waits out a 429’s Retry-After before trying again, so no retry is refused twice', async () => {
    // Two calls per 1.2 s: the first backoff (about 0.5 s) would be refused again; Retry-After is not.
    fake.behave({ rateLimit: { calls: 2, perMs: 1200 } });
    const made = await images(5, gatedProvider(openai(), new CallGate(1), 'job'));
    expect(made).toHaveLength(5);
    expect(statuses().filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses().join(',')).not.toContain('429,429');
    expect(fake.made('image')).toBe(5);
  }, 30_000);

  it('never exceeds a configured rate: under the server’s limit it is never refused', async () => {
    fake.behave({ rateLimit: { calls: 1, perMs: 100 } });
    // One per 400 ms: four times the server's spacing, so a loaded machine's jitter (a request
    // leaving late, the next on time) cannot bring two together.
    const made = await images(6, gatedProvider(openai(), new CallGate(4, 150), 'job'));
    expect(made).toHaveLength(6);
    expect(statuses()).toEqual([200, 200, 200, 200, 200, 200]);
  }, 30_000);

  it('tries a call again after a server error, and every part is still made once', async () => {
    fake.behave({ serverErrorRate: 0.3, seed: 'flaky' });
    const made = await images(12);
    expect(made).toHaveLength(12);
    expect(statuses().filter((s) => s === 500).length).toBeGreaterThan(0);
    expect(fake.made('image')).toBe(12);
  }, 30_000);

  it('fails at once on a refused prompt, and a book’s other parts are cancelled before they are sent', async () => {
    fake.behave({ latencyMs: { image: 50 } });
    fake.failNext(400);
    const ai = gatedProvider(openai(), new CallGate(2), 'book');
    await expect(
      coloringBook(
        {
          generationId: 'g',
          kind: 'coloring-book',
          phase: 'main',
          input: { prompt: 'owls', bookLength: 20 },
        },
        {
          ai,
          signal,
          progress: async () => {},
          readBlob: async () => Buffer.alloc(0),
          parts: unrecordedParts,
        },
      ),
    ).rejects.toThrow('Your request was rejected');
    // The refused call and at most the one beside it; the other 18 designs were never asked for.
    expect(fake.seen.length).toBeLessThanOrEqual(2);
    expect(statuses()[0]).toBe(400);
  }, 30_000);
});
