import { IMAGE_UPLOAD_MAX_BYTES } from '@studio/events';
import type Koa from 'koa';
import sharp, { type Metadata } from 'sharp';
import type { BlobStore } from '../../platform/blobs/port';
import { DomainError } from '../../platform/errors';
import { jsonBody } from '../../platform/http/app';
import { artifactBlobId } from '../artifacts';

/** spec 02 §5 messages for the editor's upload. */
export const INVALID_TYPE = 'Invalid File Type: Please select an image file (JPG, PNG, etc.)';
export const TOO_LARGE = 'File Too Large: Please select an image smaller than 10MB';
/**
 * Decompression bombs: a small file that expands to a huge bitmap is refused from its header,
 * before decoding. 40 megapixels is a 7300 × 5500 photo; an animation counts all its frames.
 */
export const MAX_PIXELS = 40_000_000;
/** spec 02 §9: JPG, PNG, GIF, WebP — what sharp reports for them. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp']);

/** The format the bytes say they are (magic numbers), whatever the data URL or file name claims. */
export function sniffImageFormat(bytes: Buffer): 'jpeg' | 'png' | 'gif' | 'webp' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  const head = bytes.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

const invalid = () => new DomainError('VALIDATION', INVALID_TYPE, { field: 'originalImageUrl' });
const tooLarge = () => new DomainError('VALIDATION', TOO_LARGE, { field: 'originalImageUrl' });

/**
 * The editor's upload is untrusted. Only JPG, PNG, GIF and WebP are accepted, judged by their
 * bytes (an SVG — which could carry script or fetch other files — or a renamed text file is
 * refused before any decoder sees it); the header's size is checked against the pixel limit,
 * all frames counted; then sharp decodes the first frame, turns it upright, drops metadata
 * (EXIF GPS) and it is stored as PNG beside the job's other files.
 */
export async function normaliseUploadedImage(dataUrl: string, maxPixels = MAX_PIXELS): Promise<Buffer> {
  const match = /^data:[^;,]{0,100}(;[^,]{0,100})?,/.exec(dataUrl);
  if (!match?.[1]?.includes('base64')) throw invalid();
  const bytes = Buffer.from(dataUrl.slice(match[0].length), 'base64');
  if (bytes.length === 0) throw invalid();
  if (bytes.length > IMAGE_UPLOAD_MAX_BYTES) throw tooLarge();
  const sniffed = sniffImageFormat(bytes);
  if (!sniffed) throw invalid();
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw invalid();
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw invalid();
  const frames = metadata.pages ?? 1;
  const width = metadata.width ?? 0;
  const height = metadata.pageHeight ?? metadata.height ?? 0;
  if (width === 0 || height === 0) throw invalid();
  if (width * height * frames > maxPixels) throw tooLarge();
  try {
    return await sharp(bytes, { limitInputPixels: maxPixels, animated: false, failOn: 'error' })
      .rotate()
      .png()
      .toBuffer();
  } catch {
    throw invalid();
  }
}

export async function storeUploadedImage(
  blobs: BlobStore,
  generationId: string,
  dataUrl: string,
): Promise<string> {
  const png = await normaliseUploadedImage(dataUrl);
  const info = await blobs.put(artifactBlobId(generationId, 'original', 'png'), png, 'image/png');
  return info.id;
}

/**
 * The editor's JSON body holds the image as a data URL: room for 10 MB of image and a bit more,
 * so that a file somewhat over the limit gets the spec's "File Too Large" message from the
 * schema; a body beyond this is refused unread with the same message.
 */
export const UPLOAD_BODY_LIMIT_BYTES = Math.ceil((IMAGE_UPLOAD_MAX_BYTES * 2 * 4) / 3);

export function uploadBody(): Koa.Middleware {
  const parse = jsonBody(`${UPLOAD_BODY_LIMIT_BYTES}b`);
  return async (ctx, next) => {
    try {
      await parse(ctx, next);
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      if (status === 413)
        throw new DomainError('PAYLOAD_TOO_LARGE', TOO_LARGE, { field: 'originalImageUrl' });
      throw error;
    }
  };
}
