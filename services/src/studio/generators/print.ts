import sharp from 'sharp';

/** Dots per inch recorded in every PNG the product makes. */
export const PRINT_DPI = 300;
/** A US Letter page (8.5 × 11 in, KDP's most common interior) at 300 DPI. */
export const LETTER_PAGE = { width: 2550, height: 3300 } as const;
/** Half an inch of white around the art, inside KDP's margins for a page without bleed. */
const MARGIN = PRINT_DPI / 2;

/**
 * A coloring page ready to print: the art (any provider's, any size) fitted on an 8.5 × 11 in
 * page at 300 DPI and made pure black and white, so that crayons meet clean lines and no grey.
 */
export async function letterColoringPage(art: Buffer): Promise<Buffer> {
  const box = { width: LETTER_PAGE.width - 2 * MARGIN, height: LETTER_PAGE.height - 2 * MARGIN };
  const { width = 1, height = 1 } = await sharp(art, { limitInputPixels: 40_000_000 }).metadata();
  const scale = Math.min(box.width / width, box.height / height);
  const fitted = { width: Math.round(width * scale), height: Math.round(height * scale) };
  const left = Math.floor((LETTER_PAGE.width - fitted.width) / 2);
  const top = Math.floor((LETTER_PAGE.height - fitted.height) / 2);
  // One pipeline: fit, pad to the page, one grey band, threshold; a quick PNG of two inks.
  return sharp(art, { limitInputPixels: 40_000_000 })
    .flatten({ background: '#ffffff' })
    .resize(fitted.width, fitted.height, { fit: 'fill' })
    .extend({
      left,
      top,
      right: LETTER_PAGE.width - fitted.width - left,
      bottom: LETTER_PAGE.height - fitted.height - top,
      background: '#ffffff',
    })
    .greyscale()
    .threshold(160)
    .toColourspace('b-w')
    .withDensity(PRINT_DPI)
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
}

/** Any picture as a PNG with its density recorded; the size is kept. */
export function densePng(image: Buffer): Promise<Buffer> {
  return sharp(image, { limitInputPixels: 40_000_000 })
    .withDensity(PRINT_DPI)
    .png({ compressionLevel: 9 })
    .toBuffer();
}
