import { TOOL_SCHEMAS } from '@studio/events';
import sharp from 'sharp';
import { solidPicture } from '../../testing/pictures';
import { createOfflineProvider } from '../ai/offline';
import { artStyleOf, PRESET_STYLES } from './art-style';

/** The offline drawings in a style, read back as pixels, and the request field's refusals. */
describe('art styles offline', () => {
  const ai = createOfflineProvider();
  const signal = new AbortController().signal;
  const noBlobs = async (id: string): Promise<Buffer> => {
    throw new Error(`no blob ${id}`);
  };
  const meanColour = async (png: Buffer) =>
    (await sharp(png).removeAlpha().stats()).channels.map((c) => Math.round(c.mean));
  const saturation = async (png: Buffer) => {
    const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let sum = 0;
    for (let i = 0; i < data.length; i += 3)
      sum +=
        Math.max(data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0) -
        Math.min(data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0);
    return sum / (data.length / 3);
  };

  it('every preset draws the same picture in its own colours', async () => {
    const plain = await meanColour(await ai.image('a fox in a forest', { style: 'illustration', signal }));
    const looks = await Promise.all(
      Object.values(PRESET_STYLES).map(async (artStyle) =>
        (
          await meanColour(await ai.image('a fox in a forest', { style: 'illustration', signal, artStyle }))
        ).join(),
      ),
    );
    expect(new Set([plain.join(), ...looks]).size).toBe(looks.length + 1);
  });

  it('a coloring page stays black and white line art whatever the style', async () => {
    const plain = await ai.image('a fox', { style: 'coloring', signal });
    const comic = await ai.image('a fox', { style: 'coloring', signal, artStyle: PRESET_STYLES.comic });
    expect(comic.equals(plain)).toBe(true);
  });

  it('an edit in pencil is grey, in watercolour it keeps colour', async () => {
    const photo = await solidPicture(200, 150, '#d04020');
    const pencil = await ai.editImage(photo, 'brighter', { signal, artStyle: PRESET_STYLES.pencil });
    const watercolour = await ai.editImage(photo, 'brighter', {
      signal,
      artStyle: PRESET_STYLES.watercolour,
    });
    expect(await saturation(pencil)).toBeLessThan(5);
    expect(await saturation(watercolour)).toBeGreaterThan(20);
  });

  it('a saved style draws in its reference picture’s colours, and keeps its words when the picture is gone', async () => {
    const reference = await solidPicture(40, 20, '#1e90ff');
    const choice = {
      savedStyleId: 'x',
      name: 'Blue',
      description: 'All blue, all the time',
      referenceBlobId: 'style-x.png',
    };
    const withPicture = await artStyleOf(choice, async () => reference);
    expect(withPicture?.palette.every((c) => c === '#1e90ff')).toBe(true);
    expect(withPicture?.reference).toBe(reference);
    const gone = await artStyleOf(choice, noBlobs);
    expect(gone?.words).toBe('"Blue": All blue, all the time');
    expect(gone?.reference).toBeUndefined();
    expect(await artStyleOf(undefined, noBlobs)).toBeUndefined();
  });

  it.each(['comic', 'none', undefined, `saved:${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`])(
    'takes %s as a style',
    async (style) => {
      await expect(TOOL_SCHEMAS['image-v2'].validate({ prompt: 'x', style })).resolves.toBeTruthy();
    },
  );
  it.each(['oil-on-velvet', 'saved:not-an-id', 'Comic', 'comic\u0000', 42])(
    'refuses %p as a style',
    async (style) => {
      await expect(TOOL_SCHEMAS['kids-book'].validateAt('style', { style })).rejects.toThrow();
    },
  );
});
