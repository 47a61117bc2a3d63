import { QR_MESSAGES, QR_UPLOAD_MAX_BYTES } from '@studio/events/rules';
import sharp from 'sharp';
import type { BlobStore } from '../platform/blobs/port';
import { newId } from '../platform/ids';
import { dataUrlBytes, processUpload, type UploadRule } from '../platform/uploads/image';
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
/**
 * libaom's fastest preset: measured on a 1440 px banner of noise, 0.6 CPU-seconds against 3.5 at
 * effort 2 for a file 2% larger (a smooth photo: 0.16 against 0.41 s, 4%). Heroes are uploaded
 * free, so their cost is the account's allowance times this.
 */
const AVIF_EFFORT = 0;
/** The hero's largest variant: 1440 px covers the 440 px banner at DPR 3. */
const HERO_MASTER = { width: 1440, height: 1440 };

export const qrImageBlobId = () => `qr-img-${newId()}.webp`;

/** What an upload kept: the path the landing settings refer to, its blobs and their bytes. */
export interface StoredImage {
  path: string;
  blobIds: string[];
  bytes: number;
}

/**
 * An uploaded logo or hero image goes through the upload pipeline (PNG, JPEG or WebP by its
 * bytes, pixel and time limits, no metadata), shrunk to what the page shows and re-encoded, and
 * is written to the blob store. A hero becomes a 3:2 banner (cropped around the centre, as the
 * page would) in several widths, WebP and AVIF (`hero.ts`), so the page can offer a `srcset` and
 * each phone loads what its screen needs. All of it runs inside the account's decode slot, one
 * encoding after another (one thread of the pool per upload, not seven).
 */
export function storeLandingImage(
  blobs: BlobStore,
  owner: string,
  kind: 'logo' | 'hero',
  dataUrl: string,
): Promise<StoredImage> {
  const bytes = dataUrlBytes(dataUrl) ?? Buffer.alloc(0);
  if (kind === 'hero') return storeHero(blobs, owner, bytes);
  return processUpload(
    bytes,
    QR_UPLOAD,
    owner,
    { format: 'webp', quality: LOGO.quality, fit: { width: LOGO.width, height: LOGO.height } },
    async (image) => {
      const id = qrImageBlobId();
      await blobs.put(id, image.bytes, image.contentType);
      return { path: `/qr-images/${id}`, blobIds: [id], bytes: image.bytes.length };
    },
  );
}

function storeHero(blobs: BlobStore, owner: string, bytes: Buffer): Promise<StoredImage> {
  // Checked and stripped once by the pipeline; the variants are cut from the clean copy.
  return processUpload(bytes, QR_UPLOAD, owner, { format: 'png', fit: HERO_MASTER }, async (clean) => {
    const uuid = newId();
    const banner = (width: number) =>
      sharp(clean.bytes).resize({
        width,
        height: Math.round((width * 2) / 3),
        fit: 'cover',
        position: 'centre',
      });
    // Every width, even from a small picture: the page's srcset can then list them all.
    const variants: Array<{ id: string; make: () => Promise<Buffer>; type: string }> = [
      {
        id: heroVariantId(uuid),
        make: () => banner(HERO_FALLBACK_WIDTH).webp({ quality: 60 }).toBuffer(),
        type: 'image/webp',
      },
      ...HERO_WIDTHS.flatMap((w) => [
        {
          id: heroVariantId(uuid, w, 'webp'),
          make: () => banner(w).webp({ quality: 60 }).toBuffer(),
          type: 'image/webp',
        },
        {
          id: heroVariantId(uuid, w, 'avif'),
          make: () => banner(w).avif({ quality: 50, effort: AVIF_EFFORT }).toBuffer(),
          type: 'image/avif',
        },
      ]),
    ];
    let total = 0;
    for (const variant of variants) {
      const data = await variant.make();
      await blobs.put(variant.id, data, variant.type);
      total += data.length;
    }
    return { path: `/qr-images/${heroVariantId(uuid)}`, blobIds: variants.map((v) => v.id), bytes: total };
  });
}
