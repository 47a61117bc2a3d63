// Test and bench support (not a suite): a local server speaking the OpenAI API's shapes, so the
// provider is exercised over real HTTP through the real SDK and only the far end is ours. It can
// behave like the real service: latency per call kind, a rate limit answering 429 with
// Retry-After, occasional 5xx, `usage` on every answer (tokens counted as about four characters
// each; a picture's output tokens as the pricing page lists them), the safety system's refusal of
// a prompt, pictures answered as links (as DALL·E models and many compatible servers do), and the
// moderation endpoint. Its pictures come at the size asked for, which must be one the model takes
// (else 400, as the API answers).
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { modelSizes, parseImageSize } from '../studio/ai/image-sizes';
import { createOfflineProvider } from '../studio/ai/offline';
import { seededRandom } from '../studio/writing/seeded-random';

export type CallKind = 'chat' | 'image' | 'edit' | 'moderation';

/** A prompt holding this is refused by the fake's safety system (400 `moderation_blocked`). */
export const REFUSED_WORD = 'forbidden-topic';
/** A text or a picture's file name holding this is flagged by the fake's moderation endpoint. */
export const FLAGGED_WORD = 'flagged-content';
/** Output tokens the fake bills a picture (gpt-image-1, 1024×1024, high quality). */
export const IMAGE_OUTPUT_TOKENS = 4160;

export interface Seen {
  method: string;
  path: string;
  kind: CallKind | undefined;
  auth: string | undefined;
  contentType: string | undefined;
  body: Buffer;
  /** What the server answered (0 until it has). */
  status: number;
}

export interface FakeBehaviour {
  /** How long each kind of call takes before it answers (ms). */
  latencyMs?: Partial<Record<CallKind, number>>;
  /** A text answer takes this much longer per output token, as a model writing it would (ms). */
  msPerOutputToken?: number;
  /** At most `calls` accepted calls per `perMs` sliding window; beyond, 429 with Retry-After. */
  rateLimit?: { calls: number; perMs: number };
  /** Share of calls (0…1) answered 500, drawn from a seeded sequence (`seed`). */
  serverErrorRate?: number;
  seed?: string;
  /** Pictures answered as a link to this server (`url`) instead of `b64_json`. */
  imagesAsLinks?: boolean;
  /** The moderation endpoint answers 503 (a moderation service that is down). */
  moderationDown?: boolean;
  /** The moderation endpoint flags every picture it is shown. */
  flagPictures?: boolean;
  /**
   * After this many generation calls (chat, image, edit: moderation is not counted) every further
   * one is answered with `status` and error `code`: a job that fails part way, every time.
   */
  failAfter?: { calls: number; status: number; code: string };
}

export interface FakeOpenAi {
  baseURL: string;
  /** Every request, in arrival order. */
  seen: Seen[];
  /** Replies the fake model gives, in order, before it falls back to its own answers. */
  chatReplies: Array<{ content: string; finish_reason: 'stop' | 'length' }>;
  /** The next request (not a moderation) is answered with this status and an error body (code content_policy_violation by default). */
  failNext(status: number, code?: string): void;
  /** The usage the fake billed, summed over the calls it answered 200 (what the admin's costs must match). */
  billed: { inputTokens: number; outputTokens: number; images: number };
  /** Behaves so from now on, with its counts and its rate window started afresh. */
  behave(behaviour: FakeBehaviour): void;
  /** Calls answered 200, by kind. */
  made(kind: CallKind): number;
  /** The most calls that were being answered at the same moment. */
  maxInFlight: number;
  close(): Promise<void>;
}

const KINDS: Record<string, CallKind> = {
  '/v1/chat/completions': 'chat',
  '/v1/images/generations': 'image',
  '/v1/images/edits': 'edit',
  '/v1/moderations': 'moderation',
};

const tokensOf = (text: string) => Math.max(1, Math.ceil(text.length / 4));

