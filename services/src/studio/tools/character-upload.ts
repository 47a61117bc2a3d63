import { readFile } from 'node:fs/promises';
import { IMAGE_UPLOAD_MAX_BYTES } from '@studio/events';
import sharp from 'sharp';
import type { BlobStore } from '../../platform/blobs/port';
import { DomainError } from '../../platform/errors';
import { artifactBlobId } from '../artifacts';

const INVALID_TYPE = 'Invalid File Type: Please select an image file (JPG, PNG, etc.)';
const TOO_LARGE = 'File Too Large: Please select an image smaller than 10MB';
const MAX_PIXELS = 40_000_000;

/** The multipart part as koa-body (formidable) leaves it: a temporary file. */
export interface UploadedPart {
  filepath: string;
  size: number;
}

/**
 * The kids book's optional character picture (a multipart file): untrusted, so it is decoded by
 * sharp (refusing non-images and decompression bombs), turned upright, stripped of metadata and
 * stored as PNG beside the job's other files, as the image editor's uploads are.
 */
export async function storeCharacterImage(
  blobs: BlobStore,
  generationId: string,
  part: UploadedPart,
): Promise<string> {
  if (part.size > IMAGE_UPLOAD_MAX_BYTES)
    throw new DomainError('VALIDATION', TOO_LARGE, { field: 'characterImage' });
  const bytes = await readFile(part.filepath);
  let png: Buffer;
  try {
    png = await sharp(bytes, { limitInputPixels: MAX_PIXELS, animated: false }).rotate().png().toBuffer();
  } catch {
    throw new DomainError('VALIDATION', INVALID_TYPE, { field: 'characterImage' });
  }
  const info = await blobs.put(artifactBlobId(generationId, 'character', 'png'), png, 'image/png');
  return info.id;
}
