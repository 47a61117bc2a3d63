import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { caption } from './drawing';
import { effectsIn } from './edits';
import { motifFor, motifsIn } from './motifs';
import { createOfflineProvider, offlineText } from './offline';

const signal = new AbortController().signal;

/** Counts pure black, pure white and other pixels of a PNG. */
async function inks(png: Buffer) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let black = 0;
  let white = 0;
  let other = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const values = Array.from(data.subarray(i, i + info.channels));
    if (values.every((v) => v === 0)) black++;
    else if (values.every((v) => v === 255)) white++;
    else other++;
  }
  return { black, white, other, info };
}

/** The share of rows holding ink that repeat the row above: high for a nearest-neighbour enlargement. */
async function repeatedInkRows(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  let inked = 0;
  let same = 0;
  for (let y = 1; y < info.height; y++) {
    const row = data.subarray(y * info.width, (y + 1) * info.width);
    if (!row.some((v) => v < 128)) continue;
    inked++;
    if (Buffer.compare(row, data.subarray((y - 1) * info.width, y * info.width)) === 0) same++;
  }
  return same / inked;
}

describe('offline provider', () => {
  const provider = createOfflineProvider();

  it('draws a coloring picture as pure black line art on white, at 300 DPI', async () => {
    const png = await provider.image('a friendly dragon in a garden', { style: 'coloring', signal });
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1024, height: 1024, density: 300 });
    const { black, white, other } = await inks(png);
    expect(other).toBe(0);
    expect(black / (black + white)).toBeGreaterThan(0.03);
    expect(white / (black + white)).toBeGreaterThan(0.6);
  });

  it('picks the motif of the subject the prompt names first, else a mandala', () => {
    expect(motifFor('A sleepy cat on a sofa').name).toBe('cat');
    expect(motifFor('Whales and a dragon').name).toBe('fish');
    expect(motifFor('A rocket to the moon').name).toBe('rocket');
    expect(motifFor('Owls at night').name).toBe('bird');
    expect(motifFor('geometric patterns').name).toBe('mandala');
  });

  it('draws different subjects differently, and the same prompt the same way', async () => {
    const a = await provider.image('owls', { style: 'coloring', signal });
    const b = await provider.image('owls', { style: 'coloring', signal });
    const c = await provider.image('whales', { style: 'coloring', signal });
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
  });

  it('colours illustrations', async () => {
    const png = await provider.image('a sunny beach house', { style: 'illustration', signal });
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let coloured = 0;
    for (let i = 0; i < data.length; i += info.channels) {
      if (data[i] !== data[i + 1] || data[i + 1] !== data[i + 2]) coloured++;
    }
    expect(coloured).toBeGreaterThan(10_000);
  });

  it('badges an illustration as a demo in its bottom left corner, and leaves line art without words', async () => {
    const corner = { left: 40, top: 910, width: 200, height: 75 };
    const illustration = await provider.image('a house on a hill', { style: 'illustration', signal });
    const { data } = await sharp(illustration)
      .extract(corner)
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    // The badge: a white tag with DEMO drawn in black strokes.
    expect(data.filter((v) => v < 40).length).toBeGreaterThan(400);
    expect(data.filter((v) => v > 240).length).toBeGreaterThan(2000);
    const coloring = await provider.image('geometric patterns', { style: 'coloring', signal });
    const { black } = await inks(await sharp(coloring).extract(corner).png().toBuffer());
    expect(black).toBe(0);
  });

  it('draws the shape asked for: a portrait page, a landscape kids frame', async () => {
    for (const size of [
      { width: 750, height: 1000 },
      { width: 1293, height: 862 },
    ]) {
      const png = await provider.image('a fox in a meadow', { style: 'illustration', signal, size });
      expect(await sharp(png).metadata()).toMatchObject(size);
    }
  });

  it('draws a coloring book’s designs from every subject the prompt names, each one different', async () => {
    const prompt = 'Cozy woodland animals: foxes, owls, hedgehogs and rabbits in a forest';
    expect(motifsIn(prompt).map((m) => m.name)).toEqual(['fox', 'bird', 'hedgehog', 'rabbit', 'tree']);
    const designs = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        provider.image(`${prompt} (design ${i + 1})`, {
          style: 'coloring',
          signal,
          size: { width: 300, height: 400 },
        }),
      ),
    );
    const distinct = new Set(designs.map((d) => createHash('sha256').update(d).digest('hex')));
    expect(distinct.size).toBe(10);
    // Design 1 and design 6 are both the fox, in another setting and facing the other way.
    expect(designs[0]?.equals(designs[5] as Buffer)).toBe(false);
  });

  it('composes a one-subject coloring book in different scenes: more of its kind, placed and tilted otherwise', async () => {
    const designs = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        provider.image(`Cute cats (design ${i + 1})`, {
          style: 'coloring',
          signal,
          size: { width: 750, height: 1000 },
        }),
      ),
    );
    const thumbs = await Promise.all(
      designs.map((d) => sharp(d).greyscale().resize(64, 64, { fit: 'fill' }).raw().toBuffer()),
    );
    // Mean grey difference of every pair of designs at 64 px: near-copies (one cat, centred, in
    // another setting) differ by about 1%.
    let least = 1;
    for (let a = 0; a < thumbs.length; a++)
      for (let b = a + 1; b < thumbs.length; b++) {
        let sum = 0;
        for (let i = 0; i < 64 * 64; i++) sum += Math.abs((thumbs[a]?.[i] ?? 0) - (thumbs[b]?.[i] ?? 0));
        least = Math.min(least, sum / (64 * 64) / 255);
      }
    expect(least).toBeGreaterThan(0.014);
  });

  it('draws the kids book character on the page, in colours from the photo, never the photo itself', async () => {
    const photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#c08060' } })
      .jpeg()
      .toBuffer();
    const character = await provider.character(
      { name: 'Mia', gender: 'girl', story: 'a walk', image: photo },
      { signal },
    );
    expect(character.look).toMatchObject({ skin: expect.stringMatching(/^#(b|c)[0-9a-f]{5}$/) });
    const look = character.look as NonNullable<typeof character.look>;
    const page = { style: 'illustration' as const, signal, size: { width: 1500, height: 1000 } };
    const count = async (png: Buffer, colour: string) => {
      const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16));
      let n = 0;
      for (let i = 0; i < data.length; i += 3)
        if (
          Math.abs((data[i] as number) - (r as number)) +
            Math.abs((data[i + 1] as number) - (g as number)) +
            Math.abs((data[i + 2] as number) - (b as number)) <
          6
        )
          n += 1;
      return n;
    };
    const withChild = await provider.image('Mia in the garden', { ...page, character });
    const without = await provider.image('Mia in the garden', page);
    // The child's face and outfit: thousands of pixels of each, none without the character.
    for (const colour of [look.skin, look.outfit]) {
      expect(await count(withChild, colour)).toBeGreaterThan(5_000);
      expect(await count(without, colour)).toBeLessThan(500);
    }
  });

  it('draws the main subject of an image prompt: a lighthouse for a lighthouse', () => {
    expect(motifFor('watercolor lighthouse on a rocky coast, book cover').name).toBe('lighthouse');
    expect(motifFor('A fox in the snow').name).toBe('fox');
  });

  it('draws at the size asked for, as vectors: a coloring page at print size is one grey channel with smooth curves', async () => {
    const png = await provider.image('a friendly fox', {
      style: 'coloring',
      signal,
      size: { width: 2250, height: 3000 },
    });
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ width: 2250, height: 3000, channels: 1, density: 300 });
    // A nearest-neighbour enlargement repeats most inked rows (stairs); a drawing at size does not.
    expect(await repeatedInkRows(png)).toBeLessThan(0.35);
    const small = await provider.image('a friendly fox', { style: 'coloring', signal });
    const enlarged = await sharp(small).resize(2250, 3000, { kernel: 'nearest' }).png().toBuffer();
    expect(await repeatedInkRows(enlarged)).toBeGreaterThan(0.5);
  });

  it('leaves an illustration without a frame: it runs to its edges (a kids page bleeds)', async () => {
    const png = await provider.image('a house on a hill', {
      style: 'illustration',
      signal,
      size: { width: 1024, height: 1024 },
    });
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    // No dark line along any edge, 0 to 60 px in (where the old frame stood at 22 px).
    for (let d = 0; d < 60; d++) {
      let dark = 0;
      for (let x = 0; x < info.width; x++) if ((data[(d * info.width + x) * 3] ?? 255) < 60) dark++;
      expect(dark / info.width).toBeLessThan(0.5);
    }
  });

  it.each([
    ['vintage sepia with a vignette', 'sepia'],
    ['make it black and white', 'grayscale'],
    ['blur the background a little', 'blur-background'],
    ['brighter, please', 'brighten'],
    ['a white background', { background: '#ffffff' }],
  ])('reads the edit “%s” as %j', (prompt, effect) => {
    expect(effectsIn(prompt)).toContainEqual(effect);
  });

  it('applies the effects asked for with sharp: sepia, grayscale, blur, brighten, background', async () => {
    const original = await provider.image('a fox in a meadow', {
      style: 'illustration',
      signal,
      size: { width: 400, height: 400 },
    });
    // The label bands cover the top and bottom strips; the middle of the picture is the edit.
    const region = { left: 40, top: 140, width: 320, height: 160 };
    const middle = (png: Buffer, area = region) => sharp(png).extract(area).removeAlpha().raw().toBuffer();
    /** Mean and standard deviation of each channel in an area (read from the pixels themselves). */
    const stats = async (png: Buffer, area = region) => {
      const data = await middle(png, area);
      return [0, 1, 2].map((c) => {
        const values = data.filter((_, i) => i % 3 === c);
        const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
        const stdev = Math.sqrt(values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length);
        return { mean, stdev };
      });
    };
    const before = await stats(original);

    const grey = await middle(await provider.editImage(original, 'make it black and white', { signal }));
    for (let i = 0; i < grey.length; i += 3) expect(grey[i]).toBe(grey[i + 2]);

    const sepia = await stats(await provider.editImage(original, 'old-fashioned sepia', { signal }));
    expect(sepia[0]?.mean).toBeGreaterThan((sepia[2]?.mean ?? 0) + 20);

    const bright = await stats(await provider.editImage(original, 'brighten it', { signal }));
    expect(bright[0]?.mean).toBeGreaterThan((before[0]?.mean ?? 0) + 5);

    const blurred = await stats(await provider.editImage(original, 'blur it', { signal }));
    expect(blurred[0]?.stdev).toBeLessThan((before[0]?.stdev ?? 0) - 1);

    const corner = { left: 5, top: 330, width: 20, height: 20 };
    const white = await stats(
      await provider.editImage(original, 'make the background white', { signal }),
      corner,
    );
    expect(white.map((c) => Math.round(c.mean))).toEqual([255, 255, 255]);
    expect((await stats(original, corner))[0]?.mean).toBeLessThan(250);
    // Six pictures through sharp: seconds on a busy two-core machine.
  }, 30_000);

  it('edits any image sharp reads (here a JPEG) visibly, keeps its size, and answers PNG', async () => {
    const original = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366cc' } })
      .jpeg()
      .toBuffer();
    const edited = await provider.editImage(original, 'make it warmer', { signal });
    expect(await sharp(edited).metadata()).toMatchObject({ format: 'png', width: 300, height: 200 });
    const before = await sharp(original).stats();
    const after = await sharp(edited).stats();
    expect(after.channels[0]?.mean).not.toBeCloseTo(before.channels[0]?.mean ?? 0, 0);
  });

  it('labels text as an offline sample', () => {
    expect(offlineText('bees')).toMatch(/offline sample/i);
  });

  it('honours an abort', async () => {
    const slow = createOfflineProvider({ delayMs: 10_000 });
    const controller = new AbortController();
    const pending = slow.image('x', { style: 'coloring', signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow('aborted');
  });
});

describe("the demo band's caption", () => {
  it('keeps a prompt that fits, and cuts a long one after a word that carries meaning, with an ellipsis', () => {
    expect(caption('Offline demo: a fox', 34)).toBe('Offline demo: a fox');
    const cut = caption("Offline demo: Mia, a girl, in a children's book", 33);
    expect(cut).toBe('Offline demo: Mia, a girl…');
    expect(cut.length).toBeLessThanOrEqual(33);
  });
});
