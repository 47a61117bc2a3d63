import { QR_MESSAGES, QR_UPLOAD_MAX_BYTES } from '@studio/events/rules';
import type { BlobStore } from '../platform/blobs/port';
import { newId } from '../platform/ids';
import { cleanImage, dataUrlBytes, type UploadRule } from '../platform/uploads/image';

/** A logo or hero arrives as a data URL inside JSON: at most 5 MB of image. */
export const QR_UPLOAD: UploadRule = {
  field: 'dataUrl',
  maxBytes: QR_UPLOAD_MAX_BYTES,
  tooLarge: QR_MESSAGES.uploadTooLarge,
  jsonBytes: 8 * 1024 * 1024,
};
/** Small enough for a phone on mobile data: the landing page's whole budget is 60 KB. */
const SIZES = {
  logo: { width: 192, height: 192, quality: 70 },
  hero: { width: 720, height: 480, quality: 55 },
};

export const qrImageBlobId = () => `qr-img-${newId()}.webp`;

/**
 * An uploaded logo or hero image goes through the upload pipeline (PNG, JPEG or WebP by its
 * bytes, pixel and time limits, no metadata), shrunk to what the page shows and re-encoded as
 * WebP. Returns the public path the landing settings refer to.
 */
export async function storeLandingImage(
  blobs: BlobStore,
  owner: string,
  kind: 'logo' | 'hero',
  dataUrl: string,
): Promise<string> {
  const { width, height, quality } = SIZES[kind];
  const image = await cleanImage(dataUrlBytes(dataUrl) ?? Buffer.alloc(0), QR_UPLOAD, owner, {
    format: 'webp',
    quality,
    fit: { width, height },
  });
  const id = qrImageBlobId();
  await blobs.put(id, image.bytes, image.contentType);
  return `/qr-images/${id}`;
}
