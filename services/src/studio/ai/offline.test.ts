import sharp from 'sharp';
import { motifFor } from './motifs';
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

  it('labels every drawing as a demo: the label band holds ink that the same scene without it lacks', async () => {
    const png = await provider.image('geometric patterns', { style: 'coloring', signal });
    // The band sits in the bottom tenth of the picture, left side: DEMO drawn in strokes.
    const band = await sharp(png).extract({ left: 60, top: 880, width: 200, height: 90 }).png().toBuffer();
    const { black } = await inks(band);
    expect(black).toBeGreaterThan(500);
  });

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
