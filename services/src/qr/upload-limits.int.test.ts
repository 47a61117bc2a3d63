import { accountStream, qrUploadsStream } from '@studio/events';
import request from 'supertest';
import type { BlobStore } from '../platform/blobs/port';
import type { Emitted } from '../platform/decider';
import { newId } from '../platform/ids';
import { apiSpecification, existingStream } from '../testing/api-spec';
import { member } from '../testing/givens';
import { noisyPng } from '../testing/pictures';
import { eventually, useEmbeddedServer } from '../testing/test-runtime';
import { uploadsDecider } from './upload-allowance';

const HOUR = 3_600_000;
const MB = 1024 * 1024;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const dataUrl = async (width?: number, height?: number) =>
  `data:image/png;base64,${(await noisyPng(width, height)).toString('base64')}`;

const registered = (userId: string) =>
  existingStream(accountStream(userId), [
    {
      type: 'UserRegistered',
      data: { userId, name: 'Tess', email: `${userId}@example.com`, passwordHash: 'x' },
    },
  ]);
const uploaded = (userId: string, count: number, bytes: number): Emitted<never>[] =>
  Array.from(
    { length: count },
    (_, i) =>
      ({
        type: 'QrImageUploaded',
        data: { userId, path: `/qr-images/qr-img-${newId()}.webp`, kind: i % 2 ? 'logo' : 'hero', bytes },
      }) as never,
  );

describe('the upload allowance of an account: POST /api/qr-uploads', () => {
  const api = apiSpecification();

  it('records each upload on the account’s uploads stream, with its size', async () => {
    const image = await dataUrl();
    const userId = newId();
    await api
      .given(registered(userId))
      .signedInAs(userId)
      .when((http) => http.post('/api/qr-uploads').send({ kind: 'logo', dataUrl: image }))
      .then({
        status: 201,
        body: { success: true, url: expect.stringMatching(/^\/qr-images\/qr-img-[0-9a-f-]{36}\.webp$/) },
        newEvents: (response) => ({
          [qrUploadsStream(userId)]: [
            {
              type: 'QrImageUploaded',
              data: { userId, path: response.body.url, kind: 'logo', bytes: expect.any(Number) },
            },
          ],
        }),
      });
  });

  it('the 31st upload within 24 hours is a 429 with Retry-After, before the upload is read', async () => {
    const image = await dataUrl();
    const userId = newId();
    const response = await api
      .given(
        registered(userId),
        existingStream(qrUploadsStream(userId), uploaded(userId, 30, 1000), ago(3 * HOUR)),
      )
      .signedInAs(userId)
      .when((http) => http.post('/api/qr-uploads').send({ kind: 'hero', dataUrl: image }))
      .then({
        status: 429,
        body: {
          error: 'RATE_LIMITED',
          message:
            'You uploaded 30 images in the last 24 hours, the most an account may. You can upload again in about 21 hours.',
        },
        newEvents: {},
      });
    expect(Math.abs(Number(response.headers['retry-after']) - 21 * 3600)).toBeLessThan(120);
  });

  it('an account holding 50 MB of uploads gets a 413 saying how space comes back', async () => {
    const image = await dataUrl();
    const userId = newId();
    await api
      .given(
        registered(userId),
        existingStream(qrUploadsStream(userId), uploaded(userId, 10, 5 * MB), ago(30 * HOUR)),
      )
      .signedInAs(userId)
      .when((http) => http.post('/api/qr-uploads').send({ kind: 'logo', dataUrl: image }))
      .then({
        status: 413,
        body: {
          error: 'PAYLOAD_TOO_LARGE',
          field: 'dataUrl',
          message:
            'Your uploaded images fill the 50 MB an account may keep. Images no QR code uses are removed a day after their upload; try again then.',
        },
        newEvents: {},
      });
  });

  it('an upload that would pass 50 MB is refused once its size is known, and records nothing', async () => {
    const image = await dataUrl(900, 600);
    const userId = newId();
    const almostFull = [...uploaded(userId, 9, 5 * MB), ...uploaded(userId, 1, 5 * MB - 100)];
    await api
      .given(registered(userId), existingStream(qrUploadsStream(userId), almostFull, ago(30 * HOUR)))
      .signedInAs(userId)
      .when((http) => http.post('/api/qr-uploads').send({ kind: 'hero', dataUrl: image }))
      .then({ status: 413, newEvents: {} });
  });
});

