import { QR_MESSAGES, QR_UPLOAD_MAX_BYTES } from '@studio/events/rules';
import sharp from 'sharp';
import type { BlobStore } from '../platform/blobs/port';
import { DomainError } from '../platform/errors';
import { newId } from '../platform/ids';

/** Decompression bombs: a small file that expands to a huge bitmap is refused before decoding. */
const MAX_PIXELS = 40_000_000;
/** Small enough for a phone on mobile data: the landing page's whole budget is 60 KB. */
const SIZES = {
  logo: { width: 192, height: 192, quality: 70 },
  hero: { width: 720, height: 480, quality: 55 },
};

export const qrImageBlobId = () => `qr-img-${newId()}.webp`;

/**
 * An uploaded logo or hero image is untrusted: decoded by sharp (which refuses what is not an
 * image), turned upright, stripped of metadata, shrunk to what the page shows, re-encoded as WebP.
 * Returns the public path the landing settings refer to.
 */
export async function storeLandingImage(
  blobs: BlobStore,
  kind: 'logo' | 'hero',
  dataUrl: string,
): Promise<string> {
  const match = /^data:[^;,]{0,100}(;[^,]{0,100})?,/.exec(dataUrl);
  if (!match?.[1]?.includes('base64'))
    throw new DomainError('VALIDATION', QR_MESSAGES.uploadType, { field: 'dataUrl' });
  const bytes = Buffer.from(dataUrl.slice(match[0].length), 'base64');
  if (bytes.length === 0) throw new DomainError('VALIDATION', QR_MESSAGES.uploadType, { field: 'dataUrl' });
  if (bytes.length > QR_UPLOAD_MAX_BYTES)
    throw new DomainError('VALIDATION', QR_MESSAGES.uploadTooLarge, { field: 'dataUrl' });
  const size = SIZES[kind];
  let webp: Buffer;
  try {
    webp = await sharp(bytes, { limitInputPixels: MAX_PIXELS, animated: false })
      .rotate()
      .resize({ width: size.width, height: size.height, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: size.quality })
      .toBuffer();
  } catch {
    throw new DomainError('VALIDATION', QR_MESSAGES.uploadType, { field: 'dataUrl' });
  }
  const id = qrImageBlobId();
  await blobs.put(id, webp, 'image/webp');
  return `/qr-images/${id}`;
}
