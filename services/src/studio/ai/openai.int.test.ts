import { getEventListeners } from 'node:events';
import { KIDS_BOOK_PAGES } from '@studio/events';
import sharp from 'sharp';
import { type FakeOpenAi, type Seen, startFakeOpenAi } from '../../testing/fake-openai.fixture';
import { pipKidsBookJob } from '../../testing/pip';
import { unrecordedParts } from '../generators/generator';
import { kidsBook } from '../generators/kids-book';
import { createOfflineProvider } from './offline';
import { createOpenAiProvider } from './openai';

/** The provider over real HTTP through the real SDK, against the fake OpenAI server. */
let fake: FakeOpenAi;
let baseURL: string;
let seen: Seen[];
let chatReplies: FakeOpenAi['chatReplies'];
let samplePng: Buffer;

beforeAll(async () => {
  samplePng = await createOfflineProvider().image('sample', {
    style: 'coloring',
    signal: new AbortController().signal,
  });
  fake = await startFakeOpenAi();
  ({ baseURL, seen, chatReplies } = fake);
});

afterAll(() => fake.close());
beforeEach(() => {
  seen.length = 0;
  chatReplies.length = 0;
});

const provider = () =>
  createOpenAiProvider({
    apiKey: 'sk-test-123',
    baseURL,
    textModel: 'gpt-test',
    imageModel: 'gpt-image-test',
  });
const signal = new AbortController().signal;

describe('openai provider over HTTP', () => {
  it('honours OPENAI_BASE_URL and sends the key, model, system and user messages', async () => {
    const text = await provider().text('Write about bees', { system: 'You write books.', signal });
    expect(text).toBe('Echo: Write about bees');
    expect(seen[0]?.path).toBe('/v1/chat/completions');
    expect(seen[0]?.auth).toBe('Bearer sk-test-123');
    const sent = JSON.parse(seen[0]!.body.toString());
    expect(sent.model).toBe('gpt-test');
    expect(sent.messages).toEqual([
      { role: 'system', content: 'You write books.' },
      { role: 'user', content: 'Write about bees' },
    ]);
  });

  it('generates an image from base64 JSON and asks for line art for coloring pages', async () => {
    const png = await provider().image('a cat', { style: 'coloring', signal });
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1024, height: 1024 });
    const sent = JSON.parse(seen[0]!.body.toString());
    expect(sent.model).toBe('gpt-image-test');
    expect(sent.prompt).toContain('coloring book');
    expect(sent.prompt).toContain('a cat');
  });

  it.each([
    ['gpt-image-1', { width: 2250, height: 3000 }, '1024x1536'],
    ['gpt-image-1', { width: 2588, height: 1725 }, '1536x1024'],
    ['dall-e-3', { width: 2250, height: 3000 }, '1024x1792'],
    ['dall-e-3', { width: 2588, height: 1725 }, '1792x1024'],
  ])(
    'asks %s for the size nearest the frame %j (%s) and gets a picture of that size',
    async (model, size, asked) => {
      const ai = createOpenAiProvider({ apiKey: 'k', baseURL, textModel: 't', imageModel: model });
      const png = await ai.image('a lighthouse', { style: 'illustration', signal, size });
      expect(JSON.parse(seen[0]!.body.toString()).size).toBe(asked);
      const [width, height] = asked.split('x').map(Number);
      expect(await sharp(png).metadata()).toMatchObject({ width, height });
    },
  );

  it('the fake server refuses a size the model does not take, as the API does', async () => {
    const res = await fetch(`${baseURL}/images/generations`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer k' },
      body: JSON.stringify({ model: 'gpt-image-1', prompt: 'x', size: '1792x1024' }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ param: 'size', code: 'invalid_value' });
  });

  it('uploads the original as multipart for an edit', async () => {
    const png = await provider().editImage(samplePng, 'make it night', { signal });
    expect(png.length).toBeGreaterThan(0);
    expect(seen[0]?.path).toBe('/v1/images/edits');
    expect(seen[0]?.contentType).toMatch(/^multipart\/form-data/);
    expect(seen[0]?.body.includes(Buffer.from('make it night'))).toBe(true);
  });

  it('sends an original kept as JPEG to the edit endpoint as a PNG', async () => {
    const jpeg = await sharp(samplePng).jpeg().toBuffer();
    await provider().editImage(jpeg, 'make it night', { signal });
    const body = seen[0]?.body as Buffer;
    expect(body.includes(jpeg.subarray(0, 64))).toBe(false);
    expect(body.includes(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  });

  it('leaves no listener on the job signal after its calls, and still stops when the job is aborted', async () => {
    const job = new AbortController();
    for (let i = 0; i < 12; i++)
      await provider().image(`page ${i}`, { style: 'illustration', signal: job.signal });
    expect(getEventListeners(job.signal, 'abort')).toHaveLength(0);
    job.abort();
    await expect(provider().image('late', { style: 'illustration', signal: job.signal })).rejects.toThrow();
  });

  it('surfaces an API error instead of returning something', async () => {
    fake.failNext(400);
    await expect(provider().image('forbidden', { style: 'illustration', signal })).rejects.toThrow(
      'Your request was rejected',
    );
  });
});

