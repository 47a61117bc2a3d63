import type { QrColors } from '@studio/events';
import { LRUCache } from 'lru-cache';
import QRCode from 'qrcode';
import sharp from 'sharp';

/** Print size: at least 1024 px wide; a quiet zone of 4 modules; error correction M (DESIGN §5). */
export const QR_PNG_WIDTH = 1024;
export const QR_QUIET_ZONE = 4;
export const QR_ERROR_CORRECTION = 'M' as const;

const pngs = new LRUCache<string, Buffer>({ max: 500 });

/** The printable PNG of what a code encodes (cached: the same code is drawn the same way). */
export async function qrPng(encodedUrl: string, colors: QrColors): Promise<Buffer> {
  const key = `${colors.dark}${colors.light}${encodedUrl}`;
  const cached = pngs.get(key);
  if (cached) return cached;
  const png = await renderPng(encodedUrl, colors);
  pngs.set(key, png);
  return png;
}

/**
 * The SVG download: a background square and one filled path of the dark modules (each row's runs
 * as rectangles), with a print size in its `width`/`height`. qrcode's own SVG strokes its modules,
 * which ImageMagick's renderer draws with round caps and a frame (it also strokes any shape that does not say `stroke="none"`) (the code no longer decodes), and
 * has no intrinsic size (37 px in tools that use it).
 */
export async function qrSvg(encodedUrl: string, colors: QrColors): Promise<string> {
  const { modules } = QRCode.create(encodedUrl, { errorCorrectionLevel: QR_ERROR_CORRECTION });
  const count = modules.size + 2 * QR_QUIET_ZONE;
  let path = '';
  for (let y = 0; y < modules.size; y++) {
    for (let x = 0; x < modules.size; ) {
      if (!modules.get(y, x)) {
        x += 1;
        continue;
      }
      let run = 1;
      while (x + run < modules.size && modules.get(y, x + run)) run += 1;
      path += `M${x + QR_QUIET_ZONE} ${y + QR_QUIET_ZONE}h${run}v1h-${run}z`;
      x += run;
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${QR_PNG_WIDTH}" height="${QR_PNG_WIDTH}" ` +
    `viewBox="0 0 ${count} ${count}" shape-rendering="crispEdges">` +
    `<rect width="${count}" height="${count}" fill="${colors.light}" stroke="none"/>` +
    `<path fill="${colors.dark}" stroke="none" d="${path}"/></svg>\n`
  );
}

export async function qrDataUrl(encodedUrl: string, colors: QrColors): Promise<string> {
  return `data:image/png;base64,${(await qrPng(encodedUrl, colors)).toString('base64')}`;
}

const rgb = (hex: string) =>
  [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

/**
 * qrcode lays out the modules; sharp (native) writes the PNG — qrcode's own PNG encoder is pure JS
 * and takes hundreds of milliseconds for a 1024 px image. Whole pixels per module: the side is the
 * smallest multiple of the module count that reaches 1024 px.
 */
async function renderPng(encodedUrl: string, colors: QrColors): Promise<Buffer> {
  const { modules } = QRCode.create(encodedUrl, { errorCorrectionLevel: QR_ERROR_CORRECTION });
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
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .withMetadata({ density: 300 })
    .toBuffer();
}