const read = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * A complete answer for the book-text schemas the provider asks for (outlines, a chapter, a kids
 * story), read from the instructions' own numbers; anything else is echoed.
 */
function modelAnswer(request: {
  messages: Array<{ content: unknown }>;
  response_format?: { json_schema?: { name?: string } };
}): string {
  const asked = typeof request.messages[1]?.content === 'string' ? request.messages[1].content : '';
  const count = (pattern: RegExp) => Number(pattern.exec(asked)?.[1] ?? 1);
  switch (request.response_format?.json_schema?.name) {
    case 'outlines': {
      const chapters = count(/exactly (\d+) chapters/);
      const withIntroduction = asked.includes('"introduction": one paragraph');
      const outline = (approach: string) => ({
        approach,
        introduction: withIntroduction ? `Why ${approach.toLowerCase()} works.` : '',
        chapters: Array.from({ length: chapters }, (_, i) => ({
          title: `${approach} step ${i + 1}`,
          summary: `What step ${i + 1} covers. Why it matters.`,
        })),
      });
      return JSON.stringify({ outlines: [outline('Practical'), outline('Historical'), outline('Personal')] });
    }
    case 'chapter': {
      const title = /"([^"]+)"\. It covers/.exec(asked)?.[1] ?? 'Introduction';
      // As long as it was asked for ("about 2000 words"), else two short paragraphs.
      const words = Number(/about (\d+) words/.exec(asked)?.[1] ?? 0);
      const paragraphs =
        words > 0
          ? Array.from({ length: Math.max(1, Math.round(words / 100)) }, (_, p) =>
              Array.from(
                { length: 10 },
                (_, s) => `Sentence ${s + 1} of paragraph ${p + 1} in ${title}.`,
              ).join(' '),
            )
          : ['A first paragraph of the chapter.', 'A second paragraph that ends it.'];
      // A chapter written again says which change it was asked for.
      const note = /The author asks for this change[^"]*"(.*)"$/m.exec(asked)?.[1];
      if (note) paragraphs.splice(1, 0, `Rewritten as asked: ${note}.`);
      return JSON.stringify({
        title,
        summary: `What ${title} says, in two sentences. It ends here.`,
        paragraphs,
      });
    }
    case 'kids_story':
      return JSON.stringify({
        title: 'A Day Out',
        pages: Array.from({ length: count(/in exactly (\d+) pages/) }, (_, i) => `Page ${i + 1} of the day.`),
      });
    default:
      return `Echo: ${asked}`;
  }
}

/** An image request's model, prompt and size: JSON for a generation, multipart for an edit. */
function imageRequest(kind: CallKind, body: Buffer): { model: string; prompt: string; size: string } {
  if (kind === 'image') {
    const json = JSON.parse(body.toString()) as { model?: string; prompt?: string; size?: string };
    return { model: json.model ?? '', prompt: json.prompt ?? '', size: json.size ?? 'auto' };
  }
  const field = (name: string) =>
    new RegExp(`name="${name}"\\r\\n(?:Content-[^\\r\\n]*\\r\\n)*\\r\\n([^\\r]*)\\r\\n`).exec(
      body.toString('latin1'),
    )?.[1];
  return { model: field('model') ?? '', prompt: field('prompt') ?? '', size: field('size') ?? 'auto' };
}

/**
 * The picture a model answers: a drawing at the size asked for (line art for a coloring prompt).
 * One per size and style, drawn once: drawing each prompt would hold the server's event loop for
 * a moment per call and bunch the calls it receives (a rate limit would then refuse them).
 */
const drawings = new Map<string, Promise<Buffer>>();
function drawing(prompt: string, size: string): Promise<Buffer> {
  const style = /coloring book/i.test(prompt) ? 'coloring' : 'illustration';
  const key = `${size}:${style}`;
  let made = drawings.get(key);
  if (!made) {
    made = createOfflineProvider().image('a fox in a meadow', {
      style,
      signal: new AbortController().signal,
      size: parseImageSize(size === 'auto' ? '1024x1024' : size),
    });
    drawings.set(key, made);
  }
  return made;
}

