import sharp from 'sharp';
import { MIN_PPI, pageSize, TRIMS } from './kdp';

/**
 * Pictures at print resolution: opaque (flattened on white, no alpha channel), with 300 DPI
 * written into the PNG, and sized so that where the PDF places them they are at least 300 ppi.
 */
const DPI = MIN_PPI;
const px = (inches: number) => Math.ceil(inches * DPI);

/** The pixels a side a provider is asked to draw at for each book's pictures (print size, 300 ppi). */
export const DRAWING_PX = {
  /** A coloring design fills the 8.5 in width of its page. */
  coloring: px(TRIMS.coloring.width),
  /** A kids page covers the page with its bleed (the square is cropped to it). */
  kids: px(pageSize(TRIMS.kids).height),
} as const;

/**
 * Coloring pages: pure black and white, 2550×3300 for 8.5×11, stored as one grey channel (no
 * colour profile, so a black-and-white interior embeds them as grey). Art drawn at print size
 * is only padded; a smaller raster (an image model's 1024 px) is enlarged smoothly and then
 * thresholded, so its curves stay curves instead of turning into nearest-neighbour stairs.
 */
export async function coloringPagePng(source: Buffer): Promise<Buffer> {
  const { width, height } = TRIMS.coloring;
  return sharp(source)
    .flatten({ background: '#ffffff' })
    .resize(px(width), px(height), { fit: 'contain', background: '#ffffff', kernel: 'lanczos3' })
    .greyscale()
    .threshold(128)
    .toColourspace('b-w')
    .withDensity(DPI)
    .png({ compressionLevel: 6, palette: false })
    .toBuffer();
}

/**
 * Kids book pages: the whole page including bleed, opaque RGB, and the same picture for the ebook
 * (1200 px wide JPEG: sharp on a tablet, light to download), from one decoding of the source.
 */
export async function kidsPagePictures(source: Buffer): Promise<{ png: Buffer; jpeg: Buffer }> {
  const page = kidsPage(source);
  const [png, jpeg] = await Promise.all([
    page.clone().withMetadata({ density: DPI }).png({ compressionLevel: 6 }).toBuffer(),
    ebookJpeg(page.clone()),
  ]);
  return { png, jpeg };
}

/**
 * Only the ebook's picture of a page, as `kidsPagePictures` makes it (the same bytes): what a
 * rebuild needs from the page pictures it already has, without encoding a print PNG to discard.
 */
export function kidsEbookPicture(source: Buffer): Promise<Buffer> {
  return ebookJpeg(kidsPage(source));
}

const kidsPage = (source: Buffer) => {
  const size = pageSize(TRIMS.kids);
  return sharp(source)
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .resize(px(size.width), px(size.height), { fit: 'cover' })
    .toColourspace('srgb');
};
const ebookJpeg = (page: ReturnType<typeof sharp>) =>
  page.resize({ width: 1200 }).jpeg({ quality: 82, chromaSubsampling: '4:4:4' }).toBuffer();

/** The longest side of a character picture: 386 ppi in its 3.5 in box on the title page. */
const CHARACTER_PX = px(4.5);
/** The narrowest and the widest a character picture is kept (portrait 3:4 to landscape 4:3). */
const CHARACTER_RATIO = { min: 3 / 4, max: 4 / 3 };

/**
 * The uploaded character, framed for the book: opaque, 300 DPI, its longest side CHARACTER_PX
 * whatever the photo's size. A photo taller than 3:4 (a 9:16 phone photo) or wider than 4:3 (a
 * 16:9 landscape) is cropped to that ratio around its most salient part (sharp's attention
 * strategy: skin tones, saturation, detail), where the child usually is, not the sky or floor.
 */
export async function characterPng(source: Buffer): Promise<Buffer> {
  const { width = 1, height = 1 } = await sharp(source).metadata();
  const ratio = Math.min(CHARACTER_RATIO.max, Math.max(CHARACTER_RATIO.min, width / height));
  const size =
    ratio >= 1
      ? { width: CHARACTER_PX, height: Math.round(CHARACTER_PX / ratio) }
      : { width: Math.round(CHARACTER_PX * ratio), height: CHARACTER_PX };
  return sharp(source)
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .resize({ ...size, fit: 'cover', position: sharp.strategy.attention })
    .withMetadata({ density: DPI })
    .png()
    .toBuffer();
}