/**
 * The per-account decode budget covers all of a hero's work: its seven encoded variants and their
 * writes, not only the decoding. The blob store here holds every write of a hero variant until the
 * test lets it go, so two heroes stay in their slots as long as the test likes.
 */
describe('a hero upload’s work inside the account’s decode slot', () => {
  const hold: { writes: number; waiting: (() => void)[] } = { writes: 0, waiting: [] };
  const holdingWrites = (inner: BlobStore): BlobStore => ({
    ...inner,
    list: (before) => inner.list(before),
    async put(id, data, contentType) {
      if (id.startsWith('qr-hero-')) {
        hold.writes += 1;
        await new Promise<void>((resolve) => hold.waiting.push(resolve));
      }
      return inner.put(id, data, contentType);
    },
  });
  const server = useEmbeddedServer({}, () => ({
    wrapEngines: (engines) => ({ ...engines, blobs: holdingWrites(engines.blobs) }),
  }));
  afterAll(() => {
    for (const release of hold.waiting.splice(0)) release();
  });

  it('a third hero of one account is a 429 while two are still being made; another account’s is taken', async () => {
    const signUp = async (email: string) => (await member(server(), email)).agent;
    const owner = await signUp('heroes@example.com');
    const hero = { kind: 'hero', dataUrl: await dataUrl(600, 400) };
    /** A hero sent, and held at its first write (the `writes`-th held): its response to come. */
    const heldHero = async (writes: number) => {
      const response = owner
        .post('/api/qr-uploads')
        .send(hero)
        .then(
          (r) => r,
          (error: unknown) => error as request.Response,
        );
      await eventually(async () => (hold.writes >= writes ? true : undefined), 30_000);
      return { response };
    };
    const { response: first } = await heldHero(1);
    const { response: second } = await heldHero(2);

    // Once the third is answered (or given up on), the writes go through as they come: each
    // hero writes seven variants.
    let open = false;
    const releasing = setInterval(() => {
      if (open) for (const release of hold.waiting.splice(0)) release();
    }, 20);
    try {
      const third = await owner.post('/api/qr-uploads').send(hero).timeout(30_000);
      open = true;
      expect(third.status).toBe(429);
      expect(third.body.message).toBe(
        'Another upload is still being processed. Please wait a moment and try again.',
      );
      expect([(await first).status, (await second).status]).toEqual([201, 201]);
      const other = await signUp('heroes-other@example.com');
      expect((await other.post('/api/qr-uploads').send(hero)).status).toBe(201);
    } finally {
      open = true;
      await Promise.all([first, second]);
      clearInterval(releasing);
    }
  }, 120_000);

  it('two uploads at once with room for one: one is recorded, the other is a 429 and keeps nothing', async () => {
    const { agent, userId } = await member(server(), 'room@example.com');
    for (let i = 0; i < 29; i++)
      await server().platform.commands.handle(
        qrUploadsStream(userId),
        uploadsDecider,
        {
          type: 'RecordUpload',
          userId,
          path: `/qr-images/qr-img-${newId()}.webp`,
          kind: 'logo',
          bytes: 10,
          at: new Date().toISOString(),
        },
        { at: new Date().toISOString(), correlationId: 't', causationId: 't', userId },
      );
    const logo = { kind: 'logo', dataUrl: await dataUrl() };
    const answers = await Promise.all([1, 2].map(() => agent.post('/api/qr-uploads').send(logo)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 429]);
    const events = await server().platform.eventStore.readStream(qrUploadsStream(userId));
    expect(events.filter((e) => e.type === 'QrImageUploaded')).toHaveLength(30);
    const kept = answers.find((a) => a.status === 201)?.body.url as string;
    expect((await request(server().url).get(kept)).status).toBe(200);
    const logos: string[] = [];
    for await (const blob of server().platform.blobs.list(new Date(Date.now() + 60_000)))
      if (blob.id.startsWith('qr-img-')) logos.push(blob.id);
    expect(logos).toEqual([kept.replace('/qr-images/', '')]);
  }, 120_000);
});
