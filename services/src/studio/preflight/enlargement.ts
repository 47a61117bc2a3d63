import { inflateSync } from 'node:zlib';
import type { PDFRawStream } from 'pdf-lib';
import { PDFArray, PDFDict, type PDFDocument, PDFName, PDFNumber, PDFRef } from 'pdf-lib';
import sharp from 'sharp';
import { MIN_REAL_PPI } from '../outputs/kdp';
import { pageMarks } from './page-marks';

/**
 * Pictures enlarged beyond their real resolution. A file's ppi says how many pixels a picture
 * has where it is drawn, not how much detail: a 1024 px drawing blown up to 2550 px reads 300
 * ppi and prints at about 120. An enlargement by a whole or fractional factor k with the nearest
 * pixel repeats each source row and column about k times, so (k - 1) / k of the rows and columns
 * that hold any detail equal their neighbour exactly, in both directions; a picture drawn or
 * photographed at its size does not (a vertical stroke repeats rows, never columns as well).
 * A smooth enlargement (bicubic, Lanczos: what any editor or `sharp.resize` does) repeats
 * nothing; it spreads every edge over k pixels instead, which `softness` measures.
 */
export interface Raster {
  data: Uint8Array;
  width: number;
  height: number;
  channels: number;
}

/** The share of the rows, and of the columns, with detail that repeat their neighbour (the lower of the two). */
export function repeatedLines({ data, width, height, channels }: Raster): number {
  const stride = width * channels;
  const rowEquals = (y: number) => {
    for (let i = 0; i < stride; i++) if (data[y * stride + i] !== data[(y - 1) * stride + i]) return false;
    return true;
  };
  const colEquals = (x: number) => {
    for (let y = 0; y < height; y++)
      for (let c = 0; c < channels; c++)
        if (data[y * stride + x * channels + c] !== data[y * stride + (x - 1) * channels + c]) return false;
    return true;
  };
  // A line "with detail" differs somewhere along itself (a blank margin repeats trivially).
  const rowHasDetail = (y: number) => {
    for (let i = channels; i < stride; i++)
      if (data[y * stride + i] !== data[y * stride + i - channels]) return true;
    return false;
  };
  const colHasDetail = (x: number) => {
    for (let y = 1; y < height; y++)
      for (let c = 0; c < channels; c++)
        if (data[y * stride + x * channels + c] !== data[(y - 1) * stride + x * channels + c]) return true;
    return false;
  };
  let rows = 0;
  let sameRows = 0;
  for (let y = 1; y < height; y++)
    if (rowHasDetail(y)) {
      rows++;
      if (rowEquals(y)) sameRows++;
    }
  let cols = 0;
  let sameCols = 0;
  for (let x = 1; x < width; x++)
    if (colHasDetail(x)) {
      cols++;
      if (colEquals(x)) sameCols++;
    }
  // Both directions: straight strokes repeat rows (vertical ones) or columns (horizontal ones)
  // in any drawing, an enlargement repeats both.
  return Math.min(rows ? sameRows / rows : 0, cols ? sameCols / cols : 0);
}

/** Above this share of repeated lines, a picture was enlarged at least 2× by the nearest pixel. */
export const ENLARGED_SHARE = 0.45;
/**
 * The enlargement factor of a picture (1 when it has its real resolution). The whole picture is
 * judged: a small part of flat, straight-edged art repeats its lines in both directions anyway.
 */
export function enlargementOf(raster: Raster): number {
  const share = repeatedLines(raster);
  return share > ENLARGED_SHARE ? 1 / (1 - share) : 1;
}

/**
 * How soft a picture is at its own pixel scale: the mean squared difference of pixels two apart
 * over that of neighbours (grey levels, across and down). An edge or a texture that changes
 * within a pixel gives about 2 (noise 1); an edge spread over several pixels, as a smooth
 * enlargement (or a blur) spreads it, tends to 4. Undefined for a picture with no edges to judge.
 */
export function softness(grey: Uint8Array, width: number, height: number): number | undefined {
  let near = 0;
  let far = 0;
  let count = 0;
  // Every other row is plenty and halves the time on a page-sized picture.
  for (let y = 0; y + 2 < height; y += 2)
    for (let x = 0; x + 2 < width; x++) {
      const i = y * width + x;
      const v = grey[i] as number;
      const right = (grey[i + 1] as number) - v;
      const down = (grey[i + width] as number) - v;
      const right2 = (grey[i + 2] as number) - v;
      const down2 = (grey[i + 2 * width] as number) - v;
      near += right * right + down * down;
      far += right2 * right2 + down2 * down2;
      count++;
    }
  // Below this (grey levels squared, two pixels apart) the picture is a flat tint or a gradient.
  if (count === 0 || far / count < 8) return undefined;
  return far / near;
}

