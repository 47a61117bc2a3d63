import { IMAGE_UPLOAD_MAX_BYTES } from '@studio/events';
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
