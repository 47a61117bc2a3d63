import sharp from 'sharp';
import { cleanImage, type UploadRule } from './image';
import { identifyImage } from './image-format';

const rule: UploadRule = { field: 'file', maxBytes: 1024 * 1024, jsonBytes: 0, tooLarge: 'too large' };
const base = () => sharp({ create: { width: 6, height: 4, channels: 3, background: '#123456' } });
const frame = (background: string) =>
  sharp({ create: { width: 60, height: 50, channels: 3, background } })
    .png()
    .toBuffer();
const animatedWebp = async (frames: number) =>
  sharp(await Promise.all(Array.from({ length: frames }, (_, i) => frame(i % 2 ? '#000000' : '#ffffff'))), {
    join: { animated: true },
  })
    .webp({ lossless: true })
    .toBuffer();

/** The HTTP tests (`main/uploads.int.test.ts`) cover the routes; these cover the pipeline's own rules. */
describe('the upload pipeline', () => {
  it('knows PNG, JPEG and WebP by their bytes, and nothing else', async () => {
    expect(identifyImage(await base().jpeg().toBuffer())).toBe('jpeg');
    expect(identifyImage(await base().png().toBuffer())).toBe('png');
    expect(identifyImage(await base().webp().toBuffer())).toBe('webp');
    expect(identifyImage(await base().gif().toBuffer())).toBeNull();
    expect(identifyImage(await base().tiff().toBuffer())).toBeNull();
    expect(identifyImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(identifyImage(Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'))).toBeNull();
  });

  it('refuses a picture that goes on as another file, or stops short', async () => {
    const png = await base().png().toBuffer();
    const jpeg = await base().jpeg().toBuffer();
    const webp = await base().webp().toBuffer();
    const zip = Buffer.from('PK\u0003\u0004 a zip archive follows', 'latin1');
    expect(identifyImage(Buffer.concat([png, Buffer.from('<html><script>alert(1)</script>')]))).toBeNull();
    expect(identifyImage(Buffer.concat([jpeg, zip]))).toBeNull();
    expect(identifyImage(Buffer.concat([webp, zip]))).toBeNull();
    expect(identifyImage(png.subarray(0, png.length - 6))).toBeNull();
    expect(identifyImage(jpeg.subarray(0, jpeg.length - 2))).toBeNull();
    // A JPEG whose comment carries a PDF header: a PDF reader would open it.
    const comment = Buffer.from('%PDF-1.4 a document', 'latin1');
    const segment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, comment.length + 2]), comment]);
    expect(identifyImage(Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]))).toBeNull();
  });

  it('keeps what phones append to a JPEG: padding, another picture, a motion photo', async () => {
    const jpeg = await base().jpeg().toBuffer();
    const box = (type: string, body: number) => {
      const out = Buffer.alloc(8 + body);
      out.writeUInt32BE(8 + body);
      out.write(type, 4, 'latin1');
      return out;
    };
    expect(identifyImage(Buffer.concat([jpeg, Buffer.alloc(16)]))).toBe('jpeg');
    expect(identifyImage(Buffer.concat([jpeg, jpeg]))).toBe('jpeg');
    expect(identifyImage(Buffer.concat([jpeg, box('ftyp', 12), box('mdat', 100)]))).toBe('jpeg');
    expect(
      identifyImage(Buffer.concat([jpeg, box('ftyp', 12), box('mdat', 100), Buffer.from('PK')])),
    ).toBeNull();
  });

  it('an animation whose frames together pass the pixel limit is refused as too large', async () => {
    const webp = await animatedWebp(4);
    expect((await sharp(webp).metadata()).pages).toBe(4);
    // 4 frames of 60 × 50 = 12 000 pixels; one frame alone (3 000) would pass a limit of 10 000.
    await expect(cleanImage(webp, { ...rule, maxPixels: 10_000 }, 'u1')).rejects.toThrow('too large');
  });

  it('an animation within the limit keeps its first frame, in its own format', async () => {
    const kept = await cleanImage(await animatedWebp(4), { ...rule, maxPixels: 12_000 }, 'u1');
    const meta = await sharp(kept.bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 60, height: 50 });
    expect(meta.pages ?? 1).toBe(1);
    const { data } = await sharp(kept.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(240); // the first frame is the white one
  });

  it('one account decodes at most two pictures at once; a third is told to wait', async () => {
    const png = await sharp({ create: { width: 1500, height: 1500, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => cleanImage(png, { ...rule, maxBytes: 10e6 }, 'busy')),
    );
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'RATE_LIMITED' });
    // Another account is not held up by the first one's decodes.
    await expect(cleanImage(png, { ...rule, maxBytes: 10e6 }, 'other')).resolves.toMatchObject({
      format: 'png',
    });
  });
});
