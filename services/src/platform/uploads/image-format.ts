/**
 * Which image a file is, judged by its bytes only (never its name or declared type): exactly one
 * complete PNG, JPEG or WebP, or nothing. A file that starts as one of them and goes on as
 * something else (HTML, a ZIP, a PDF: a polyglot), or is cut short, is not an image here.
 */
export type ImageFormat = 'png' | 'jpeg' | 'webp';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Where a PDF reader, a browser's sniffer or a script host looks for its own format. */
const FOREIGN_HEAD_BYTES = 1024;
const FOREIGN_SIGNATURES = ['%pdf-', '<svg', '<html', '<script', '<!doctype', '<?php', '<body'];

export function identifyImage(bytes: Buffer): ImageFormat | null {
  const format = containerFormat(bytes);
  if (!format) return null;
  const head = bytes.subarray(0, FOREIGN_HEAD_BYTES).toString('latin1').toLowerCase();
  return FOREIGN_SIGNATURES.some((signature) => head.includes(signature)) ? null : format;
}

function containerFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return pngEnd(bytes) === bytes.length ? 'png' : null;
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    const end = jpegEnd(bytes, 0);
    return end !== null && cameraTrailer(bytes.subarray(end)) ? 'jpeg' : null;
  }
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    // The RIFF size covers the whole file (a chunk of odd length is padded by one byte).
    const size = bytes.readUInt32LE(4) + 8;
    return size === bytes.length || (size % 2 === 1 && size + 1 === bytes.length) ? 'webp' : null;
  }
  return null;
}

/** The offset just after a PNG's IEND chunk, walking every chunk; null when the walk breaks. */
function pngEnd(bytes: Buffer): number | null {
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.subarray(at + 4, at + 8).toString('latin1');
    const next = at + 12 + length;
    if (next > bytes.length) return null;
    if (type === 'IEND') return next;
    at = next;
  }
  return null;
}

/**
 * The offset just after a JPEG's end-of-image marker: marker segments are walked by their
 * lengths, entropy-coded data is scanned (a 0xFF there is always stuffed or a marker).
 */
function jpegEnd(bytes: Buffer, start: number): number | null {
  let at = start + 2;
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] as number;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) return at + 2;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    if (at + 4 > bytes.length) return null;
    const next = at + 2 + bytes.readUInt16BE(at + 2);
    if (next > bytes.length) return null;
    at = marker === 0xda ? entropyEnd(bytes, next) : next;
  }
  return null;
}

/** After a start-of-scan: the next marker that is neither a stuffed 0xFF00 nor a restart. */
function entropyEnd(bytes: Buffer, from: number): number {
  let at = from;
  for (;;) {
    at = bytes.indexOf(0xff, at);
    if (at < 0 || at + 1 >= bytes.length) return bytes.length;
    const next = bytes[at + 1] as number;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) at += 1;
    else return at;
  }
}

/**
 * What phones append after a JPEG's end is kept out of the stored image anyway, but only these
 * are allowed, so that a JPEG cannot carry another file: padding, more pictures of a
 * multi-picture file (JPEGs), and a motion photo's video (ISO media boxes to the very end).
 */
function cameraTrailer(rest: Buffer): boolean {
  if (rest.every((byte) => byte === 0x00 || byte === 0xff)) return true;
  if (rest.length >= 3 && rest[0] === 0xff && rest[1] === 0xd8 && rest[2] === 0xff) {
    const end = jpegEnd(rest, 0);
    return end !== null && cameraTrailer(rest.subarray(end));
  }
  return isoMediaBoxes(rest);
}

function isoMediaBoxes(rest: Buffer): boolean {
  if (rest.length < 8 || rest.subarray(4, 8).toString('latin1') !== 'ftyp') return false;
  let at = 0;
  while (at < rest.length) {
    if (at + 8 > rest.length) return false;
    let size = rest.readUInt32BE(at);
    if (size === 1) {
      if (at + 16 > rest.length) return false;
      size = Number(rest.readBigUInt64BE(at + 8));
    } else if (size === 0) size = rest.length - at;
    if (size < 8 || at + size > rest.length) return false;
    at += size;
  }
  return true;
}
