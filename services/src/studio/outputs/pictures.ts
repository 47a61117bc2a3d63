import sharp, { type OverlayOptions } from 'sharp';
import type { PixelSize } from '../ai/image-sizes';
import { BLEED, PRINT_PPI, pageSize, TRIMS, type Trim } from './kdp';
import { type LineArt, lineArtPng } from './line-art';

/**
 * Pictures at print resolution. Each picture has a frame, the inches it is printed at; it is asked
 * for in that shape, placed by cropping the little the model's nearest size differs (never
 * stretched, never letterboxed), resampled to 300 ppi with a Lanczos filter, flattened on white
 * (no alpha channel) and written with 300 DPI. What it really holds is its source pixels over the
 * frame's inches (`realPpi`), which the preflight checks.
 */
export interface Frame {
  /** Inches. */
  width: number;
  height: number;
}

export const FRAMES = {
  /** A coloring design: the 8.5×11 page inside half-inch margins, portrait. */
  coloring: { width: TRIMS.coloring.width - 1, height: TRIMS.coloring.height - 1 },
  /**
   * A kids page's picture: the page's whole width with its bleed, over its upper part, 3:2 (an
   * image model's 1536 × 1024 holds 178 ppi there; a square the page's size would hold 117). The
   * text has the band below it to itself, so the picture is never covered.
   */
  kids: { width: pageSize(TRIMS.kids).width, height: pageSize(TRIMS.kids).width / 1.5 },
} as const satisfies Record<string, Frame>;

/** A front cover's picture: the whole front with its bleed, the cover's own shape. */
export const frontFrame = (trim: Trim): Frame => ({
  width: trim.width + BLEED,
  height: trim.height + 2 * BLEED,
});

/** The pixels a frame takes at print resolution: what a provider is asked to draw. */
export const printPixels = (frame: Frame): PixelSize => ({
  width: Math.round(frame.width * PRINT_PPI),
  height: Math.round(frame.height * PRINT_PPI),
});

/** A picture in its frame, and the source pixels it was made from. */
export interface PlacedPicture {
  /** The frame at 300 ppi: opaque RGB PNG, 300 DPI. */
  png: Buffer;
  /** The source pixels the frame shows (after the crop to its shape). */
  source: PixelSize;
}

/** The source pixels a frame of this shape shows of a picture: the largest centred crop of its shape. */
export function croppedSource(picture: PixelSize, frame: Frame): PixelSize {
  const aspect = frame.width / frame.height;
  return picture.width / picture.height > aspect
    ? { width: Math.round(picture.height * aspect), height: picture.height }
    : { width: picture.width, height: Math.round(picture.width / aspect) };
}

/** The real detail a picture holds in its frame: its source pixels over the frame's inches. */
export const realPpi = (source: PixelSize, frame: Frame) =>
  Math.min(source.width / frame.width, source.height / frame.height);

/**
 * A raster picture in its frame: cropped to the frame's shape around its centre, resampled to
 * 300 ppi (Lanczos 3), opaque, sRGB.
 */
export async function placePicture(source: Buffer, frame: Frame): Promise<PlacedPicture> {
  const image = sharp(source, { limitInputPixels: 40_000_000 });
  const { width = 1, height = 1 } = await image.metadata();
  const px = printPixels(frame);
  const png = await image
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .resize(px.width, px.height, { fit: 'cover', position: 'centre', kernel: 'lanczos3' })
    .toColourspace('srgb')
    .withMetadata({ density: PRINT_PPI })
    .png({ compressionLevel: 6 })
    .toBuffer();
  return { png, source: croppedSource({ width, height }, frame) };
}

/** The ebook's copy of a picture: 1200 px wide JPEG (sharp on a tablet, light to download). */
export function ebookJpeg(picture: Buffer): Promise<Buffer> {
  return sharp(picture)
    .flatten({ background: '#ffffff' })
    .resize({ width: 1200, withoutEnlargement: true })
    .jpeg({ quality: 82, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

/**
 * A coloring page to print on its own: the line art centred on an 8.5 × 11 in page (2550 × 3300 at
 * 300 DPI), pure black and white in one grey channel; `label` (an SVG of the page's size) is drawn
 * in its margin, outside the art (the offline demo's mark).
 */
export async function coloringPagePng(art: LineArt, label?: string): Promise<Buffer> {
  const page = { width: TRIMS.coloring.width * PRINT_PPI, height: TRIMS.coloring.height * PRINT_PPI };
  const drawn = await lineArtPng(art);
  const { width = 0, height = 0 } = await sharp(drawn).metadata();
  const left = Math.round((page.width - width) / 2);
  const top = Math.round((page.height - height) / 2);
  const layers: OverlayOptions[] = [{ input: drawn, left, top }];
  if (label) layers.push({ input: Buffer.from(label), left: 0, top: 0 });
  const composed = await sharp({
    create: { width: page.width, height: page.height, channels: 3, background: '#ffffff' },
  })
    .composite(layers)
    .png()
    .toBuffer();
  return sharp(composed)
    .flatten({ background: '#ffffff' })
    .greyscale()
    .threshold(128)
    .toColourspace('b-w')
    .withDensity(PRINT_PPI)
    .png({ compressionLevel: 6, palette: false })
    .toBuffer();
}

/** The longest side of a character picture kept as the reference for the book's pictures. */
const CHARACTER_PX = 1350;
/** The narrowest and the widest a character picture is kept (portrait 3:4 to landscape 4:3). */
const CHARACTER_RATIO = { min: 3 / 4, max: 4 / 3 };

/**
 * The uploaded character, framed as the reference every picture of the book is drawn from (it is
 * never printed itself): opaque, its longest side at most CHARACTER_PX. A photo taller than 3:4
 * (a 9:16 phone photo) or wider than 4:3 (a 16:9 landscape) is cropped to that ratio around its
 * most salient part (sharp's attention strategy: skin tones, saturation, detail), where the child
 * usually is, not the sky or floor.
 */
export async function characterPng(source: Buffer): Promise<Buffer> {
  const { width = 1, height = 1 } = await sharp(source).metadata();
  const ratio = Math.min(CHARACTER_RATIO.max, Math.max(CHARACTER_RATIO.min, width / height));
  const long = Math.min(CHARACTER_PX, Math.max(width, height));
  const size =
    ratio >= 1
      ? { width: long, height: Math.round(long / ratio) }
      : { width: Math.round(long * ratio), height: long };
  return sharp(source)
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .resize({ ...size, fit: 'cover', position: sharp.strategy.attention })
    .withMetadata({ density: PRINT_PPI })
    .png()
    .toBuffer();
}
