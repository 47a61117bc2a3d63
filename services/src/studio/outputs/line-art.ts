import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { PRINT_PPI } from './kdp';

/**
 * Line art as vectors. Every coloring design, whichever provider drew it and at whatever size, is
 * traced into black paths by potrace (Debian's `potrace`, the reference implementation, run as a
 * child process: a page traces in about a tenth of a second off the event loop, where the
 * JavaScript port took seconds on it): crisp at any size, pure black and white, no grey.
 *
 * Before tracing, the picture is fitted to the frame it is printed in at 300 ppi with a Lanczos
 * filter, thresholded, and closed (gaps of a pixel or two in an outline are bridged, so regions
 * a child colours in are closed); specks smaller than a crayon's tip are dropped. After tracing,
 * every path is also stroked with MIN_STROKE_PT, which thickens each line by that much: no line
 * prints thinner than 0.75 pt, however thin the model drew it.
 */
export interface LineArt {
  /** An SVG document of black paths, its size in inches. */
  svg: Buffer;
  /** The inches it is drawn at (its frame, fitted to the picture's shape). */
  width: number;
  height: number;
}

/** The thinnest line a coloring page prints (points): a hairline would vanish under a crayon. */
export const MIN_STROKE_PT = 0.75;
/** Specks of at most this many pixels (at 300 ppi, about 0.015 in square) are noise, not art. */
const SPECKS_PX = 20;

/** At most this many tracers at once: each one keeps a core busy. */
let running = 0;
const waiting: Array<() => void> = [];
async function turn<T>(run: () => Promise<T>): Promise<T> {
  if (running >= availableParallelism()) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await run();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/** potrace over a bitmap (PBM, ink = 1) on stdin; its SVG from stdout. */
function potrace(pbm: Buffer): Promise<string> {
  return turn(
    () =>
      new Promise<string>((resolve, reject) => {
        // --opaque: the white regions inside the ink are paths too, so a cover can colour them in.
        const args = ['--svg', '--opaque', '--turdsize', String(SPECKS_PX), '--output', '-', '-'];
        const child = spawn('potrace', args, {
          stdio: ['pipe', 'pipe', 'pipe'],
        });
        const out: Buffer[] = [];
        const err: Buffer[] = [];
        child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
        child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
        child.on('error', (error) =>
          reject(new Error(`The line-art tracer could not run: ${error.message}`)),
        );
        child.on('close', (code) => {
          if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
          else
            reject(
              new Error(`The line-art tracer failed (${code}): ${Buffer.concat(err).toString().trim()}`),
            );
        });
        child.stdin.on('error', () => {}); // a tracer that died early reports through 'close'
        child.stdin.end(pbm);
      }),
  );
}

/** A one-channel picture as a PBM bitmap: dark pixels are ink. */
function pbmOf(grey: Buffer, width: number, height: number): Buffer {
  const rowBytes = Math.ceil(width / 8);
  const bits = Buffer.alloc(rowBytes * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++)
      if ((grey[row + x] as number) < 128) {
        const at = y * rowBytes + (x >> 3);
        bits[at] = (bits[at] as number) | (0x80 >> (x & 7));
      }
  }
  return Buffer.concat([Buffer.from(`P4\n${width} ${height}\n`), bits]);
}

/** Fits `source` inside `frame` (inches), keeping its shape, and traces it into vector line art. */
export async function traceLineArt(
  source: Buffer,
  frame: { width: number; height: number },
): Promise<LineArt> {
  const { width = 1, height = 1 } = await sharp(source, { limitInputPixels: 40_000_000 }).metadata();
  const scale = Math.min((frame.width * PRINT_PPI) / width, (frame.height * PRINT_PPI) / height);
  const px = {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
  // sharp's dilate grows the dark ink and erode shrinks it back: a closing, which bridges gaps.
  const { data, info } = await sharp(source, { limitInputPixels: 40_000_000 })
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize(px.width, px.height, { fit: 'fill', kernel: 'lanczos3' })
    .threshold(128)
    .dilate(1)
    .erode(1)
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const traced = await potrace(pbmOf(data, info.width, info.height));
  return { svg: lineArtSvg(traced, info), width: info.width / PRINT_PPI, height: info.height / PRINT_PPI };
}

/**
 * potrace's drawing (viewBox in pixels, paths in tenths of a pixel under its transform) as our SVG:
 * sized in inches, on white, the ink's paths black and the regions' paths white (REGION_FILL),
 * every one stroked in black with MIN_STROKE_PT: the ink grows by half of it on each side, into
 * the regions too (their paths are painted over the ink around them).
 */
function lineArtSvg(traced: string, px: { width: number; height: number }): Buffer {
  const transform = /<g transform="([^"]+)"/.exec(traced)?.[1] ?? `translate(0,${px.height}) scale(0.1,-0.1)`;
  const paths = (traced.match(/<path[^>]*\/>/g) ?? []).map((path) => path.replace(/\s+stroke="none"/, ''));
  // The stroke is in the paths' units: a tenth of a pixel at 300 ppi.
  const stroke = ((MIN_STROKE_PT / 72) * PRINT_PPI * 10).toFixed(2);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${(px.width / PRINT_PPI).toFixed(4)}in" height="${(px.height / PRINT_PPI).toFixed(4)}in" viewBox="0 0 ${px.width} ${px.height}">` +
      `<rect width="${px.width}" height="${px.height}" fill="${PAPER}"/>` +
      `<g transform="${transform}" fill="#000000" stroke="#000000" stroke-width="${stroke}" stroke-linejoin="round">${paths.join('\n')}</g></svg>`,
  );
}

/** The paper behind a design, and the fill of the regions inside it (what a cover colours in). */
const PAPER = '#ffffff';
const REGION_FILL = 'fill="#ffffff"';

/**
 * The line art coloured in, as a coloring book's cover shows a finished page: each region inside
 * the ink takes the next of `colours` (neighbours seldom share one), the paper around the drawing
 * becomes transparent, so the cover's own background shows there.
 */
export function colouredLineArt(art: LineArt, colours: readonly string[]): Buffer {
  let n = 0;
  const svg = art.svg
    .toString('utf8')
    .replace(`fill="${PAPER}"/>`, 'fill="none"/>')
    .replaceAll(REGION_FILL, () => `fill="${colours[n++ % colours.length] ?? PAPER}"`);
  return Buffer.from(svg);
}

/**
 * An SVG of ours rendered at exactly `width` × `height` pixels: its root's size set in pixels, so
 * the renderer's own idea of an inch (96 CSS pixels) does not enter into it.
 */
export function svgRaster(svg: Buffer, width: number, height: number) {
  const sized = svg
    .toString('utf8')
    .replace(/^<svg([^>]*?) width="[^"]*" height="[^"]*"/, `<svg$1 width="${width}" height="${height}"`);
  return sharp(Buffer.from(sized), { density: 72 });
}

/** The line art rendered at 300 ppi: one grey channel, pure black and white. */
export async function lineArtPng(art: LineArt): Promise<Buffer> {
  return svgRaster(art.svg, Math.round(art.width * PRINT_PPI), Math.round(art.height * PRINT_PPI))
    .flatten({ background: '#ffffff' })
    .greyscale()
    .threshold(128)
    .toColourspace('b-w')
    .withDensity(PRINT_PPI)
    .png({ compressionLevel: 6 })
    .toBuffer();
}
