import { member } from '../../testing/givens';
import { eventually, useServerWithFakeOpenAi } from '../../testing/test-runtime';

/**
 * Whole books in a style, against the fake OpenAI server: a kids book's pages and cover are asked
 * in it; a coloring book's designs stay line art and only its cover takes it.
 */
describe('styles in whole books', () => {
  const { server, fake } = useServerWithFakeOpenAi();

  /** The prompts the model was sent since `from`, with the kind of call. */
  const asked = (from: number) =>
    fake()
      .seen.slice(from)
      .filter((s) => s.kind === 'image' || s.kind === 'edit')
      .map((s) => ({ kind: s.kind, body: s.body.toString('latin1') }));
  /** The job's end, read from its own stream. */
  const ended = (generationId: string) =>
    eventually(async () => {
      const types = (await server().platform.eventStore.readStream(`generation-${generationId}`)).map(
        (e) => e.type,
      );
      return types.find((t) => t === 'GenerationCompleted' || t === 'GenerationFailed');
    }, 120_000);

  it('a kids book asks every page and its cover in the style; a coloring book only its cover', async () => {
    const { agent } = await member(server(), 'books-openai@example.com', { plan: 'premium' });
    const from = fake().seen.length;
    const kids = await agent.post('/api/generate-kids-book').send({
      storyDescription: 'A brave girl finds a lost kitten in the park and brings it home',
      characterName: 'Mia',
      characterGender: 'girl',
      style: 'clay',
    });
    expect(kids.status).toBe(202);
    expect(await ended(kids.body.generationId)).toBe('GenerationCompleted');
    const kidsPictures = asked(from);
    expect(kidsPictures).toHaveLength(25);
    for (const picture of kidsPictures) expect(picture.body).toContain('Art style: a claymation scene');

    const coloringFrom = fake().seen.length;
    const coloring = await agent
      .post('/api/generate-coloring-book')
      .send({ prompt: 'friendly dinosaurs', bookLength: 10, style: 'comic' });
    expect(coloring.status).toBe(202);
    expect(await ended(coloring.body.generationId)).toBe('GenerationCompleted');
    const coloringPictures = asked(coloringFrom);
    const designs = coloringPictures.filter((p) => p.body.includes('(design '));
    expect(designs).toHaveLength(10);
    for (const design of designs) {
      expect(design.body).toContain('Black and white line art');
      expect(design.body).not.toContain('comic book art');
    }
    const covers = coloringPictures.filter((p) =>
      p.body.includes('A cover illustration for the coloring book'),
    );
    expect(covers).toHaveLength(1);
    expect(covers[0]?.body).toContain('Art style: comic book art');
  }, 240_000);
});
