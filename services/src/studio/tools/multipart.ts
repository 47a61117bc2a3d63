import { IMAGE_UPLOAD_MAX_BYTES } from '@studio/events';
import { koaBody } from 'koa-body';

/**
 * Multipart bodies for the tools that upload a file: one file of at most 10 MB (spec 02 §9), a
 * few small text fields; JSON is still read for clients that send no file.
 */
export const multipartBody = koaBody({
  multipart: true,
  urlencoded: false,
  text: false,
  json: true,
  jsonLimit: '100kb',
  jsonStrict: true,
  formidable: {
    maxFiles: 1,
    maxFileSize: IMAGE_UPLOAD_MAX_BYTES,
    maxFields: 10,
    maxFieldsSize: 64 * 1024,
    allowEmptyFiles: false,
    minFileSize: 1,
  },
});
