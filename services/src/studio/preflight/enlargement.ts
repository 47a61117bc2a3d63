import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
} from 'pdf-lib';

/**
 * Pictures enlarged beyond their real resolution. A file's ppi says how many pixels a picture
 * has where it is drawn, not how much detail: a 1024 px drawing blown up to 2550 px reads 300
 * ppi and prints at about 120. An enlargement by a whole or fractional factor k with the nearest
 * pixel repeats each source row and column about k times, so (k - 1) / k of the rows and columns
 * that hold any detail equal their neighbour exactly, in both directions; a picture drawn or
 * photographed at its size does not (a vertical stroke repeats rows, never columns as well).
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

const num = (o: unknown) => (o instanceof PDFNumber ? o.asNumber() : undefined);

/**
 * The pixels of an image XObject stored losslessly (Flate, no predictor, 8 bits): JPEG's own
 * artefacts blur the exact repeats this looks for, so JPEG pictures are not judged.
 */
function rasterOf(doc: PDFDocument, image: PDFRawStream): Raster | undefined {
  const get = (key: string) => {
    const value = image.dict.get(PDFName.of(key));
    return value instanceof PDFRef ? doc.context.lookup(value) : value;
  };
  const width = num(get('Width')) ?? 0;
  const height = num(get('Height')) ?? 0;
  const filter = get('Filter');
  const filters = filter instanceof PDFArray ? filter.asArray().map(String) : filter ? [String(filter)] : [];
  if (num(get('BitsPerComponent')) !== 8 || get('DecodeParms') instanceof PDFDict) return undefined;
  if (filters.some((f) => f !== '/FlateDecode')) return undefined;
  const data = decodePDFRawStream(image).decode();
  const channels = data.length / (width * height);
  if (!Number.isInteger(channels) || channels < 1 || channels > 4) return undefined;
  return { data, width, height, channels };
}

/** Every picture of a PDF enlarged beyond its real resolution, as problems naming its page. */
export function enlargedPictures(doc: PDFDocument): string[] {
  const problems: string[] = [];
  const seen = new Set<PDFRawStream>();
  for (const [i, page] of doc.getPages().entries()) {
    const xobjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    for (const [, ref] of xobjects?.entries() ?? []) {
      const image = ref instanceof PDFRef ? doc.context.lookup(ref) : ref;
      if (!(image instanceof PDFRawStream) || seen.has(image)) continue;
      if (image.dict.get(PDFName.of('Subtype'))?.toString() !== '/Image') continue;
      seen.add(image);
      let raster: Raster | undefined;
      try {
        raster = rasterOf(doc, image);
      } catch {
        raster = undefined; // a stream pdf-lib cannot decode: not judged
      }
      if (!raster || raster.width < 64 || raster.height < 64) continue;
      const factor = enlargementOf(raster);
      if (factor >= 1.5)
        problems.push(
          `Page ${i + 1}: a picture is enlarged about ${factor.toFixed(1)}× beyond its real resolution (its pixels repeat: stair-stepped edges in print)`,
        );
    }
  }
  return problems;
}
