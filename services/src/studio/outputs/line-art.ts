import path from 'node:path';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { PRINT_PPI } from './kdp';

/**
 * Line art as vectors. Every coloring design, whichever provider drew it and at whatever size, is
 * traced into black paths by potrace (the npm port of the reference tracer, on worker threads of
 * its own: `line-art-worker.cjs`): crisp at any size, pure black and white, no grey.
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
/** An idle tracer thread is stopped after this long; the next design starts one. */
const IDLE_MS = 30_000;

/** One outline: an ink shape, or a white region inside one; `d` in pixels, y down. */
interface TracedPath {
  ink: boolean;
  d: string;
}
type Reply = { id: number; paths?: TracedPath[]; failure?: string };

interface Tracer {
  worker: Worker;
  waiting: Map<number, (reply: Reply) => void>;
  idle?: NodeJS.Timeout;
}

/** At most two tracer threads (a page is about a second of CPU): other jobs keep a core. */
const tracers: Tracer[] = [];
const MAX_TRACERS = 2;
let nextId = 0;

function tracer(): Tracer {
  const free = tracers.find((t) => t.waiting.size === 0);
  if (free) return free;
  if (tracers.length >= MAX_TRACERS)
    return tracers.reduce((a, b) => (b.waiting.size < a.waiting.size ? b : a));
  const current: Tracer = {
    worker: new Worker(path.join(__dirname, 'line-art-worker.cjs')),
    waiting: new Map(),
  };
  const fail = (error: unknown) => {
    tracers.splice(tracers.indexOf(current) >>> 0, tracers.includes(current) ? 1 : 0);
    for (const answer of current.waiting.values())
      answer({ id: -1, failure: `The line-art tracer stopped: ${String(error)}` });
    current.waiting.clear();
  };
  current.worker.on('message', (reply: Reply) => {
    const answer = current.waiting.get(reply.id);
    current.waiting.delete(reply.id);
    answer?.(reply);
    if (current.waiting.size === 0) {
      // Nothing keeps the process alive for an idle thread; it ends itself after a while.
      current.worker.unref();
      current.idle = setTimeout(() => {
        if (current.waiting.size === 0) void current.worker.terminate();
      }, IDLE_MS);
      current.idle.unref();
    }
  });
  current.worker.on('error', fail);
  current.worker.on('exit', (code) => fail(`exit ${code}`));
  tracers.push(current);
  return current;
}

/** potrace over a one-byte-a-pixel bitmap (ink below 128): its outlines, in nesting order. */
function potrace(data: Buffer, width: number, height: number): Promise<TracedPath[]> {
  const current = tracer();
  clearTimeout(current.idle);
  current.worker.ref();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    current.waiting.set(id, (reply) => {
      if (reply.failure !== undefined || !reply.paths)
        reject(new Error(reply.failure ?? 'The line-art tracer gave nothing'));
      else resolve(reply.paths);
    });
    current.worker.postMessage({ id, data, width, height, turdSize: SPECKS_PX });
  });
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
  const traced = await potrace(data, info.width, info.height);
  return { svg: lineArtSvg(traced, info), width: info.width / PRINT_PPI, height: info.height / PRINT_PPI };
}

/** The paper behind a design, and the fill of the regions inside it (what a cover colours in). */
const PAPER = '#ffffff';
const REGION = `<path fill="${PAPER}" d=`;

/**
 * The outlines as our SVG: sized in inches, on white, each filled in nesting order (ink black,
 * regions white), every one stroked in black with MIN_STROKE_PT: the ink grows by half of it on
 * each side, into the regions too (they are painted over the ink around them).
 */
function lineArtSvg(traced: TracedPath[], px: { width: number; height: number }): Buffer {
  const stroke = ((MIN_STROKE_PT / 72) * PRINT_PPI).toFixed(3);
  const paths = traced.map((p) => (p.ink ? `<path d="${p.d}"/>` : `${REGION}"${p.d}"/>`));
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${(px.width / PRINT_PPI).toFixed(4)}in" height="${(px.height / PRINT_PPI).toFixed(4)}in" viewBox="0 0 ${px.width} ${px.height}">` +
      `<rect width="${px.width}" height="${px.height}" fill="${PAPER}"/>` +
      `<g fill="#000000" stroke="#000000" stroke-width="${stroke}" stroke-linejoin="round">${paths.join('\n')}</g></svg>`,
  );
}

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
    .replaceAll(REGION, () => `<path fill="${colours[n++ % colours.length] ?? PAPER}" d=`);
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
