import { generationStream } from '@studio/events';
import { member } from '../testing/givens';
import { submitGen2 } from '../testing/reader-books';
import { eventually, useEmbeddedServer } from '../testing/test-runtime';

/** Gen 2.0 in My Books: while the chosen outline is written the book reads "In progress (book creation)". */
describe('Gen 2.0 book status', () => {
  const server = useEmbeddedServer();

  it('once an outline is chosen, the book phase runs as book creation, never outline creation again', async () => {
    const { agent, userId } = await member(server(), 'gen2-status@example.com', { plan: 'standard' });
    const bookId = await submitGen2(agent, userId);
    const status = async () =>
      ((await agent.get(`/api/airtable/books/${userId}`)).body as Array<{ id: string; status: string }>).find(
        (b) => b.id === bookId,
      )?.status;
    await eventually(async () => ((await status()) === 'Outline finished' ? true : undefined));
    await agent
      .post('/api/non-fiction-gen2/generate-book')
      .send({ outlineId: bookId, userId, outlineIndex: 0 })
      .expect(200);
    const seen = new Set<string>();
    await eventually(async () => {
      const now = (await status()) as string;
      seen.add(now);
      return now === 'Done' ? true : undefined;
    }, 120_000);
    expect([...seen].filter((s) => s !== 'Done' && s !== 'In progress (book creation)')).toEqual([]);
    // The book phase was claimed as the book phase (its status is book creation while it runs).
    const phases = (await server().platform.eventStore.readStream(generationStream(bookId)))
      .filter((e) => e.type === 'GenerationStarted')
      .map((e) => (e.data as { phase: string }).phase);
    expect(phases).toEqual(['main', 'book']);
  }, 180_000);
});
