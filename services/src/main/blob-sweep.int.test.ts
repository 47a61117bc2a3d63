import { accountStream, qrUploadsStream } from '@studio/events';
import { PLAN_TERMS } from '@studio/events/plans';
import request from 'supertest';
import { accountDecider } from '../account/decider';
import { newId } from '../platform/ids';
import { BlobSweeper } from '../platform/runners/blob-sweeper';
import { noisyPng } from '../testing/pictures';
import { eventually, useEmbeddedServer } from '../testing/test-runtime';

const DAY = 24 * 3_600_000;

/**
 * The sweep of blobs nothing references, on the embedded server: what a crash left between a
 * blob's write and its record, a finished job's leftovers, QR uploads no code uses. The server's
 * clock can be moved forward, so the grace period (a day) passes without waiting for it.
 */
describe('sweeping unreferenced blobs', () => {
  let offset = 0;
  const clock = { now: () => new Date(Date.now() + offset) };
  const server = useEmbeddedServer({}, { clock });
  const sweeper = () =>
    new BlobSweeper(
      server().platform,
      server().modules.flatMap((m) => (m.blobReferences ? [m.blobReferences] : [])),
      { graceMs: DAY, intervalMs: DAY },
    );
  const exists = async (id: string) => (await server().platform.blobs.get(id)) !== null;
  it('keeps what is referenced or young, deletes what nothing references, and frees the upload allowance', async () => {
    const agent = request.agent(server().url);
    const res = await agent
      .post('/api/register')
      .send({ name: 'Tess', email: 'sweep@example.com', password: 'secret12' });
    const userId = res.body.id as string;
    await server().platform.commands.handle(
      accountStream(userId),
      accountDecider,
      {
        type: 'ActivateSubscription',
        planId: 'standard',
        amountPaid: PLAN_TERMS.standard.price,
        paymentRef: 'in-sweep',
        customerId: 'c',
        subscriptionId: 's-sweep',
      },
      { at: clock.now().toISOString(), correlationId: 't', causationId: 't' },
    );

    // A finished picture, with its preview.
    const made = await agent.post('/api/generate-image-v2').send({ prompt: 'a red kite', userId });
    expect(made.status).toBe(202);
    const pictureId = made.body.generationId as string;
    const picture = await eventually(async () => {
      const list = (await agent.get(`/api/image-generations-v2/${userId}`)).body as Array<
        Record<string, string>
      >;
      return list.find((r) => r.id === pictureId && r.generationStatus === 'completed');
    }, 60_000);
    expect((await agent.get(picture.imagePreview as string)).status).toBe(200);
    const pictureFile = `gen-${pictureId}-image.png`;

    // What a crash leaves: an upload whose request was never appended, a finished job's part.
    const orphanUpload = `gen-${newId()}-original.jpeg`;
    const leftoverPart = `gen-${pictureId}-part-main-image.png`;
    for (const id of [orphanUpload, leftoverPart])
      await server().platform.blobs.put(id, Buffer.from('x'), 'image/png');

    // QR uploads: a logo a code uses, a logo and a hero (seven files) no code uses.
    const upload = async (kind: 'logo' | 'hero') => {
      const sent = await agent
        .post('/api/qr-uploads')
        .send({ kind, dataUrl: `data:image/png;base64,${(await noisyPng(600, 400)).toString('base64')}` });
      expect(sent.status).toBe(201);
      return sent.body.url as string;
    };
    const usedLogo = await upload('logo');
    const unusedLogo = await upload('logo');
    const unusedHero = await upload('hero');
    const code = await agent.post('/api/qr-codes').send({
      title: 'Spring fair',
      linkType: 'landing',
      landingPage: { title: 'Spring fair', logoUrl: usedLogo },
    });
    expect(code.status).toBe(201);

    // Within the grace period nothing is even looked at.
    expect(await sweeper().sweep()).toEqual([]);
    expect(await exists(orphanUpload)).toBe(true);

    // A day later: what nothing references goes, the rest stays.
    offset = DAY + 60_000;
    const deleted = await sweeper().sweep();
    const heroFiles = deleted.filter((id) => id.startsWith('qr-hero-'));
    expect(heroFiles).toHaveLength(7);
    expect(deleted.sort()).toEqual(
      [orphanUpload, leftoverPart, unusedLogo.replace('/qr-images/', ''), ...heroFiles].sort(),
    );
    for (const id of deleted) expect(await exists(id)).toBe(false);
    expect(await exists(pictureFile)).toBe(true);
    expect(await exists(`${pictureFile}.preview.webp`)).toBe(true);
    expect((await request(server().url).get(usedLogo)).status).toBe(200);
    expect((await request(server().url).get(unusedHero)).status).toBe(404);

    // The account's allowance no longer counts the deleted uploads.
    const uploads = await server().platform.eventStore.readStream(qrUploadsStream(userId));
    expect(uploads.at(-1)).toMatchObject({
      type: 'QrImagesDiscarded',
      data: { userId, paths: expect.arrayContaining([unusedLogo, unusedHero]) },
    });
    expect((uploads.at(-1)?.data as { paths?: string[] } | undefined)?.paths).toHaveLength(2);

    // Nothing left to sweep.
    expect(await sweeper().sweep()).toEqual([]);
  }, 180_000);

  it('two sweeps at once (two worker processes): the orphan is deleted once, and both end', async () => {
    const orphan = `gen-${newId()}-original.png`;
    await server().platform.blobs.put(orphan, Buffer.from('x'), 'image/png');
    offset += DAY + 60_000;
    const results = await Promise.all([sweeper().sweep(), sweeper().sweep()]);
    expect(results.map((ids) => ids.includes(orphan)).sort()).toEqual([false, true]);
    expect(await exists(orphan)).toBe(false);
  });

  it('leaves generations’ files alone while the generations read model is behind the log', async () => {
    const generations = server().projectors.find((p) => p.projection.name === 'generations');
    await generations?.stop();
    const orphan = `gen-${newId()}-original.png`;
    await server().platform.blobs.put(orphan, Buffer.from('x'), 'image/png');
    // The log moves on without the stopped projection.
    const agent = request.agent(server().url);
    expect(
      (
        await agent
          .post('/api/register')
          .send({ name: 'Lee', email: 'behind@example.com', password: 'secret12' })
      ).status,
    ).toBe(201);
    offset += DAY + 60_000;
    expect(await sweeper().sweep()).not.toContain(orphan);
    expect(await exists(orphan)).toBe(true);
    await generations?.start();
    expect(await sweeper().sweep()).toContain(orphan);
  }, 60_000);
});
