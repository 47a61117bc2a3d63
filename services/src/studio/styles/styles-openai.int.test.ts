import { type GenerationStatus, isFinished } from '@studio/events';
import sharp from 'sharp';
import type request from 'supertest';
import { member } from '../../testing/givens';
import { eventually, useServerWithFakeOpenAi } from '../../testing/test-runtime';

/**
 * What a style does to the requests the image model receives, read from the fake OpenAI server's
 * record: a preset's words replace the default look, a saved style's words and reference picture
 * go with the prompt, an edit is asked in the style, and an unknown preset never reaches it.
 */
describe('styles reach the image model', () => {
  const { server, fake } = useServerWithFakeOpenAi();

  const png = (colour: string) =>
    sharp({ create: { width: 96, height: 96, channels: 3, background: colour } })
      .png()
      .toBuffer();
  const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;
  /** The prompts the model was sent since `from`, with the kind of call. */
  const asked = (from: number) =>
    fake()
      .seen.slice(from)
      .filter((s) => s.kind === 'image' || s.kind === 'edit')
      .map((s) => ({ kind: s.kind, body: s.body.toString('latin1') }));
  const finished = (agent: request.Agent, list: string, id: string) =>
    eventually(async () => {
      const items = (await agent.get(list)).body as Array<{ id: string; generationStatus: GenerationStatus }>;
      const item = items.find((i) => i.id === id);
      return item && isFinished(item.generationStatus) ? item : undefined;
    }, 30_000);

  /** What the model was asked for `body` posted to `path` (202), once the job listed at `list` is done. */
  const askedFor = async (agent: request.Agent, path: string, body: object, list: string) => {
    const from = fake().seen.length;
    const res = await agent.post(path).send(body);
    expect(res.status).toBe(202);
    await finished(agent, list, res.body.generationId);
    return asked(from);
  };

  it('asks an illustration in the preset chosen instead of the default look, and the default without one', async () => {
    const { agent, userId } = await member(server(), 'preset-openai@example.com', { credits: 30 });
    const images = `/api/image-generations-v2/${userId}`;
    const [watercolour] = await askedFor(
      agent,
      '/api/generate-image-v2',
      { prompt: 'a lighthouse at dusk', style: 'watercolour' },
      images,
    );
    expect(watercolour?.kind).toBe('image');
    expect(watercolour?.body).toContain('Art style: a soft watercolour painting');
    expect(watercolour?.body).toContain('a lighthouse at dusk');
    expect(watercolour?.body).not.toContain('A warm, detailed, colourful illustration');

    const [plain] = await askedFor(
      agent,
      '/api/generate-image-v2',
      { prompt: 'a lighthouse at dusk' },
      images,
    );
    expect(plain?.body).toContain('A warm, detailed, colourful illustration');
    expect(plain?.body).not.toContain('Art style');
  });

  it('an unknown preset is refused before the model is asked or a credit spent', async () => {
    const { agent } = await member(server(), 'unknown-openai@example.com', { credits: 10 });
    const res = await agent.post('/api/generate-image-v2').send({ prompt: 'a fox', style: 'oil-on-velvet' });
    expect(res.status).toBe(400);
    // Nothing was requested, so no job exists that could still call the model.
    expect((await agent.get('/api/user')).body.credits).toBe(10);
    expect(res.body.message).toBe('Choose one of the styles offered.');
  });

  it('a saved style sends its words and its reference picture; an edit is redrawn in a preset', async () => {
    const { agent, userId } = await member(server(), 'saved-openai@example.com', { plan: 'premium' });
    const { body: style } = await agent.post('/api/styles').send({
      name: 'Ink garden',
      description: 'Thick brush ink outlines with a single coral accent colour',
      referenceImage: dataUrl(await png('#ff7f50')),
    });
    const [call] = await askedFor(
      agent,
      '/api/generate-image-v2',
      { prompt: 'a heron', style: `saved:${style.id}` },
      `/api/image-generations-v2/${userId}`,
    );
    // The reference goes as the edit's picture, the style's words with the prompt.
    expect(call?.kind).toBe('edit');
    expect(call?.body).toContain('"Ink garden": Thick brush ink outlines with a single coral accent colour');
    expect(call?.body).toContain('Follow the manner of the style reference picture');
    expect(call?.body).toContain('filename="style.png"');

    const [edited] = await askedFor(
      agent,
      '/api/edit-image',
      { prompt: 'add a red hat', originalImageUrl: dataUrl(await png('#3366cc')), style: 'pencil' },
      `/api/image-editor-generations/${userId}`,
    );
    expect(edited?.kind).toBe('edit');
    expect(edited?.body).toContain('add a red hat');
    expect(edited?.body).toContain('Redraw the result as a hand-drawn graphite pencil sketch');
  });
});
