import sharp from 'sharp';
import { normaliseUploadedImage, sniffImageFormat, TOO_LARGE } from './uploads';

const frame = (background: string) =>
  sharp({ create: { width: 60, height: 50, channels: 3, background } })
    .png()
    .toBuffer();
const animatedGif = async (frames: number) =>
  sharp(await Promise.all(Array.from({ length: frames }, (_, i) => frame(i % 2 ? '#000000' : '#ffffff'))), {
    join: { animated: true },
  })
    .gif()
    .toBuffer();
const dataUrl = (bytes: Buffer) => `data:image/gif;base64,${bytes.toString('base64')}`;

/** The pixel limit counts every frame of an animation (the HTTP tests cover the other bad uploads). */
describe('uploaded animations', () => {
  it('an animation whose frames together pass the pixel limit is refused as too large', async () => {
    const gif = await animatedGif(4);
    expect((await sharp(gif).metadata()).pages).toBe(4);
    // 4 frames of 60 × 50 = 12 000 pixels; one frame alone (3 000) would pass a limit of 10 000.
    await expect(normaliseUploadedImage(dataUrl(gif), 10_000)).rejects.toThrow(TOO_LARGE);
  });

  it('an animation within the limit keeps its first frame, as a PNG', async () => {
    const png = await normaliseUploadedImage(dataUrl(await animatedGif(4)), 12_000);
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 60, height: 50 });
    expect(meta.pages ?? 1).toBe(1);
    const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBe(255); // the first frame is the white one
  });

  it('knows JPG, PNG, GIF and WebP by their bytes, and nothing else', async () => {
    const base = sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } });
    expect(sniffImageFormat(await base.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageFormat(await base.clone().png().toBuffer())).toBe('png');
    expect(sniffImageFormat(await base.clone().gif().toBuffer())).toBe('gif');
    expect(sniffImageFormat(await base.clone().webp().toBuffer())).toBe('webp');
    expect(sniffImageFormat(await base.clone().tiff().toBuffer())).toBeNull();
    expect(sniffImageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });
});
