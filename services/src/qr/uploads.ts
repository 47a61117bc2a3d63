import { QR_MESSAGES, QR_UPLOAD_MAX_BYTES } from '@studio/events/rules';
import sharp from 'sharp';
import type { BlobStore } from '../platform/blobs/port';
import { newId } from '../platform/ids';
import { cleanImage, dataUrlBytes, type UploadRule } from '../platform/uploads/image';
import { HERO_FALLBACK_WIDTH, HERO_WIDTHS, heroVariantId } from './hero';

/** A logo or hero arrives as a data URL inside JSON: at most 5 MB of image. */
export const QR_UPLOAD: UploadRule = {
  field: 'dataUrl',
  maxBytes: QR_UPLOAD_MAX_BYTES,
  tooLarge: QR_MESSAGES.uploadTooLarge,
  jsonBytes: 8 * 1024 * 1024,
};

/**
 * The logo is drawn 72 px tall with its own width (up to the page's): kept at twice that, so a
 * square logo is 144 px and a 4:1 wordmark 576×144, sharp on a DPR 2 phone and never squeezed.
 */
const LOGO = { width: 576, height: 144, quality: 75 };
/** The hero's largest variant: 1440 px covers the 440 px banner at DPR 3. */
const HERO_MASTER = { width: 1440, height: 1440 };

export const qrImageBlobId = () => `qr-img-${newId()}.webp`;

/**
 * An uploaded logo or hero image goes through the upload pipeline (PNG, JPEG or WebP by its
 * bytes, pixel and time limits, no metadata), shrunk to what the page shows and re-encoded.
 * Returns the public path the landing settings refer to. A hero becomes a 3:2 banner (cropped
 * around the centre, as the page would) in several widths, WebP and AVIF (`hero.ts`), so the page
 * can offer a `srcset` and each phone loads what its screen needs.
 */
export async function storeLandingImage(
  blobs: BlobStore,
  owner: string,
  kind: 'logo' | 'hero',
  dataUrl: string,
): Promise<string> {
  const bytes = dataUrlBytes(dataUrl) ?? Buffer.alloc(0);
  if (kind === 'hero') return storeHero(blobs, owner, bytes);
  const image = await cleanImage(bytes, QR_UPLOAD, owner, {
    format: 'webp',
    quality: LOGO.quality,
    fit: { width: LOGO.width, height: LOGO.height },
  });
  const id = qrImageBlobId();
  await blobs.put(id, image.bytes, image.contentType);
  return `/qr-images/${id}`;
}

async function storeHero(blobs: BlobStore, owner: string, bytes: Buffer): Promise<string> {
  // Checked and stripped once by the pipeline; the variants are cut from the clean copy.
  const clean = await cleanImage(bytes, QR_UPLOAD, owner, { format: 'png', fit: HERO_MASTER });
  const uuid = newId();
  const banner = (width: number) =>
    sharp(clean.bytes).resize({
      width,
      height: Math.round((width * 2) / 3),
      fit: 'cover',
      position: 'centre',
    });
  const variants = await Promise.all([
    banner(HERO_FALLBACK_WIDTH)
      .webp({ quality: 60 })
      .toBuffer()
      .then((data) => ({ id: heroVariantId(uuid), data, type: 'image/webp' })),
    // Every width, even from a small picture: the page's srcset can then list them all.
    ...HERO_WIDTHS.flatMap((w) => [
      banner(w)
        .webp({ quality: 60 })
        .toBuffer()
        .then((data) => ({ id: heroVariantId(uuid, w, 'webp'), data, type: 'image/webp' })),
      banner(w)
        .avif({ quality: 50, effort: 2 })
        .toBuffer()
        .then((data) => ({ id: heroVariantId(uuid, w, 'avif'), data, type: 'image/avif' })),
    ]),
  ]);
  for (const v of variants) await blobs.put(v.id, v.data, v.type);
  return `/qr-images/${heroVariantId(uuid)}`;
}
