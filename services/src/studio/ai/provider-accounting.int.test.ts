import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AiUsage } from '@studio/events';
import sharp from 'sharp';
import {
  type FakeOpenAi,
  IMAGE_OUTPUT_TOKENS,
  REFUSED_WORD,
  startFakeOpenAi,
} from '../../testing/fake-openai.fixture';
import { fetchImageUrl, IMAGE_FETCH_LIMITS, isPrivateAddress } from './image-url';
import { createOpenAiProvider } from './openai';
import { ProviderAccountError, ProviderRefusedError } from './provider';

/**
 * What the provider tells of each call and of each failure, against the fake OpenAI server over
 * HTTP: the usage every answer carries (as the real API bills it), a refusal by the safety system,
 * an account that cannot serve, and pictures answered as links.
 */
let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());
beforeEach(() => fake.behave({}));

const provider = (imageModel = 'gpt-image-1') =>
  createOpenAiProvider({ apiKey: 'sk-test', baseURL: fake.baseURL, textModel: 'gpt-4o-mini', imageModel });
const signal = new AbortController().signal;

describe('the openai provider reports what each call used', () => {
  it('a text call: the model and the prompt and completion tokens the server billed', async () => {
    const used: Array<Omit<AiUsage, 'costUsd'>> = [];
    await provider().text('Write a tagline', {
      system: 'You write taglines',
      signal,
      usage: (u) => used.push(u),
    });
    expect(used).toEqual([
      {
        model: 'gpt-4o-mini',
        call: 'text',
        inputTokens: fake.billed.inputTokens,
        outputTokens: fake.billed.outputTokens,
        images: 0,
      },
    ]);
    expect(fake.billed.inputTokens).toBeGreaterThan(1);
  });

  it('a picture: the image model, its tokens, one picture, the size asked', async () => {
    const used: Array<Omit<AiUsage, 'costUsd'>> = [];
    await provider().image('an owl', { style: 'coloring', signal, usage: (u) => used.push(u) });
    expect(used).toEqual([
      {
        model: 'gpt-image-1',
        call: 'image',
        inputTokens: fake.billed.inputTokens,
        outputTokens: IMAGE_OUTPUT_TOKENS,
        images: 1,
        size: '1024x1024',
      },
    ]);
  });

  it('a structured book text reports every try, the retried one too', async () => {
    fake.chatReplies.push({ content: 'not json', finish_reason: 'stop' });
    const used: Array<Omit<AiUsage, 'costUsd'>> = [];
    await provider().write(
      {
        task: 'outlines',
        brief: { title: 'Bees', description: 'Town bees', numChapters: 2, includeIntroduction: false },
      },
      { signal, usage: (u) => used.push(u) },
    );
    expect(used).toHaveLength(2);
    expect(used.reduce((n, u) => n + u.inputTokens, 0)).toBe(fake.billed.inputTokens);
  });
});

describe('the openai provider says why a call failed', () => {
  it('a prompt the safety system refuses is a refusal, not a fault to retry', async () => {
    await expect(
      provider().image(`a ${REFUSED_WORD}`, { style: 'illustration', signal }),
    ).rejects.toBeInstanceOf(ProviderRefusedError);
  });

  it('an exhausted quota, a refused key and an unknown model are the account’s', async () => {
    for (const [status, code] of [
      [429, 'insufficient_quota'],
      [401, 'invalid_api_key'],
      [404, 'model_not_found'],
    ] as const) {
      fake.failNext(status, code);
      await expect(provider().image('an owl', { style: 'illustration', signal })).rejects.toBeInstanceOf(
        ProviderAccountError,
      );
    }
  });
});

describe('pictures answered as links', () => {
  it('asks DALL·E models for the bytes (they answer links otherwise)', async () => {
    fake.behave({ imagesAsLinks: true });
    const png = await provider('dall-e-3').image('an owl', { style: 'coloring', signal });
    expect((await sharp(png).metadata()).format).toBe('png');
    const asked = JSON.parse(fake.seen.at(-1)?.body.toString() ?? '{}') as { response_format?: string };
    expect(asked.response_format).toBe('b64_json');
  });

  it('fetches a link the configured compatible server answers, and stores it as a PNG like the bytes', async () => {
    fake.behave({ imagesAsLinks: true });
    const used: Array<Omit<AiUsage, 'costUsd'>> = [];
    const png = await provider('sdxl-turbo').image('an owl', {
      style: 'coloring',
      signal,
      usage: (u) => used.push(u),
    });
    expect((await sharp(png).metadata()).format).toBe('png');
    expect(fake.seen.at(-1)?.path).toMatch(/^\/files\/img-\d+\.png$/);
    expect(used).toMatchObject([{ model: 'sdxl-turbo', call: 'image', images: 1 }]);
  });

  it('refuses a link to a private address elsewhere, another scheme, a redirect to a private address, and a picture too large', async () => {
    const limits = { ...IMAGE_FETCH_LIMITS, trustedOrigin: 'https://api.example.com' };
    const elsewhere = createServer((req, res) => {
      if (req.url === '/redirect') {
        res.writeHead(302, { location: 'http://127.0.0.1:9/secret' });
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(Buffer.alloc(2048));
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    const port = (elsewhere.address() as AddressInfo).port;
    try {
      await expect(fetchImageUrl(`http://127.0.0.1:${port}/a.png`, signal, limits)).rejects.toThrow(
        /private address/,
      );
      await expect(fetchImageUrl(`http://localhost:${port}/a.png`, signal, limits)).rejects.toThrow(
        /private address/,
      );
      await expect(fetchImageUrl('file:///etc/passwd', signal, limits)).rejects.toThrow(/file: link/);
      // Trusted as the configured server, a redirect elsewhere is checked like a first link.
      const trusted = { ...limits, trustedOrigin: `http://127.0.0.1:${port}` };
      await expect(fetchImageUrl(`http://127.0.0.1:${port}/redirect`, signal, trusted)).rejects.toThrow(
        /private address/,
      );
      await expect(
        fetchImageUrl(`http://127.0.0.1:${port}/a.png`, signal, { ...trusted, maxBytes: 1024 }),
      ).rejects.toThrow(/over 1024 bytes/);
      expect((await fetchImageUrl(`http://127.0.0.1:${port}/a.png`, signal, trusted)).length).toBe(2048);
    } finally {
      elsewhere.close();
    }
  });

  it('knows the private ranges', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:10.0.0.1',
    ])
      expect(isPrivateAddress(address)).toBe(true);
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111'])
      expect(isPrivateAddress(address)).toBe(false);
  });
});
