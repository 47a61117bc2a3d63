import sharp from 'sharp';
import { createOfflineProvider } from '../ai/offline';
import { type GeneratorTools, unrecordedParts } from './generator';
import { coloringPage, imageEdit, imageV2 } from './images';

/** Output checks: PNG density and size read back with sharp; coloring pages only black and white. */
const tools = (blobs: Record<string, Buffer> = {}): GeneratorTools => ({
  ai: createOfflineProvider(),
  signal: new AbortController().signal,
  progress: async () => {},
  readBlob: async (id) => blobs[id] ?? Buffer.alloc(0),
  parts: unrecordedParts,
});
const job = <K extends 'coloring-page' | 'image-v2' | 'image-edit'>(kind: K, input: unknown) =>
  // biome-ignore lint/suspicious/noExplicitAny: the test builds each kind's job by hand
  ({ generationId: 'g', kind, phase: 'main' as const, input }) as any;

describe('image outputs people can print', () => {
  it('a coloring page is an 8.5 × 11 in page at 300 DPI with only black and white pixels, drawn from its traced vectors', async () => {
    const out = await coloringPage(job('coloring-page', { prompt: 'a cat with a ball of yarn' }), tools());
    const file = out.files[0]!;
    expect(file).toMatchObject({ role: 'image', contentType: 'image/png', extension: 'png' });
    expect(await sharp(file.data).metadata()).toMatchObject({
      format: 'png',
      width: 2550,
      height: 3300,
      channels: 1,
      density: 300,
    });
    const { data } = await sharp(file.data).raw().toBuffer({ resolveWithObject: true });
    const inks = new Set(data);
    expect([...inks].sort((a, b) => a - b)).toEqual([0, 255]);
    // The vectors are kept beside it: paths, and no raster image inside.
    const svg = out.files.find((f) => f.role === 'image-svg');
    expect(svg).toMatchObject({ contentType: 'image/svg+xml', extension: 'svg' });
    const text = svg!.data.toString('utf8');
    expect(text).toMatch(/<path /);
    expect(text).not.toMatch(/<image|data:image/);
  });

  it('an image v2 picture is a 1024 px square PNG at 300 DPI', async () => {
    const out = await imageV2(job('image-v2', { prompt: 'a rocket over the sea' }), tools());
    expect(await sharp(out.files[0]!.data).metadata()).toMatchObject({
      format: 'png',
      width: 1024,
      height: 1024,
      density: 300,
    });
  });

  it('an edit keeps the original size, is a PNG at 300 DPI, and points at the original', async () => {
    const original = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#cc6633' } })
      .png()
      .toBuffer();
    const out = await imageEdit(
      job('image-edit', { prompt: 'add snow', originalBlobId: 'gen-x-original.png' }),
      tools({ 'gen-x-original.png': original }),
    );
    expect(await sharp(out.files[0]!.data).metadata()).toMatchObject({
      format: 'png',
      width: 640,
      height: 480,
      density: 300,
      // Opaque: RGB, no alpha channel the picture does not use.
      channels: 3,
      hasAlpha: false,
    });
    expect(out.result).toEqual({ originalBlobId: 'gen-x-original.png' });
  });
});
