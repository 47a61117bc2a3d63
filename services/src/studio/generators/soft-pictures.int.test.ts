import type { Embedded } from '../../main/embedded';
import { member } from '../../testing/givens';
import { kidsBookForm } from '../../testing/reader-books';
import { eventually, useEmbeddedServer } from '../../testing/test-runtime';
import { createOfflineProvider } from '../ai/offline';
import type { AiProvider } from '../ai/provider';

/**
 * A book whose pictures hold less than 150 ppi of real detail where they are printed is not Done:
 * it fails with the reason and its credits back. One whose model draws the frame's shape at its
 * largest size (1536 × 1024 for a kids page: 178 ppi) is Done.
 */
async function kidsBook(server: Embedded, email: string) {
  const { agent, userId } = await member(server, email, { credits: 100 });
  const submitted = await kidsBookForm(agent, userId, {
    description: 'Mia finds a lost star in her garden and helps it home',
    name: 'Mia',
    gender: 'girl',
  });
  expect(submitted.status).toBe(202);
  const book = await eventually(async () => {
    const list = await agent.get(`/api/airtable/books/${userId}`);
    const found = list.body.find((b: { id: string }) => b.id === submitted.body.bookId);
    return found?.status === 'Done' || found?.status === 'ERROR' ? found : undefined;
  }, 120_000);
  const credits = await eventually(async () => {
    const me = (await agent.get('/api/user')).body as { credits: number };
    return book.status === 'Done' || me.credits === 100 ? me.credits : undefined;
  });
  return { book, credits };
}

/** A model that answers every picture at `size`, whatever the frame asks. */
const drawingAt = (size: { width: number; height: number }): AiProvider => {
  const offline = createOfflineProvider();
  return { ...offline, image: (prompt, options) => offline.image(prompt, { ...options, size }) };
};

describe('a kids book from a model that draws 768 × 512 px', () => {
  const server = useEmbeddedServer({}, { ai: drawingAt({ width: 768, height: 512 }) });

  it('fails, says why, and gives the credits back', async () => {
    const { book, credits } = await kidsBook(server(), 'soft@example.com');
    expect(book.status).toBe('ERROR');
    expect(book.error).toMatch(/a picture holds 89 ppi of real detail \(768 × 512 source pixels/);
    expect(credits).toBe(100);
  }, 150_000);
});

describe("a kids book from a model that draws the frame's shape at 1536 × 1024 px", () => {
  const server = useEmbeddedServer({}, { ai: drawingAt({ width: 1536, height: 1024 }) });

  it('is Done', async () => {
    const { book, credits } = await kidsBook(server(), 'crisp@example.com');
    expect(book.status).toBe('Done');
    expect(credits).toBe(0);
  }, 150_000);
});
