import type { QrColors } from '@studio/events';
import { qrLogoBox } from '@studio/events/rules';
import { LRUCache } from 'lru-cache';
import QRCode from 'qrcode';
import sharp from 'sharp';

/** Print size: at least 1024 px wide; a quiet zone of 4 modules; error correction M (docs/design.md (Outputs)). */
export const QR_PNG_WIDTH = 1024;
export const QR_QUIET_ZONE = 4;
export const QR_ERROR_CORRECTION = 'M' as const;
/** With a logo in the middle: the highest level, about 30% of the code recoverable. */
export const QR_LOGO_ERROR_CORRECTION = 'H' as const;

/** A centre logo ready to draw: its image bytes (any format sharp reads), width in percent, and a cache key. */
export interface CentreLogo {
  key: string;
  size: number;
  bytes: Buffer;
}

const pngs = new LRUCache<string, Buffer>({ max: 500 });

/** The modules of a code: error correction M, or H when a logo covers its middle. */
const layout = (encodedUrl: string, logo?: CentreLogo) =>
  QRCode.create(encodedUrl, { errorCorrectionLevel: logo ? QR_LOGO_ERROR_CORRECTION : QR_ERROR_CORRECTION })
    .modules;

/** The printable PNG of what a code encodes (cached: the same code is drawn the same way). */
export async function qrPng(encodedUrl: string, colors: QrColors, logo?: CentreLogo): Promise<Buffer> {
  const key = `${colors.dark}${colors.light}${logo ? `${logo.key}@${logo.size}` : ''}${encodedUrl}`;
  const cached = pngs.get(key);
  if (cached) return cached;
  const png = await renderPng(encodedUrl, colors, logo);
  pngs.set(key, png);
  return png;
}

/** The logo fitted in its square (background around it), as PNG, `pixels` wide. */
async function fittedLogo(logo: CentreLogo, pixels: number, light: string): Promise<Buffer> {
  return sharp(logo.bytes)
    .resize({ width: pixels, height: pixels, fit: 'contain', background: light })
    .flatten({ background: light })
    .png()
    .toBuffer();
}

/**
 * The SVG download: a background square and one filled path of the dark modules (each row's runs
 * as rectangles), with a print size in its `width`/`height`. qrcode's own SVG strokes its modules,
 * which ImageMagick's renderer draws with round caps and a frame (it also strokes any shape that does not say `stroke="none"`) (the code no longer decodes), and
 * has no intrinsic size (37 px in tools that use it).
 */
export async function qrSvg(encodedUrl: string, colors: QrColors, logo?: CentreLogo): Promise<string> {
  const modules = layout(encodedUrl, logo);
  const count = modules.size + 2 * QR_QUIET_ZONE;
  const box = logo ? qrLogoBox(modules.size, logo.size) : null;
  const hidden = (y: number, x: number) =>
    box !== null && y >= box.start && y < box.start + box.side && x >= box.start && x < box.start + box.side;
  let path = '';
  for (let y = 0; y < modules.size; y++) {
    for (let x = 0; x < modules.size; ) {
      if (!modules.get(y, x) || hidden(y, x)) {
        x += 1;
        continue;
      }
      let run = 1;
      while (x + run < modules.size && modules.get(y, x + run) && !hidden(y, x + run)) run += 1;
      path += `M${x + QR_QUIET_ZONE} ${y + QR_QUIET_ZONE}h${run}v1h-${run}z`;
      x += run;
    }
  }
  // The logo as an embedded PNG inside its margin (one module of background all round).
  const image =
    logo && box
      ? `<image x="${box.start + QR_QUIET_ZONE + 1}" y="${box.start + QR_QUIET_ZONE + 1}" width="${box.side - 2}" height="${box.side - 2}" ` +
        `href="data:image/png;base64,${(await fittedLogo(logo, 512, colors.light)).toString('base64')}"/>`
      : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${QR_PNG_WIDTH}" height="${QR_PNG_WIDTH}" ` +
    `viewBox="0 0 ${count} ${count}" shape-rendering="crispEdges">` +
    `<rect width="${count}" height="${count}" fill="${colors.light}" stroke="none"/>` +
    `<path fill="${colors.dark}" stroke="none" d="${path}"/>${image}</svg>\n`
  );
}

export async function qrDataUrl(encodedUrl: string, colors: QrColors, logo?: CentreLogo): Promise<string> {
  return `data:image/png;base64,${(await qrPng(encodedUrl, colors, logo)).toString('base64')}`;
}

const rgb = (hex: string) =>
  [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

/**
 * qrcode lays out the modules; sharp (native) writes the PNG — qrcode's own PNG encoder is pure JS
 * and takes hundreds of milliseconds for a 1024 px image. Whole pixels per module: the side is the
 * smallest multiple of the module count that reaches 1024 px.
 */
async function renderPng(encodedUrl: string, colors: QrColors, logo?: CentreLogo): Promise<Buffer> {
  const modules = layout(encodedUrl, logo);
  const count = modules.size + 2 * QR_QUIET_ZONE;
  const scale = Math.ceil(QR_PNG_WIDTH / count);
  const side = count * scale;
  const [dr, dg, db] = rgb(colors.dark);
  const [lr, lg, lb] = rgb(colors.light);
  const pixels = Buffer.alloc(side * side * 3);
  for (let y = 0; y < side; y++) {
    const my = Math.floor(y / scale) - QR_QUIET_ZONE;
    for (let x = 0; x < side; x++) {
      const mx = Math.floor(x / scale) - QR_QUIET_ZONE;
      const dark = my >= 0 && mx >= 0 && my < modules.size && mx < modules.size && modules.get(my, mx);
      const at = (y * side + x) * 3;
      pixels[at] = dark ? dr : lr;
      pixels[at + 1] = dark ? dg : lg;
      pixels[at + 2] = dark ? db : lb;
    }
  }
  const box = logo ? qrLogoBox(modules.size, logo.size) : null;
  const over =
    logo && box
      ? [
          {
            input: {
              create: {
                width: box.side * scale,
                height: box.side * scale,
                channels: 3 as const,
                background: colors.light,
              },
            },
            left: (box.start + QR_QUIET_ZONE) * scale,
            top: (box.start + QR_QUIET_ZONE) * scale,
          },
          {
            input: await fittedLogo(logo, (box.side - 2) * scale, colors.light),
            left: (box.start + QR_QUIET_ZONE + 1) * scale,
            top: (box.start + QR_QUIET_ZONE + 1) * scale,
          },
        ]
      : [];
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .composite(over)
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .withMetadata({ density: 300 })
    .toBuffer();
}
