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
  const fitted = await sharp(art, { limitInputPixels: 40_000_000 })
    .flatten({ background: '#ffffff' })
    .resize({ ...box, fit: 'inside', kernel: 'lanczos3' })
    .png()
    .toBuffer();
  const { width = box.width, height = box.height } = await sharp(fitted).metadata();
  return sharp({ create: { ...LETTER_PAGE, channels: 3, background: '#ffffff' } })
    .composite([
      {
        input: fitted,
        left: Math.round((LETTER_PAGE.width - width) / 2),
        top: Math.round((LETTER_PAGE.height - height) / 2),
      },
    ])
    .png()
    .toBuffer()
    .then((page) =>
      sharp(page).greyscale().threshold(160).withDensity(PRINT_DPI).png({ compressionLevel: 9 }).toBuffer(),
    );
}

/** Any picture as a PNG with its density recorded; the size is kept. */
export function densePng(image: Buffer): Promise<Buffer> {
  return sharp(image, { limitInputPixels: 40_000_000 })
    .withDensity(PRINT_DPI)
    .png({ compressionLevel: 9 })
    .toBuffer();
}
