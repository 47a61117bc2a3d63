import sharp from 'sharp';
import { PRINT_PPI } from '../outputs/kdp';

/**
 * Any picture as a PNG with its density recorded; the size is kept. A picture without any
 * transparent pixel loses its alpha channel (an edit answered as RGBA but opaque is RGB).
 */
export async function densePng(image: Buffer): Promise<Buffer> {
  const picture = sharp(image, { limitInputPixels: 40_000_000 });
  const { isOpaque } = await picture.stats();
  return (isOpaque ? picture.removeAlpha() : picture)
    .withDensity(PRINT_PPI)
    .png({ compressionLevel: 9 })
    .toBuffer();
}
