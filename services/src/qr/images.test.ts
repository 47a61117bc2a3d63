import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { tempDataDir } from '../platform/testing';
import { QR_PNG_WIDTH, qrPng, qrSvg } from './images';

const tmp = tempDataDir();
afterAll(() => tmp.remove());

/** zbarimg (Debian zbar-tools) reads the file; --raw prints exactly the encoded text. */
function decode(png: Buffer, name: string): string {
  const file = path.join(tmp.dir, name);
  writeFileSync(file, png);
  return execFileSync('zbarimg', ['--quiet', '--raw', file], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
}

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
      expect(decode(png, 'code.png')).toBe(url);
    },
  );

  it.each(CASES)('the SVG of %s renders and decodes to exactly it', async (url, colors) => {
    const svg = await qrSvg(url, colors);
    expect(svg).toMatch(/^<svg/);
    const rendered = await sharp(Buffer.from(svg)).flatten({ background: colors.light }).png().toBuffer();
    expect(decode(rendered, 'code-svg.png')).toBe(url);
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
        expect(decode(readFileSync(out), `code-im-${density}-copy.png`)).toBe(url);
      }
    },
  );
});
