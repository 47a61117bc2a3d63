import { generationStream } from '@studio/events';
import sharp from 'sharp';
import type request from 'supertest';
import { member } from '../testing/givens';
import { kidsBookForm } from '../testing/reader-books';
import { eventually, useEmbeddedServer } from '../testing/test-runtime';
import { generationDecider } from './generation';
import { isResumable } from './job/resume';

/**
 * A failed job is refunded, and the storage it took goes with the credits: its upload and the
 * parts recorded for a resume are deleted, so the same credits cannot keep buying storage. Every
 * job here fails: its timeout is one millisecond.
 */
describe('the files of failed, refunded jobs', () => {
  const server = useEmbeddedServer({ GENERATION_TIMEOUT_MS: '1' });
  const photo = () =>
    sharp({
      create: {
        width: 768,
        height: 1024,
        channels: 3,
        background: '#777777',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();

  const signUp = (email: string, credits: number) => member(server(), email, { credits });
  /** Every blob of the generation still in the store. */
  const filesOf = async (generationId: string) => {
    const found: string[] = [];
    for await (const blob of server().platform.blobs.list(new Date(Date.now() + 60_000)))
      if (blob.id.startsWith(`gen-${generationId}-`)) found.push(blob.id);
    return found;
  };
  /** Waits for the refund, then for the files of the job to be gone; returns what the stream named. */
  const refundedAndCleared = async (agent: request.Agent, credits: number, generationId: string) => {
    await eventually(
      async () => ((await agent.get('/api/user')).body.credits === credits ? true : undefined),
      60_000,
    );
    const { state } = await server().platform.commands.load(
      generationStream(generationId),
      generationDecider,
    );
    expect(state.status).toBe('failed');
    await eventually(async () => ((await filesOf(generationId)).length === 0 ? true : undefined), 30_000);
    return state;
  };

  it('an image edit that fails: its original is deleted with the refund, and My Images shows none', async () => {
    const { agent, userId } = await signUp('failed-edit@example.com', 6);
    const res = await agent.post('/api/edit-image').send({
      prompt: 'make it sepia',
      originalImageUrl: `data:image/jpeg;base64,${(await photo()).toString('base64')}`,
      userId,
    });
    expect(res.status).toBe(202);
    const id = res.body.generationId as string;
    const state = await refundedAndCleared(agent, 6, id);
    const original = (state.request?.input as { originalBlobId?: string } | undefined)?.originalBlobId;
    expect(original).toBe(`gen-${id}-original.jpeg`);
    expect((await agent.get(`/api/files/${original}`)).status).toBe(404);
    const listed = (await agent.get(`/api/image-editor-generations/${userId}`)).body as Array<
      Record<string, unknown>
    >;
    expect(listed.find((r) => r.id === id)).toMatchObject({ originalImage: null, originalPreview: null });
  }, 120_000);

  it('a kids book that fails: its character photo goes with the refund, unless the book can be continued', async () => {
    const { agent, userId } = await signUp('failed-kids@example.com', 100);
    const res = await kidsBookForm(agent, userId).attach('characterImage', await photo(), {
      filename: 'pip.jpg',
      contentType: 'image/jpeg',
    });
    expect(res.status).toBe(202);
    const id = res.body.bookId as string;
    const upload = `gen-${id}-character.jpeg`;
    // How far a job gets in its millisecond varies: a book that recorded a part may be continued,
    // so it keeps the photo its pictures are drawn from (`job-files.ts`); one that made none does not.
    await eventually(
      async () => ((await agent.get('/api/user')).body.credits === 100 ? true : undefined),
      60_000,
    );
    const { state } = await server().platform.commands.load(generationStream(id), generationDecider);
    expect(state.status).toBe('failed');
    expect(
      (state.request?.input as { characterImageBlobId?: string } | undefined)?.characterImageBlobId,
    ).toBe(upload);
    if (isResumable(state)) {
      await server().settle();
      expect(await filesOf(id)).toContain(upload);
    } else await refundedAndCleared(agent, 100, id);
  }, 120_000);
});
