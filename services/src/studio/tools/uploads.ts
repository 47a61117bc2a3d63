import { IMAGE_UPLOAD_MAX_BYTES } from '@studio/events';
import { characterPhotoProblem } from '@studio/events/rules';
import sharp from 'sharp';
import { DomainError } from '../../platform/errors';
import type { UploadRule } from '../../platform/uploads/image';

const TOO_LARGE = 'File Too Large: Please select an image smaller than 10MB';

/**
 * The editor's picture travels as a data URL inside JSON: room for 10 MB of image and a bit
 * more, so that a file somewhat over the limit gets the "File Too Large" message from the
 * schema; a body beyond this is a 413 with the same message, at the limit.
 */
export const EDITOR_UPLOAD: UploadRule = {
  field: 'originalImageUrl',
  maxBytes: IMAGE_UPLOAD_MAX_BYTES,
  tooLarge: TOO_LARGE,
  jsonBytes: Math.ceil((IMAGE_UPLOAD_MAX_BYTES * 2 * 4) / 3),
};

/** The kids book's character picture: a multipart file (the form is JSON when there is none). */
export const CHARACTER_UPLOAD: UploadRule = {
  field: 'characterImage',
  maxBytes: IMAGE_UPLOAD_MAX_BYTES,
  tooLarge: TOO_LARGE,
  jsonBytes: 100 * 1024,
};

/**
 * A character photo big enough for the pictures to keep the child's likeness (read upright: a
 * phone photo's EXIF orientation turns it), else a 400 with advice the author can act on. The
 * upload pipeline has judged the bytes already; a header sharp cannot read is left to it.
 */
export async function requireLikenessPhoto(file: Buffer): Promise<void> {
  const meta = await sharp(file, { limitInputPixels: 40_000_000 })
    .metadata()
    .catch(() => undefined);
  if (!meta?.width || !meta.height) return;
  const turned = (meta.orientation ?? 1) >= 5;
  const problem = characterPhotoProblem(turned ? meta.height : meta.width, turned ? meta.width : meta.height);
  // `override` names the request flag that goes on with the photo, so a form can offer it.
  if (problem)
    throw new DomainError('VALIDATION', problem, { field: 'characterImage', override: 'acceptSmallPhoto' });
}