/**
 * Softness against the enlargement factor that gives it, measured on the offline drawings drawn
 * small and enlarged with Lanczos to 2600 px (a drawing at its size: 2.6; bicubic gives the same
 * within 0.1). Between two rows the factor is interpolated; past the last it is at least 3.
 */
const SOFTNESS_FACTORS: ReadonlyArray<readonly [number, number]> = [
  [2.7, 1],
  [3.07, 1.25],
  [3.17, 1.5],
  [3.38, 1.75],
  [3.43, 2],
  [3.59, 2.5],
  [3.7, 3],
];

/** The factor by which a picture of this softness was enlarged (or blurred): 1 when sharp. */
export function smoothEnlargement(soft: number): number {
  let previous = SOFTNESS_FACTORS[0] as readonly [number, number];
  if (soft <= previous[0]) return 1;
  for (const row of SOFTNESS_FACTORS.slice(1)) {
    if (soft <= row[0])
      return previous[1] + ((row[1] - previous[1]) * (soft - previous[0])) / (row[0] - previous[0]);
    previous = row;
  }
  return previous[1];
}

/** The real detail (ppi) of grey pixels drawn at `ppi`; undefined for a flat picture. */
function detailPpi(grey: Uint8Array, width: number, height: number, ppi: number): number | undefined {
  const soft = softness(grey, width, height);
  return soft === undefined ? undefined : ppi / smoothEnlargement(soft);
}

const num = (o: unknown) => (o instanceof PDFNumber ? o.asNumber() : undefined);

/** An image XObject's dictionary entry, references followed. */
function entry(doc: PDFDocument, image: PDFRawStream, key: string) {
  const value = image.dict.get(PDFName.of(key));
  return value instanceof PDFRef ? doc.context.lookup(value) : value;
}

function filtersOf(doc: PDFDocument, image: PDFRawStream): string[] {
  const filter = entry(doc, image, 'Filter');
  return filter instanceof PDFArray ? filter.asArray().map(String) : filter ? [String(filter)] : [];
}

/**
 * The pixels of an image XObject stored losslessly (Flate, no predictor, 8 bits): JPEG's own
 * artefacts blur the exact repeats this looks for, so JPEG pictures are not judged for stairs.
 */
function rasterOf(doc: PDFDocument, image: PDFRawStream): Raster | undefined {
  const width = num(entry(doc, image, 'Width')) ?? 0;
  const height = num(entry(doc, image, 'Height')) ?? 0;
  if (num(entry(doc, image, 'BitsPerComponent')) !== 8 || entry(doc, image, 'DecodeParms') instanceof PDFDict)
    return undefined;
  const filters = filtersOf(doc, image);
  if (filters.some((f) => f !== '/FlateDecode')) return undefined;
  // zlib's own inflate: pdf-lib's (in JavaScript) takes ten times as long on a page's pixels.
  const data = filters.reduce<Uint8Array>((bytes) => inflateSync(bytes), image.getContents());
  const channels = data.length / (width * height);
  if (!Number.isInteger(channels) || channels < 1 || channels > 4) return undefined;
  return { data, width, height, channels };
}

/**
 * Rec. 601 luma of RGB pixels, rounded. `round` is read once: a global looked up per pixel costs
 * a hundredfold where the code runs in a `vm` context (Jest's), millions of times a picture.
 */
function lumaOf(rgb: Uint8Array, pixels: number): Uint8Array {
  const { round } = Math;
  const grey = new Uint8Array(pixels);
  for (let i = 0, j = 0; i < pixels; i++, j += 3)
    grey[i] = round(
      0.299 * (rgb[j] as number) + 0.587 * (rgb[j + 1] as number) + 0.114 * (rgb[j + 2] as number),
    );
  return grey;
}

/** Grey levels of a picture: from its lossless pixels (grey or RGB), or a JPEG decoded by sharp. */
async function greyOf(
  doc: PDFDocument,
  image: PDFRawStream,
  raster: Raster | undefined,
): Promise<{ grey: Uint8Array; width: number; height: number } | undefined> {
  if (raster && (raster.channels === 1 || raster.channels === 3)) {
    const { data, width, height, channels } = raster;
    if (channels === 1) return { grey: data, width, height };
    return { grey: lumaOf(data, width * height), width, height };
  }
  const filters = filtersOf(doc, image);
  if (filters.length !== 1 || filters[0] !== '/DCTDecode') return undefined;
  const { data, info } = await sharp(Buffer.from(image.getContents()))
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { grey: data, width: info.width, height: info.height };
}

/**
 * What a picture's pixels were made from, as the generator that placed it knows: a picture of
 * `pixels` (as it is in the file) resampled from `source` pixels. Its real detail where it is drawn
 * is its drawn ppi scaled by source over pixels.
 */
