import sharp from 'sharp';
import { createOfflineProvider } from '../ai/offline';
import { characterPng } from './pictures';

const signal = new AbortController().signal;

/**
 * Phone photos come portrait (3:4, 9:16), landscape (16:9), square or as a panorama, with or
 * without transparency: the kids book's character reference is made from any of them (its one
 * use of the photo's shape; books.int.test.ts makes a whole book from one landscape photo).
 */
describe('the character reference from a phone photo', () => {
  it.each([
    ['3:4 portrait', 900, 1200, 0.75],
    ['9:16 portrait', 1080, 1920, 0.75],
    ['16:9 landscape', 1600, 900, 4 / 3],
    ['square', 1200, 1200, 1],
    ['3:1 panorama', 3000, 1000, 4 / 3],
    ['large 4:3', 4032, 3024, 4 / 3],
  ])(
    'a %s photo becomes an opaque picture between 3:4 and 4:3, at most 1350 px long',
    async (_shape, width, height, ratio) => {
      const photo = await sharp({ create: { width, height, channels: 4, background: '#3a7bd580' } })
        .png()
        .toBuffer();
      const meta = await sharp(await characterPng(photo)).metadata();
      expect(meta.format).toBe('png');
      expect(meta.hasAlpha).toBe(false);
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(Math.min(1350, Math.max(width, height)));
      expect((meta.width ?? 0) / (meta.height ?? 1)).toBeCloseTo(ratio, 2);
    },
  );

  it('gives the offline drawn child the photo’s colours whatever its shape', async () => {
    const provider = createOfflineProvider();
    const looks = [];
    for (const [width, height] of [
      [1080, 1920],
      [1600, 900],
    ] as const) {
      const photo = await sharp({ create: { width, height, channels: 3, background: '#c08060' } })
        .jpeg()
        .toBuffer();
      const image = await characterPng(photo);
      looks.push(
        (await provider.character({ name: 'Mia', gender: 'girl', story: 'a walk', image }, { signal })).look,
      );
    }
    expect(looks[0]).toEqual(looks[1]);
    expect(looks[0]?.skin).toMatch(/^#(b|c)[0-9a-f]{5}$/);
  });
});
