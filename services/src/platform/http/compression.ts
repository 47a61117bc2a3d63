// Compresses responses built at run time (JSON answers, the shell page, any file without a
// precompressed variant) with brotli or gzip, whichever the browser prefers. Static bundles are
// precompressed at build time and carry Content-Encoding already, so they pass untouched.

import { constants } from 'node:zlib';
import type Koa from 'koa';
import compress from 'koa-compress';

/** Smaller bodies gain nothing worth the CPU (and may grow). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Text worth compressing. Server-sent event streams never are: a compressor buffers, and the
 * browser would get each event late or never.
 */
export function shouldCompress(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'text/event-stream') return false;
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type === 'application/javascript' ||
    type === 'image/svg+xml'
  );
}

export function compression(): Koa.Middleware {
  const compressor = compress({
    filter: shouldCompress,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // Quality 5 keeps per-request brotli cheap; build-time assets use the maximum.
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
    gzip: { level: 6 },
    deflate: false,
  });
  const done = async () => {};
  return async (ctx, next) => {
    await next();
    // No body, or one of known length under the threshold (a redirect, a small answer): it is
    // sent as it is, without negotiating an encoding (a scan's redirect pays for every step).
    const length = ctx.body == null ? 0 : ctx.response.length;
    if (length !== undefined && length < COMPRESSION_THRESHOLD_BYTES) return;
    await compressor(ctx, done);
  };
}