export interface DeclaredSource {
  pixels: { width: number; height: number };
  source: { width: number; height: number };
}

/** One picture of a PDF: where it is drawn largest, the ppi its file declares there, and its real detail. */
export interface PictureDetail {
  page: number;
  /** Pixels per inch where it is drawn (what pdfimages and KDP's check read). */
  nominalPpi: number;
  /** Real detail where it is drawn; undefined for a flat tint or gradient (nothing to lose). */
  realPpi?: number;
  /** From the declared source pixels, or measured from the pixels' softness. */
  measured: 'source' | 'softness';
  sourcePixels?: { width: number; height: number };
  /** Nearest-pixel enlargement factor (its rows and columns repeat), when found. */
  stairs?: number;
}

/**
 * Every picture of a PDF with its declared and its real resolution, each judged once where it is
 * drawn largest. A picture whose source the caller declares (matched by its pixel size; the
 * smallest source when two share a size) is worth its source pixels over its printed inches; any
 * other is measured: by the nearest pixel (its rows and columns repeat) or smoothly (its edges are
 * spread over several pixels, which `softness` reads).
 */
export async function pictureDetails(
  doc: PDFDocument,
  declared: DeclaredSource[] = [],
): Promise<PictureDetail[]> {
  const largest = new Map<
    PDFRawStream,
    { page: number; ppi: number; pixels: { width: number; height: number } }
  >();
  pageMarks(doc).forEach((marks, i) => {
    for (const image of marks.images) {
      const seen = largest.get(image.stream);
      if (!seen || image.ppi < seen.ppi)
        largest.set(image.stream, { page: i + 1, ppi: image.ppi, pixels: image.pixels });
    }
  });
  const details: PictureDetail[] = [];
  for (const [image, { page, ppi, pixels }] of largest) {
    const sources = declared
      .filter((d) => d.pixels.width === pixels.width && d.pixels.height === pixels.height)
      .map((d) => d.source)
      .sort((a, b) => a.width * a.height - b.width * b.height);
    const source = sources[0];
    if (source) {
      const scale = Math.min(source.width / pixels.width, source.height / pixels.height, 1);
      details.push({ page, nominalPpi: ppi, realPpi: ppi * scale, measured: 'source', sourcePixels: source });
      continue;
    }
    let raster: Raster | undefined;
    let grey: Awaited<ReturnType<typeof greyOf>>;
    try {
      raster = rasterOf(doc, image);
      grey = await greyOf(doc, image, raster);
    } catch {
      continue; // a stream pdf-lib or sharp cannot decode: not judged
    }
    const detail: PictureDetail = { page, nominalPpi: ppi, measured: 'softness' };
    if (raster && raster.width >= 64 && raster.height >= 64) {
      const factor = enlargementOf(raster);
      if (factor >= 1.5) {
        details.push({ ...detail, realPpi: ppi / factor, stairs: factor });
        continue;
      }
    }
    const real =
      grey && grey.width >= 64 && grey.height >= 64
        ? detailPpi(grey.grey, grey.width, grey.height, ppi)
        : undefined;
    details.push(real === undefined ? detail : { ...detail, realPpi: real });
  }
  return details.sort((a, b) => a.page - b.page);
}

const inches = (pixels: number, ppi: number) => (pixels / ppi).toFixed(2);

/** The pictures that hold less than MIN_REAL_PPI of real detail where they are drawn, as problems. */
export function softPictureProblems(details: PictureDetail[]): string[] {
  return details
    .filter((d) => d.realPpi !== undefined && d.realPpi + 0.5 < MIN_REAL_PPI)
    .map((d) => {
      const real = Math.round(d.realPpi ?? 0);
      const declared = `the file declares ${Math.round(d.nominalPpi)} ppi`;
      if (d.stairs)
        return `Page ${d.page}: a picture holds about ${real} ppi of real detail (${declared}; it was enlarged about ${d.stairs.toFixed(1)}× by repeating its pixels: stair-stepped edges in print); it prints visibly blurred below ${MIN_REAL_PPI}`;
      const px = d.sourcePixels;
      const why =
        d.measured === 'source' && px
          ? `${px.width} × ${px.height} source pixels over ${inches(px.width, d.realPpi ?? 1)} × ${inches(px.height, d.realPpi ?? 1)} in`
          : 'its edges are spread over several pixels: enlarged from a smaller picture, or soft';
      return `Page ${d.page}: a picture holds ${d.measured === 'source' ? '' : 'about '}${real} ppi of real detail (${why}; ${declared}); it prints visibly blurred below ${MIN_REAL_PPI}`;
    });
}
