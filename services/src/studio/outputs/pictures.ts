import sharp from 'sharp';
import { MIN_PPI, pageSize, TRIMS } from './kdp';

/**
 * Pictures at print resolution: opaque (flattened on white, no alpha channel), with 300 DPI
 * written into the PNG, and sized so that where the PDF places them they are at least 300 ppi.
 */
const DPI = MIN_PPI;
const px = (inches: number) => Math.ceil(inches * DPI);

/** Coloring pages: pure black and white, 2550×3300 for 8.5×11. */
export async function coloringPagePng(source: Buffer): Promise<Buffer> {
  const { width, height } = TRIMS.coloring;
  return sharp(source)
    .flatten({ background: '#ffffff' })
    .resize(px(width), px(height), { fit: 'contain', background: '#ffffff', kernel: 'nearest' })
    .greyscale()
    .threshold(128)
    .toColourspace('b-w')
    .withMetadata({ density: DPI })
    .png({ compressionLevel: 9, palette: false })
    .toBuffer();
}

/** Kids book pages: the whole page including bleed, opaque RGB. */
export async function fullBleedPng(source: Buffer): Promise<Buffer> {
  const size = pageSize(TRIMS.kids);
  return sharp(source)
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .resize(px(size.width), px(size.height), { fit: 'cover' })
    .toColourspace('srgb')
    .withMetadata({ density: DPI })
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/** An uploaded character for a title page: opaque, 300 DPI, at most ~4 in wide. */
export async function characterPng(source: Buffer): Promise<Buffer> {
  return sharp(source)
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .resize(px(4.5), px(4.5), { fit: 'inside', withoutEnlargement: false })
    .withMetadata({ density: DPI })
    .png()
    .toBuffer();
}