describe('openai provider: structured book text', () => {
  const brief = {
    title: 'Bees',
    description: 'Keeping bees in town',
    numChapters: 2,
    includeIntroduction: false,
  };
  const outline = (approach: string) => ({
    approach,
    introduction: '',
    chapters: [
      { title: `${approach} one`, summary: 'First.' },
      { title: `${approach} two`, summary: 'Second.' },
    ],
  });
  const outlines = JSON.stringify({ outlines: [outline('A'), outline('B'), outline('C')] });

  it('asks for the outlines as a JSON schema and returns three different ones', async () => {
    chatReplies.push({ content: outlines, finish_reason: 'stop' });
    const result = await provider().write({ task: 'outlines', brief }, { signal });
    expect(result.outlines.map((o) => o.approach)).toEqual(['A', 'B', 'C']);
    expect(result.outlines[0]).not.toHaveProperty('introduction');
    const sent = JSON.parse(seen[0]!.body.toString());
    expect(sent.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'outlines', strict: true },
    });
    expect(seen).toHaveLength(1);
  });

  it('retries once after malformed JSON, and the second answer counts', async () => {
    chatReplies.push(
      { content: '{"outlines": [', finish_reason: 'stop' },
      { content: outlines, finish_reason: 'stop' },
    );
    const result = await provider().write({ task: 'outlines', brief }, { signal });
    expect(result.outlines).toHaveLength(3);
    expect(seen).toHaveLength(2);
  });

  it('fails after a truncated answer twice (no third call), so the job fails and is refunded', async () => {
    const chapter = JSON.stringify({ title: 'One', paragraphs: ['Some text.'] });
    chatReplies.push(
      { content: chapter, finish_reason: 'length' },
      { content: chapter, finish_reason: 'length' },
    );
    const task = {
      task: 'chapter' as const,
      brief: {
        bookTitle: 'Bees',
        description: 'd',
        chapter: { title: 'One', summary: 's' },
        number: 1,
        total: 1,
      },
    };
    await expect(provider().write(task, { signal })).rejects.toThrow(
      'failed twice to write the chapter: the answer was cut short',
    );
    expect(seen).toHaveLength(2);
  });

  it('refuses three identical outlines as incomplete', async () => {
    const same = JSON.stringify({ outlines: [outline('A'), outline('A'), outline('A')] });
    chatReplies.push({ content: same, finish_reason: 'stop' }, { content: same, finish_reason: 'stop' });
    await expect(provider().write({ task: 'outlines', brief }, { signal })).rejects.toThrow(
      'expected structure',
    );
  });
});

