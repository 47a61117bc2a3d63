import { type GenerationStatus, isFinished } from '@studio/events';
import sharp from 'sharp';
import request from 'supertest';
import { MAX_PIXELS } from '../platform/uploads/image';
import { expectStarted, member } from '../testing/givens';
import { withDimensions } from '../testing/helpers';
import { expectServedAs, servedPicture } from '../testing/pictures';
import { eventually, useEmbeddedServer } from '../testing/test-runtime';

/** Over HTTP: the image tools, the KDP listing tool, their lists and files, and bad uploads. */
describe('image tools and KDP listings', () => {
  const server = useEmbeddedServer();

  const signUp = (email: string, credits: number) => member(server(), email, { credits });
  const credits = async (agent: request.Agent) => (await agent.get('/api/user')).body.credits as number;
  const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;
  const solid = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#3366cc' } });
  const edit = (agent: request.Agent, originalImageUrl: string) =>
    agent.post('/api/edit-image').send({ prompt: 'make it blue', originalImageUrl });
  const done = async <T extends { id: string; status: string }>(
    agent: request.Agent,
    url: string,
    id: string,
  ) =>
    eventually(async () => {
      const list = (await agent.get(url)).body as Array<T & { generationStatus: GenerationStatus }>;
      const found = list.find((item) => item.id === id);
      return found && isFinished(found.generationStatus) ? found : undefined;
    });

  describe('happy paths', () => {
    it('a coloring page costs 4 credits and lists as a print page with a small preview', async () => {
      const { agent, userId } = await signUp('page@example.com', 10);
      const res = await agent.post('/api/generate-coloring-book-page').send({ prompt: 'a cat', userId });
      expectStarted(res, {
        message: 'Your coloring page generation has started!',
        creditsUsed: 4,
        remainingCredits: 6,
      });
      const item = await done<{
        id: string;
        status: string;
        image: string;
        imagePreview: string;
        type: string;
      }>(agent, `/api/coloring-book-generations/${userId}`, res.body.generationId);
      expect(item).toMatchObject({
        status: 'Done',
        generationStatus: 'completed',
        type: 'coloring-page',
        prompt: 'a cat',
      });
      const full = await servedPicture(agent, item.image);
      expect(full.meta).toMatchObject({
        width: 2550,
        height: 3300,
        density: 300,
      });
      const preview = await servedPicture(agent, item.imagePreview);
      expect(preview.type).toBe('image/webp');
      expect(Math.max(preview.meta.width ?? 0, preview.meta.height ?? 0)).toBeLessThanOrEqual(480);
      expect(preview.bytes.length).toBeLessThan(full.bytes.length / 5);
    });

    it('a KDP listing costs 10 credits, answers with its id, and lists with 7 keywords that pass every rule', async () => {
      const { agent, userId } = await signUp('kdp@example.com', 25);
      const res = await agent.post('/api/kdp-listings/create').send({
        userId,
        bookTitle: 'Garden Bees',
        bookPrompt: 'A gentle guide to the bees that visit garden flowers',
      });
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({
        listingId: res.body.generationId,
        message: 'Your KDP listing is being created.',
      });
      expect(res.body.remainingCredits).toBe(15);
      const listing = await done<{ id: string; status: string } & Record<string, unknown>>(
        agent,
        `/api/kdp-listings/${userId}`,
        res.body.listingId,
      );
      expect(listing).toMatchObject({
        status: 'Completed',
        generationStatus: 'completed',
        originalTitle: 'Garden Bees',
        bookPrompt: 'A gentle guide to the bees that visit garden flowers',
        optimizedTitle: expect.any(String),
        description: expect.stringMatching(/^<p>/),
      });
      const keywords = [1, 2, 3, 4, 5, 6, 7].map((i) => listing[`keyword${i}`]);
      expect(keywords.every((k) => typeof k === 'string' && k.length > 0)).toBe(true);
      expect(listing.keyword8).toBeUndefined();
      expect(listing.keywords).toBe(keywords.join(', '));
      const checks = listing.checks as Array<{ rule: string; passed: boolean }>;
      expect(checks.map((c) => c.rule)).toEqual([
        'title-length',
        'description-length',
        'description-html',
        'keyword-count',
        'keyword-length',
        'keyword-terms',
      ]);
      expect(checks.every((c) => c.passed)).toBe(true);
    });

    it('a WebP upload is edited, and its original is kept as a WebP', async () => {
      const { agent, userId } = await signUp('webp@example.com', 10);
      const webp = await solid(32, 24).webp().toBuffer();
      const res = await edit(agent, dataUrl(webp, 'image/webp'));
      expect(res.status).toBe(202);
      const item = await done<{ id: string; status: string; originalImage: string; editedImage: string }>(
        agent,
        `/api/image-editor-generations/${userId}`,
        res.body.generationId,
      );
      await expectServedAs(agent, item.originalImage, { format: 'webp', width: 32, height: 24 });
      expect((await servedPicture(agent, item.editedImage)).meta).toMatchObject({
        format: 'png',
        width: 32,
        height: 24,
      });
    });

    it('a photo is turned upright and loses its EXIF (GPS) before it is stored', async () => {
      const { agent, userId } = await signUp('exif@example.com', 10);
      const jpeg = await solid(40, 20)
        .withExif({ IFD0: { Make: 'Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
        .withMetadata({ orientation: 6 })
        .jpeg()
        .toBuffer();
      expect((await sharp(jpeg).metadata()).exif).toBeDefined();
      const res = await edit(agent, dataUrl(jpeg, 'image/jpeg'));
      expect(res.status).toBe(202);
      const item = await done<{ id: string; status: string; originalImage: string }>(
        agent,
        `/api/image-editor-generations/${userId}`,
        res.body.generationId,
      );
      const stored = await sharp(
        (await agent.get(item.originalImage).buffer(true)).body as Buffer,
      ).metadata();
      expect(stored).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
      expect(stored.exif).toBeUndefined();
      expect(stored.orientation).toBeUndefined();
    });
  });

  describe('every validation message, and nothing spent', () => {
    it.each([
      [
        '/api/generate-coloring-book-page',
        { prompt: '  ' },
        'Please provide a prompt for your coloring page.',
      ],
      ['/api/generate-image-v2', { prompt: '' }, 'Prompt Required: Please enter a prompt for your image.'],
      [
        '/api/edit-image',
        { prompt: ' ', originalImageUrl: 'data:image/png;base64,AAAA' },
        'Description Required: Please describe the edits you want to make to your image.',
      ],
      ['/api/edit-image', { prompt: 'make it blue' }, 'Image Required: Please select an image to edit.'],
      [
        '/api/kdp-listings/create',
        { bookTitle: 'Be', bookPrompt: 'A gentle guide to the bees of the garden' },
        'Book title must be at least 3 characters long',
      ],
      [
        '/api/kdp-listings/create',
        { bookTitle: 'Bees', bookPrompt: 'Too short a prompt' },
        'Book prompt must be at least 20 characters long',
      ],
    ])('%s %j → %s', async (path, body, message) => {
      const { agent } = await signUp(`v-${Math.random()}@example.com`, 20);
      const res = await agent.post(path).send(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(expect.objectContaining({ message, error: 'VALIDATION' }));
      expect(await credits(agent)).toBe(20);
    });
  });

  describe('credit refusals: INSUFFICIENT_CREDITS, nothing spent', () => {
    it.each([
      ['/api/generate-coloring-book-page', 3, { prompt: 'a fox' }],
      ['/api/generate-image-v2', 5, { prompt: 'a fox' }],
      ['/api/kdp-listings/create', 9, { bookTitle: 'Foxes', bookPrompt: 'All about red foxes in the wild' }],
    ])('%s with %i credits', async (path, balance, body) => {
      const { agent } = await signUp(`c-${Math.random()}@example.com`, balance);
      const res = await agent.post(path).send(body);
      expect(res.status).toBe(402);
      expect(res.body.error).toBe('INSUFFICIENT_CREDITS');
      expect(await credits(agent)).toBe(balance);
    });

    it('the editor with 5 credits', async () => {
      const { agent } = await signUp('c-edit@example.com', 5);
      const res = await edit(agent, dataUrl(await solid(8, 8).png().toBuffer()));
      expect(res.status).toBe(402);
      expect(res.body.error).toBe('INSUFFICIENT_CREDITS');
      expect(await credits(agent)).toBe(5);
    });
  });

  describe("another user's lists and files", () => {
    it('lists are 403 and files 404 to anyone but their owner', async () => {
      const owner = await signUp('owner@example.com', 20);
      const other = await signUp('other@example.com', 0);
      const res = await owner.agent.post('/api/generate-image-v2').send({ prompt: 'a fox' });
      const item = await done<{ id: string; status: string; image: string; imagePreview: string }>(
        owner.agent,
        `/api/image-generations-v2/${owner.userId}`,
        res.body.generationId,
      );
      expect((await owner.agent.get(`/api/airtable/images/${owner.userId}`)).body).toEqual([]);
      for (const list of [
        'airtable/images',
        'kdp-listings',
        'image-generations-v2',
        'coloring-book-generations',
        'image-editor-generations',
      ]) {
        const refused = await other.agent.get(`/api/${list}/${owner.userId}`);
        expect([list, refused.status]).toEqual([list, 403]);
      }
      expect((await other.agent.get(item.image)).status).toBe(404);
      expect((await other.agent.get(item.imagePreview)).status).toBe(404);
      expect((await owner.agent.get(item.image)).status).toBe(200);
      expect((await request(server().url).get(`/api/kdp-listings/${owner.userId}`)).status).toBe(401);
    });
  });

  describe('bad uploads: a clear 4xx with the spec message, nothing spent', () => {
    const INVALID = 'Invalid File Type: Please select an image file (JPG, PNG or WebP)';
    const TOO_LARGE = 'File Too Large: Please select an image smaller than 10MB';

    const refused = async (originalImageUrl: string, status: number, message: string) => {
      const { agent } = await signUp(`u-${Math.random()}@example.com`, 10);
      const res = await edit(agent, originalImageUrl);
      expect([res.status, res.body.message]).toEqual([status, message]);
      expect(await credits(agent)).toBe(10);
    };

    it('a renamed text file', async () => {
      await refused(dataUrl(Buffer.from('hello, I am notes.txt renamed to photo.png')), 415, INVALID);
    });

    it('an SVG with a script (sharp could render SVG; uploads take only PNG, JPEG and WebP)', async () => {
      const svg =
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';
      await refused(dataUrl(Buffer.from(svg), 'image/svg+xml'), 415, INVALID);
    });

    it('a truncated PNG', async () => {
      const png = await solid(64, 64).png().toBuffer();
      await refused(dataUrl(png.subarray(0, 60)), 415, INVALID);
    });

    it('a 12 MB image', async () => {
      const noise = await sharp({
        create: {
          width: 2100,
          height: 2100,
          channels: 3,
          background: '#000',
          noise: { type: 'gaussian', mean: 128, sigma: 60 },
        },
      })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(noise.length).toBeGreaterThan(12 * 1024 * 1024);
      await refused(dataUrl(noise), 400, TOO_LARGE);
    });

    it('a body far over the limit is refused unread, with the same message', async () => {
      await refused(`data:image/png;base64,${'A'.repeat(30 * 1024 * 1024)}`, 413, TOO_LARGE);
    });

    it('a PNG decompression bomb (a small file whose header claims 50 000 × 50 000 pixels)', async () => {
      const bomb = withDimensions(await solid(1, 1).png().toBuffer(), 50_000, 50_000);
      expect(bomb.length).toBeLessThan(200);
      expect(50_000 * 50_000).toBeGreaterThan(MAX_PIXELS);
      await refused(dataUrl(bomb), 400, TOO_LARGE);
    });
  });
});

/** Rewrites a PNG's IHDR width and height (and its CRC): a tiny file claiming a huge bitmap. */
