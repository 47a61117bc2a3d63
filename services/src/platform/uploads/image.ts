import { UPLOAD_MESSAGES } from '@studio/events/rules';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { DomainError } from '../errors';
import { DecodeSlots } from './decode-slots';
import { type ImageFormat, identifyImage } from './image-format';

/**
 * Decompression bombs: a small file that expands to a huge bitmap is refused from its header,
 * before decoding. 40 megapixels is a 7300 × 5500 photo; an animation counts all its frames.
 */
export const MAX_PIXELS = 40_000_000;
/** A decode that takes longer is abandoned (libvips stops at the next tile). */
const DECODE_TIMEOUT_SECONDS = 5;
/**
 * Uploads one account may process at once (a few, so that one client cannot occupy every core),
 * and the process at once: two, leaving libuv's other threads to sign-ins and files.
 */
const decodes = new DecodeSlots(2, 2);

/** How one route takes its file: the form field, the byte limits and the "too large" text. */
export interface UploadRule {
  field: string;
  /** The most the picture itself may hold. */
  maxBytes: number;
  /** The most a JSON body may hold (a data URL is 4/3 of its bytes). */
  jsonBytes: number;
  tooLarge: string;
  /** Pixels the decoded picture may hold, all frames counted (default MAX_PIXELS). */
  maxPixels?: number;
}

/** What is kept of an upload: re-encoded, upright, without metadata. */
export interface CleanImage {
  bytes: Buffer;
  format: ImageFormat;
  contentType: string;
  width: number;
  height: number;
}

/** How the kept image is encoded: its own format (the default) or a fixed one, within a box. */
export interface Output {
  format?: ImageFormat;
  quality?: number;
  fit?: { width: number; height: number };
}

const CONTENT_TYPES: Record<ImageFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/**
 * The one pipeline every uploaded picture goes through, in memory:
 * 1. the bytes must be exactly one PNG, JPEG or WebP (415 otherwise, naming them);
 * 2. the header's size is checked against the pixel limit before anything is decoded;
 * 3. sharp decodes it with the pixel limit and a time limit, at most two decodes per account;
 * 4. it is turned upright and re-encoded without any metadata (EXIF, GPS, XMP, comments), in its
 *    own format unless the route asks for another, so a JPEG stays about the size it came.
 * Nothing is written anywhere: the caller stores the result once its request was accepted.
 */
export function cleanImage(
  bytes: Buffer,
  rule: UploadRule,
  owner: string,
  output: Output = {},
): Promise<CleanImage> {
  return processUpload(bytes, rule, owner, output, async (clean) => clean);
}

/**
 * `cleanImage`, then `derive` from the clean copy (the variants a QR hero is cut into, their
 * writes), all of it inside the account's decode slot: the per-account budget covers every bit of
 * an upload's work, not only its decoding.
 */
export async function processUpload<T>(
  bytes: Buffer,
  rule: UploadRule,
  owner: string,
  output: Output,
  derive: (clean: CleanImage) => Promise<T>,
): Promise<T> {
  const refuse = (code: 'VALIDATION' | 'UNSUPPORTED_MEDIA_TYPE' | 'PAYLOAD_TOO_LARGE', message: string) =>
    new DomainError(code, message, { field: rule.field });
  if (bytes.length > rule.maxBytes) throw refuse('PAYLOAD_TOO_LARGE', rule.tooLarge);
  const format = identifyImage(bytes);
  if (!format) throw refuse('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.type);
  return decodes.run(owner, async () => {
    let metadata: Metadata;
    try {
      metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    } catch {
      throw refuse('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.type);
    }
    if (metadata.format !== format) throw refuse('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.type);
    const frames = metadata.pages ?? 1;
    const width = metadata.width ?? 0;
    const height = metadata.pageHeight ?? metadata.height ?? 0;
    if (width === 0 || height === 0) throw refuse('VALIDATION', UPLOAD_MESSAGES.unreadable);
    const maxPixels = rule.maxPixels ?? MAX_PIXELS;
    if (width * height * frames > maxPixels) throw refuse('VALIDATION', rule.tooLarge);
    let clean: CleanImage;
    try {
      const image = sharp(bytes, { limitInputPixels: maxPixels, animated: false, failOn: 'error' })
        .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
        .rotate();
      const fitted = output.fit
        ? image.resize({ ...output.fit, fit: 'inside', withoutEnlargement: true })
        : image;
      const kept = output.format ?? format;
      const { data, info } = await encode(fitted, kept, output.quality).toBuffer({ resolveWithObject: true });
      clean = {
        bytes: data,
        format: kept,
        contentType: CONTENT_TYPES[kept],
        width: info.width,
        height: info.height,
      };
    } catch {
      throw refuse('VALIDATION', UPLOAD_MESSAGES.unreadable);
    }
    return derive(clean);
  });
}

function encode(image: Sharp, format: ImageFormat, quality = 90): Sharp {
  if (format === 'png') return image.png();
  if (format === 'jpeg') return image.jpeg({ quality });
  return image.webp({ quality });
}

/** A data URL's bytes, whatever type it declares (the bytes decide); null when it is not base64. */
export function dataUrlBytes(dataUrl: string): Buffer | null {
  const match = /^data:[^;,]{0,100}(;[^,]{0,100})?,/.exec(dataUrl);
  if (!match?.[1]?.includes('base64')) return null;
  return Buffer.from(dataUrl.slice(match[0].length), 'base64');
}
