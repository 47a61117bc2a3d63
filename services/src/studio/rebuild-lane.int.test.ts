import type { BlobStore } from '../platform/blobs/port';
import { member } from '../testing/givens';
import { eventually, useEmbeddedServer } from '../testing/test-runtime';

/**
 * A blob store whose reads of the ids `hold.pattern` matches wait until `hold.release()`: a
 * rebuild reading its book's pictures stays running for as long as the test likes.
 */
function holdingReads(
  inner: BlobStore,
  hold: { pattern?: RegExp; reached: number; waiting: (() => void)[] },
) {
  return {
    ...inner,
    list: (before: Date) => inner.list(before),
    async get(id: string) {
      if (hold.pattern?.test(id)) {
        hold.reached += 1;
        await new Promise<void>((resolve) => hold.waiting.push(resolve));
      }
      return inner.get(id);
    },
  } satisfies BlobStore;
}

/**
 * Free rebuilds run on a lane of their own: with one worker slot for paid jobs
 * (WORKER_CONCURRENCY=1), a rebuild that keeps running never delays another user's paid job.
 */
describe('book rebuilds beside paid jobs', () => {
  const hold: { pattern?: RegExp; reached: number; waiting: (() => void)[] } = { reached: 0, waiting: [] };
  const server = useEmbeddedServer({ WORKER_CONCURRENCY: '1' }, () => ({
    wrapEngines: (engines) => ({ ...engines, blobs: holdingReads(engines.blobs, hold) }),
  }));
  afterAll(() => {
    for (const release of hold.waiting) release();
  });

  const signUp = (email: string) => member(server(), email, { plan: 'standard' });

  it('another user’s coloring page is made while a book’s rebuild holds its lane', async () => {
    const author = await signUp('lane-author@example.com');
    const made = await author.agent
      .post('/api/generate-coloring-book')
      .send({ prompt: 'Cozy woodland animals', bookLength: 10, userId: author.userId });
    expect(made.status).toBe(202);
    const bookId = made.body.bookId as string;
    const book = async () =>
      (
        (await author.agent.get(`/api/airtable/books/${author.userId}`)).body as Array<Record<string, string>>
      ).find((b) => b.id === bookId);
    await eventually(async () => ((await book())?.status === 'Done' ? true : undefined), 120_000);

    // The rebuild reads the book's first design and waits there.
    hold.pattern = new RegExp(`^gen-${bookId}-page-1-svg\\.`);
    expect((await author.agent.patch(`/api/books/${bookId}`).send({ title: 'Forest Friends' })).status).toBe(
      202,
    );
    await eventually(async () => (hold.reached > 0 ? true : undefined), 60_000);

    const other = await signUp('lane-other@example.com');
    const page = await other.agent
      .post('/api/generate-coloring-book-page')
      .send({ prompt: 'A happy fox', userId: other.userId });
    expect(page.status).toBe(202);
    await eventually(async () => {
      const list = (await other.agent.get(`/api/coloring-book-generations/${other.userId}`)).body as Array<{
        id: string;
        generationStatus: string;
      }>;
      return list.find((x) => x.id === page.body.generationId)?.generationStatus === 'completed'
        ? true
        : undefined;
    }, 60_000);
    // The rebuild was still running all along; let it finish.
    expect((await book())?.status).not.toBe('Done');
    hold.pattern = undefined;
    for (const release of hold.waiting.splice(0)) release();
    await eventually(
      async () =>
        (await book())?.status === 'Done' && (await book())?.title === 'Forest Friends' ? true : undefined,
      60_000,
    );
  }, 300_000);
});
