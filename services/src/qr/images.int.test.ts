import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { QR_LOGO_MAX_SIZE, QR_LOGO_MIN_SIZE, qrLogoProblem } from '@studio/events/rules';
import sharp from 'sharp';
import { decodeQr } from '../testing/debian-tools';
import { tempDataDir } from '../testing/helpers';
import { type CentreLogo, QR_PNG_WIDTH, qrPng, qrSvg } from './images';

const tmp = tempDataDir();
afterAll(() => tmp.remove());

const CASES = [
  ['https://studio.example/r/AbCdEfGhIjKl', { dark: '#000000', light: '#FFFFFF' }],
  ['https://studio.example/qr-landing/Zz09Zz09Zz09', { dark: '#1A237E', light: '#FFF8E1' }],
  ['http://localhost:3000/r/abcdefghijkl', { dark: '#3E2723', light: '#E0F7FA' }],
] as const;

describe('QR images', () => {
  it.each(CASES)(
    'the PNG of %s is at least 1024 px, with a quiet zone, and decodes to exactly it',
    async (url, colors) => {
      const png = await qrPng(url, colors);
      const meta = await sharp(png).metadata();
      expect(meta.format).toBe('png');
      expect(meta.width).toBeGreaterThanOrEqual(QR_PNG_WIDTH);
      expect(meta.width).toBe(meta.height);
      // The quiet zone: the first rows and columns are the background colour.
      const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const scale = Math.floor((info.width ?? 0) / 37);
      const corner = data.subarray(0, 3 * scale * 3);
      const light = Number.parseInt(colors.light.slice(1, 3), 16);
      expect([...corner].filter((_, i) => i % 3 === 0).every((v) => v === light)).toBe(true);
      expect(decodeQr(png)).toBe(url);
    },
  );

  it.each(CASES)('the SVG of %s renders and decodes to exactly it', async (url, colors) => {
    const svg = await qrSvg(url, colors);
    expect(svg).toMatch(/^<svg/);
    const rendered = await sharp(Buffer.from(svg)).flatten({ background: colors.light }).png().toBuffer();
    expect(decodeQr(rendered)).toBe(url);
  });

  // ImageMagick is the converter print shops and scripts reach for; its own SVG renderer is stricter
  // about strokes than browsers and librsvg.
  const imagemagick = (() => {
    try {
      return execFileSync('convert', ['-version'], { encoding: 'utf8' }).includes('ImageMagick');
    } catch {
      return false;
    }
  })();
  if (!imagemagick)
    console.log('skipped: SVG through ImageMagick — `convert` (Debian imagemagick) is not installed');
  (imagemagick ? it.each(CASES) : it.skip.each(CASES))(
    'the SVG of %s has a print size and decodes after ImageMagick converts it',
    async (url, colors) => {
      const svg = await qrSvg(url, colors);
      expect(svg).toMatch(/^<svg[^>]* width="1024" height="1024"/);
      const source = path.join(tmp.dir, 'code.svg');
      writeFileSync(source, svg);
      for (const density of ['72', '144']) {
        const out = path.join(tmp.dir, `code-im-${density}.png`);
        execFileSync('convert', ['-density', density, source, out]);
        expect(decodeQr(readFileSync(out))).toBe(url);
      }
    },
  );

  describe('with a logo in the middle (error correction H, size limited)', () => {
    const noise = async (width: number, height: number) => {
      const pixels = Buffer.alloc(width * height * 3);
      // A busy picture (the worst case for a scanner): pseudo-random, reproducible.
      let seed = 7;
      for (let i = 0; i < pixels.length; i++) {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        pixels[i] = seed % 256;
      }
      return sharp(pixels, { raw: { width, height, channels: 3 } })
        .png()
        .toBuffer();
    };
    const logos: Array<[string, () => Promise<Buffer>]> = [
      ['a busy square picture', () => noise(300, 300)],
      [
        'a dark wordmark',
        () =>
          sharp({ create: { width: 800, height: 200, channels: 3, background: '#111111' } })
            .png()
            .toBuffer(),
      ],
    ];
    const urls = [
      'https://studio.example/r/AbCdEfGhIjKl',
      `https://books.example-publisher.com/qr-landing/Zz09Zz09Zz09?${'x'.repeat(60)}`,
    ];
    const sizes = [QR_LOGO_MIN_SIZE, 15, QR_LOGO_MAX_SIZE];
    const palettes = [
      { dark: '#000000', light: '#FFFFFF' },
      { dark: '#1A237E', light: '#FFF8E1' },
    ];
    const variants = logos.flatMap(([name, picture]) =>
      urls.flatMap((url) =>
        sizes.flatMap((size) => palettes.map((colors) => ({ name, picture, url, size, colors }))),
      ),
    );

    it(`every size the form accepts (${QR_LOGO_MIN_SIZE}-${QR_LOGO_MAX_SIZE}%) decodes, PNG (also printed small) and SVG, for each logo, address and palette`, async () => {
      for (const { name, picture, url, size, colors } of variants) {
        expect(qrLogoProblem(size)).toBeNull();
        const logo: CentreLogo = { key: name, size, bytes: await picture() };
        const png = await qrPng(url, colors, logo);
        expect({ name, size, url, png: decodeQr(png) }).toEqual({ name, size, url, png: url });
        // Printed small: the same code at 200 px.
        const small = await sharp(png).resize(200).png().toBuffer();
        expect({ name, size, url, small: decodeQr(small) }).toEqual({
          name,
          size,
          url,
          small: url,
        });
        const svg = await qrSvg(url, colors, logo);
        expect(svg).toContain('<image ');
        const rendered = await sharp(Buffer.from(svg)).flatten({ background: colors.light }).png().toBuffer();
        expect({ name, size, url, svg: decodeQr(rendered) }).toEqual({
          name,
          size,
          url,
          svg: url,
        });
      }
    }, 180_000);

    it('the logo really covers the middle, and larger logos are refused (too large a logo breaks the code)', async () => {
      const url = `https://books.example-publisher.com/qr-landing/${'A'.repeat(61)}`;
      const colors = { dark: '#000000', light: '#FFFFFF' };
      const solid = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#000000' } })
        .png()
        .toBuffer();
      const centre = async (png: Buffer) => {
        const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
        const middle =
          (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
        return data[middle];
      };
      // A black picture in the middle: the centre pixel is the logo's.
      expect(await centre(await qrPng(url, colors, { key: 'solid', size: 20, bytes: solid }))).toBe(0);
      for (const size of [QR_LOGO_MAX_SIZE + 1, 33, 40, QR_LOGO_MIN_SIZE - 1, 20.5])
        expect(qrLogoProblem(size)).toMatch(/hides too much of it to scan/);
      // Why there is a limit: at 45% of the width even a full-size code no longer decodes (small
      // prints fail much earlier, see QR_LOGO_MAX_SIZE).
      const png = await qrPng(url, colors, { key: 'solid', size: 45, bytes: solid });
      expect(() => decodeQr(png)).toThrow();
    });
  });
});