export async function startFakeOpenAi(behaviour: FakeBehaviour = {}): Promise<FakeOpenAi> {
  let current = behaviour;
  let random = seededRandom(current.seed ?? 'fake-openai');
  let failNext: { status: number; code: string } | undefined;
  let generationCalls = 0;
  let inFlight = 0;
  const accepted: number[] = [];
  const made: Record<CallKind, number> = { chat: 0, image: 0, edit: 0, moderation: 0 };
  const linked = new Map<string, Buffer>();
  const fake: FakeOpenAi = {
    baseURL: '',
    seen: [],
    chatReplies: [],
    billed: { inputTokens: 0, outputTokens: 0, images: 0 },
    failNext: (status, code = 'content_policy_violation') => {
      failNext = { status, code };
    },
    behave: (next) => {
      current = next;
      random = seededRandom(next.seed ?? 'fake-openai');
      accepted.length = 0;
      generationCalls = 0;
      for (const kind of Object.keys(made) as CallKind[]) made[kind] = 0;
      fake.maxInFlight = 0;
      fake.billed = { inputTokens: 0, outputTokens: 0, images: 0 };
    },
    made: (kind) => made[kind],
    maxInFlight: 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const server: Server = createServer(async (req, res) => {
    // A picture answered as a link: the client fetches it from here.
    const file = /^\/files\/([\w-]+)\.png$/.exec(req.url ?? '');
    if (req.method === 'GET' && file) {
      const bytes = linked.get(file[1] ?? '');
      fake.seen.push({
        method: 'GET',
        path: req.url ?? '',
        kind: undefined,
        auth: req.headers.authorization,
        contentType: undefined,
        body: Buffer.alloc(0),
        status: bytes ? 200 : 404,
      });
      res.writeHead(bytes ? 200 : 404, { 'Content-Type': 'image/png' });
      res.end(bytes);
      return;
    }
    const kind = KINDS[req.url ?? ''];
    // Counted on arrival: a client killed while sending still shows as having asked.
    const seen: Seen = {
      method: req.method ?? '',
      path: req.url ?? '',
      kind,
      auth: req.headers.authorization,
      contentType: req.headers['content-type'],
      body: Buffer.alloc(0),
      status: 0,
    };
    fake.seen.push(seen);
    const body = await read(req).catch(() => undefined);
    if (!body) return; // the client went away mid-request
    seen.body = body;
    const answer = (status: number, value: unknown, headers: Record<string, string> = {}) => {
      seen.status = status;
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(JSON.stringify(value));
    };
    const error = (status: number, message: string, type: string, code: string | null) =>
      answer(status, { error: { message, type, code } });

    // A failure asked for is the provider's answer to a generation, not to the content check.
    if (failNext && kind !== 'moderation') {
      const { status, code } = failNext;
      failNext = undefined;
      return error(status, 'Your request was rejected', 'invalid_request_error', code);
    }
    if (!kind) return error(404, 'not found', 'invalid_request_error', null);
    if (kind !== 'moderation' && current.failAfter) {
      generationCalls += 1;
      const { calls, status, code } = current.failAfter;
      if (generationCalls > calls)
        return error(status, 'Your request was rejected', 'invalid_request_error', code);
    }
    const now = Date.now();
    const limit = current.rateLimit;
    if (limit) {
      while (accepted.length > 0 && (accepted[0] as number) <= now - limit.perMs) accepted.shift();
      if (accepted.length >= limit.calls) {
        const waitMs = (accepted[0] as number) + limit.perMs - now;
        seen.status = 429;
        res.writeHead(429, {
          'Content-Type': 'application/json',
          'retry-after-ms': String(waitMs),
          'retry-after': String(Math.ceil(waitMs / 1000)),
        });
        res.end(
          JSON.stringify({
            error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' },
          }),
        );
        return;
      }
      accepted.push(now);
    }
    inFlight += 1;
    fake.maxInFlight = Math.max(fake.maxInFlight, inFlight);
    try {
      const latency = current.latencyMs?.[kind] ?? 0;
      if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
      if (current.serverErrorRate && random() < current.serverErrorRate)
        return error(500, 'The server had an error while processing your request', 'server_error', null);
      const text = body.toString('latin1');
      if (kind === 'moderation') {
        if (current.moderationDown)
          return error(503, 'The moderation service is unavailable', 'server_error', null);
        made.moderation += 1;
        const inputs = (JSON.parse(body.toString()) as { input: unknown }).input;
        const list = Array.isArray(inputs) ? inputs : [inputs];
        return answer(200, {
          id: 'modr-1',
          model: 'omni-moderation-latest',
          results: [
            {
              flagged:
                JSON.stringify(list).includes(FLAGGED_WORD) ||
                (current.flagPictures === true && JSON.stringify(list).includes('"image_url"')),
              categories: { violence: false },
              category_scores: { violence: 0.01 },
            },
          ],
        });
      }
      if (kind !== 'chat' && text.includes(REFUSED_WORD))
        return error(
          400,
          'Your request was rejected as a result of our safety system. Your request may contain content that is not allowed by our safety system.',
          'image_generation_user_error',
          'moderation_blocked',
        );
      if (kind !== 'chat') {
        let asked: ReturnType<typeof imageRequest>;
        try {
          asked = imageRequest(kind, body);
        } catch {
          return error(400, 'The body is not JSON', 'invalid_request_error', null);
        }
        const sizes = modelSizes(asked.model);
        if (asked.size !== 'auto' && !sizes.includes(asked.size))
          return answer(400, {
            error: {
              message: `Invalid value: '${asked.size}'. Supported values are: ${sizes.map((s) => `'${s}'`).join(', ')}, and 'auto'.`,
              type: 'invalid_request_error',
              param: 'size',
              code: 'invalid_value',
            },
          });
        made[kind] += 1;
        const png = await drawing(asked.prompt, asked.size);
        const usage = {
          input_tokens: tokensOf(text.slice(0, 4000)),
          output_tokens: IMAGE_OUTPUT_TOKENS,
          input_tokens_details: { text_tokens: tokensOf(text.slice(0, 4000)), image_tokens: 0 },
        };
        fake.billed.inputTokens += usage.input_tokens;
        fake.billed.outputTokens += usage.output_tokens;
        fake.billed.images += 1;
        // As the real API: a link unless the bytes were asked for (`response_format: b64_json`).
        if (current.imagesAsLinks && !text.includes('b64_json')) {
          const id = `img-${linked.size + 1}`;
          linked.set(id, png);
          return answer(200, {
            created: 1,
            data: [{ url: `${fake.baseURL.replace(/\/v1$/, '')}/files/${id}.png` }],
          });
        }
        return answer(200, { created: 1, data: [{ b64_json: png.toString('base64') }], usage });
      }
      made[kind] += 1;
      let request: Parameters<typeof modelAnswer>[0] & { model: string };
      try {
        request = JSON.parse(body.toString());
      } catch {
        return error(400, 'The body is not JSON', 'invalid_request_error', null);
      }
      const reply = fake.chatReplies.shift();
      const content = reply?.content ?? modelAnswer(request);
      if (current.msPerOutputToken)
        await new Promise((resolve) =>
          setTimeout(resolve, tokensOf(content) * (current.msPerOutputToken ?? 0)),
        );
      const usage = {
        prompt_tokens: tokensOf(JSON.stringify(request.messages)),
        completion_tokens: tokensOf(content),
      };
      fake.billed.inputTokens += usage.prompt_tokens;
      fake.billed.outputTokens += usage.completion_tokens;
      return answer(200, {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1,
        model: request.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content },
            finish_reason: reply?.finish_reason ?? 'stop',
          },
        ],
        usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
      });
    } finally {
      inFlight -= 1;
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  fake.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}
