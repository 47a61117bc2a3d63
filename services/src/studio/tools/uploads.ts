import { IMAGE_UPLOAD_MAX_BYTES } from '@studio/events';
import sharp from 'sharp';
import type { BlobStore } from '../../platform/blobs/port';
import { DomainError } from '../../platform/errors';
import { artifactBlobId } from '../artifacts';

const INVALID_TYPE = 'Invalid File Type: Please select an image file (JPG, PNG, etc.)';
const TOO_LARGE = 'File Too Large: Please select an image smaller than 10MB';
/** Decompression bombs: a small file that expands to a huge bitmap is refused before decoding. */
const MAX_PIXELS = 40_000_000;

/**
 * An uploaded image is untrusted: the data URL's prefix is ignored, the bytes are decoded by
 * sharp (which refuses what is not an image, and bitmaps over the pixel limit), turned upright,
 * stripped of metadata (EXIF GPS) and stored as PNG beside the job's other files.
 */
export async function storeUploadedImage(
  blobs: BlobStore,
  generationId: string,
  dataUrl: string,
): Promise<string> {
  const match = /^data:[^;,]{0,100}(;[^,]{0,100})?,/.exec(dataUrl);
  if (!match?.[1]?.includes('base64'))
    throw new DomainError('VALIDATION', INVALID_TYPE, { field: 'originalImageUrl' });
  const bytes = Buffer.from(dataUrl.slice(match[0].length), 'base64');
  if (bytes.length === 0) throw new DomainError('VALIDATION', INVALID_TYPE, { field: 'originalImageUrl' });
  if (bytes.length > IMAGE_UPLOAD_MAX_BYTES)
    throw new DomainError('VALIDATION', TOO_LARGE, { field: 'originalImageUrl' });
  let png: Buffer;
  try {
    png = await sharp(bytes, { limitInputPixels: MAX_PIXELS, animated: false }).rotate().png().toBuffer();
  } catch {
    throw new DomainError('VALIDATION', INVALID_TYPE, { field: 'originalImageUrl' });
  }
  const info = await blobs.put(artifactBlobId(generationId, 'original', 'png'), png, 'image/png');
  return info.id;
}
