import { PNG } from 'pngjs';
import { createOfflineProvider, offlineText } from './offline';

const signal = new AbortController().signal;

describe('offline provider', () => {
  const provider = createOfflineProvider();

  it('renders a real PNG coloring page: black line art on white', async () => {
    const png = await provider.image('a friendly dragon in a garden', { style: 'coloring', signal });
    expect(png.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
    const decoded = PNG.sync.read(png);
    expect(decoded.width).toBe(1024);
    let black = 0;
    let white = 0;
    let other = 0;
    for (let i = 0; i < decoded.data.length; i += 4) {
      const [r, g, b] = [decoded.data[i], decoded.data[i + 1], decoded.data[i + 2]];
      if (r === 0 && g === 0 && b === 0) black++;
      else if (r === 255 && g === 255 && b === 255) white++;
      else other++;
    }
    // Line art: only ink and paper, with a fair amount of both.
    expect(other).toBe(0);
    expect(black / (black + white)).toBeGreaterThan(0.03);
    expect(white / (black + white)).toBeGreaterThan(0.6);
  });

  it('is deterministic for a prompt and differs between prompts', async () => {
    const a = await provider.image('owls', { style: 'coloring', signal });
    const b = await provider.image('owls', { style: 'coloring', signal });
    const c = await provider.image('whales', { style: 'coloring', signal });
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
  });

  it('colours illustrations', async () => {
    const decoded = PNG.sync.read(await provider.image('a sunny beach', { style: 'illustration', signal }));
    let coloured = 0;
    for (let i = 0; i < decoded.data.length; i += 4) {
      if (decoded.data[i] !== decoded.data[i + 1] || decoded.data[i + 1] !== decoded.data[i + 2]) coloured++;
    }
    expect(coloured).toBeGreaterThan(10_000);
  });

  it('edits a PNG visibly and keeps its size', async () => {
    const original = await provider.image('a cat', { style: 'illustration', signal });
    const edited = await provider.editImage(original, 'make it blue', { signal });
    const a = PNG.sync.read(original);
    const b = PNG.sync.read(edited);
    expect([b.width, b.height]).toEqual([a.width, a.height]);
    expect(edited.equals(original)).toBe(false);
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