describe('openai provider: one character reference for every kids book page', () => {
  const story = {
    title: 'Pip at the Seaside',
    pages: Array.from({ length: KIDS_BOOK_PAGES }, (_, i) => `Page ${i + 1}: Pip splashes in the waves.`),
  };
  const LOOKS = 'A small boy of six with curly red hair, a green raincoat and yellow boots.';
  /** The multipart form the SDK sent, read as a browser would. */
  const form = (request: Seen) =>
    new Response(new Uint8Array(request.body), {
      headers: { 'content-type': request.contentType ?? '' },
    }).formData();
  const run = (characterImageBlobId: string | undefined, uploaded?: Buffer) =>
    kidsBook(pipKidsBookJob('k1', characterImageBlobId ? { characterImageBlobId } : {}), {
      ai: provider(),
      signal,
      progress: async () => {},
      readBlob: async () => uploaded ?? Buffer.alloc(0),
      parts: unrecordedParts,
    });

  it('without a picture: the description is written once and every page generation carries it', async () => {
    chatReplies.push(
      { content: JSON.stringify(story), finish_reason: 'stop' },
      { content: LOOKS, finish_reason: 'stop' },
    );
    await run(undefined);
    const chats = seen.filter((r) => r.path === '/v1/chat/completions');
    // The story, the character, and the back cover's blurb.
    expect(chats).toHaveLength(3);
    const asked = JSON.parse(chats[1]!.body.toString());
    expect(asked.messages[1].content).toContain('Name: Pip');
    expect(asked.messages[1].content).toContain('Pip the puppy learns to swim at the seaside');
    const pictures = seen.filter((r) => r.path === '/v1/images/generations');
    // Every page and the cover, each in its frame's shape: landscape pages, a square cover.
    expect(pictures).toHaveLength(KIDS_BOOK_PAGES + 1);
    expect(seen.some((r) => r.path === '/v1/images/edits')).toBe(false);
    const reference = `The main character, identical on every page: Pip, a boy. ${LOOKS}`;
    const sent = pictures.map((page) => JSON.parse(page.body.toString()) as { prompt: string; size: string });
    const prompts = sent.map((s) => s.prompt);
    for (const prompt of prompts) expect(prompt).toContain(reference);
    expect(sent.filter((s) => s.prompt.includes('on the cover')).map((s) => s.size)).toEqual(['1024x1024']);
    expect(new Set(sent.filter((s) => !s.prompt.includes('on the cover')).map((s) => s.size))).toEqual(
      new Set(['1536x1024']),
    );
    // Pages are drawn side by side, so they arrive in any order: each page exactly once.
    for (let i = 0; i < KIDS_BOOK_PAGES; i++)
      expect(prompts.filter((p) => p.includes(`Page ${i + 1}: Pip splashes in the waves.`))).toHaveLength(1);
  }, 60_000);

  /**
   * The edit endpoint is asked for a square page and takes a square picture of that size, whatever
   * the upload's shape (phone photos are 3:4 or 9:16 portraits, or 16:9 landscapes).
   */
  it.each([
    ['4:3 landscape PNG with transparency', 1600, 1200, 'png'],
    ['3:4 portrait JPEG', 900, 1200, 'jpeg'],
    ['9:16 portrait JPEG', 720, 1280, 'jpeg'],
    ['16:9 landscape JPEG', 1600, 900, 'jpeg'],
    ['small square PNG', 300, 300, 'png'],
  ] as const)(
    'with an uploaded %s: it is described once, and every page and the cover are edits of that same 1024×1024 picture',
    async (_shape, width, height, format) => {
      const uploaded = await sharp({
        create: { width, height, channels: 4, background: '#ff8800aa' },
      })
        .toFormat(format)
        .toBuffer();
      chatReplies.push(
        { content: JSON.stringify(story), finish_reason: 'stop' },
        { content: LOOKS, finish_reason: 'stop' },
      );
      await run('gen-k1-character.png', uploaded);
      const asked = JSON.parse(seen.filter((r) => r.path === '/v1/chat/completions')[1]!.body.toString());
      const parts = asked.messages[1].content as Array<{ type: string; image_url?: { url: string } }>;
      const described = parts.find((p) => p.type === 'image_url')?.image_url?.url ?? '';
      expect(described).toMatch(/^data:image\/png;base64,/);
      const reference = Buffer.from(described.split(',')[1] ?? '', 'base64');
      // The reference is the upload, flattened and centred in the 1024×1024 square the page is asked at.
      expect(await sharp(reference).metadata()).toMatchObject({
        format: 'png',
        width: 1024,
        height: 1024,
        hasAlpha: false,
      });

      const pages = seen.filter((r) => r.path === '/v1/images/edits');
      // Every page and the cover are edits of the same reference: the child on every picture.
      expect(pages).toHaveLength(KIDS_BOOK_PAGES + 1);
      expect(seen.some((r) => r.path === '/v1/images/generations')).toBe(false);
      const prompts: string[] = [];
      for (const page of pages) {
        const sent = await form(page);
        const image = sent.get('image') as File;
        expect(Buffer.from(await image.arrayBuffer()).equals(reference)).toBe(true);
        expect(sent.get('model')).toBe('gpt-image-test');
        expect(sent.get('size')).toBe(
          String(sent.get('prompt')).includes('on the cover') ? '1024x1024' : '1536x1024',
        );
        expect(sent.get('prompt')).toContain(
          `The main character, identical on every page and as in the reference picture: Pip, a boy. ${LOOKS}`,
        );
        prompts.push(String(sent.get('prompt')));
      }
      for (let i = 0; i < KIDS_BOOK_PAGES; i++)
        expect(prompts.filter((p) => p.includes(`Page ${i + 1}: Pip splashes in the waves.`))).toHaveLength(
          1,
        );
    },
    60_000,
  );

  it('asks for high input fidelity where the image model takes it', async () => {
    const ai = createOpenAiProvider({ apiKey: 'k', baseURL, textModel: 't', imageModel: 'gpt-image-1' });
    const character = { description: 'Pip, a boy.', image: samplePng };
    await ai.image('on the beach', { style: 'illustration', signal, character });
    expect((await form(seen[0]!)).get('input_fidelity')).toBe('high');
    const mini = createOpenAiProvider({
      apiKey: 'k',
      baseURL,
      textModel: 't',
      imageModel: 'gpt-image-1-mini',
    });
    await mini.image('on the beach', { style: 'illustration', signal, character });
    expect((await form(seen[1]!)).get('input_fidelity')).toBeNull();
  });
});
