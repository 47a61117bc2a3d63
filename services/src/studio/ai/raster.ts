import { deflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { GLYPH_HEIGHT, GLYPH_WIDTH, glyph } from './font';

// Local aliases: a global `Math` lookup per pixel is very slow inside jest's VM context.
const { abs, ceil, cos, floor, hypot, max, min, round, sin, sqrt } = Math;

export type Rgb = readonly [number, number, number];
export const BLACK: Rgb = [0, 0, 0];
export const WHITE: Rgb = [255, 255, 255];

/** A small RGB raster with the few shapes the offline provider draws, encoded as PNG. */
export class Raster {
  /** RGB, row-major, 3 bytes a pixel. */
  private readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb = WHITE,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
    this.fillRect(0, 0, width, height, background);
  }

  static fromPng(data: Buffer): Raster {
    const decoded = PNG.sync.read(data);
    const raster = new Raster(decoded.width, decoded.height);
    for (let p = 0, q = 0; p < decoded.data.length; p += 4, q += 3) {
      raster.pixels[q] = decoded.data[p] ?? 0;
      raster.pixels[q + 1] = decoded.data[p + 1] ?? 0;
      raster.pixels[q + 2] = decoded.data[p + 2] ?? 0;
    }
    return raster;
  }

  get(x: number, y: number): Rgb {
    const i = (y * this.width + x) * 3;
    const d = this.pixels;
    return [d[i] ?? 0, d[i + 1] ?? 0, d[i + 2] ?? 0];
  }

  set(x: number, y: number, color: Rgb): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (floor(y) * this.width + floor(x)) * 3;
    this.pixels[i] = color[0];
    this.pixels[i + 1] = color[1];
    this.pixels[i + 2] = color[2];
  }

  fillRect(x: number, y: number, w: number, h: number, color: Rgb): void {
    for (let j = max(0, y); j < min(this.height, y + h); j++) {
      for (let i = max(0, x); i < min(this.width, x + w); i++) this.set(i, j, color);
    }
  }

  /** Outline of an ellipse (circle when rx = ry), rotated by `angle`, with a stroke width. */
  strokeEllipse(
    cx: number,
    cy: number,
    rx: number,
    ry: number,
    stroke: number,
    color: Rgb = BLACK,
    angle = 0,
  ): void {
    const reach = max(rx, ry) + stroke;
    const cosA = cos(angle);
    const sinA = sin(angle);
    for (let y = floor(cy - reach); y <= cy + reach; y++) {
      for (let x = floor(cx - reach); x <= cx + reach; x++) {
        const dx = x - cx;
        const dy = y - cy;
        const u = (dx * cosA + dy * sinA) / rx;
        const v = (-dx * sinA + dy * cosA) / ry;
        const distance = sqrt(u * u + v * v);
        // Distance from the outline, in pixels, approximated along the smaller radius.
        if (abs(distance - 1) * min(rx, ry) <= stroke / 2) this.set(x, y, color);
      }
    }
  }

  fillEllipse(cx: number, cy: number, rx: number, ry: number, color: Rgb, angle = 0): void {
    const reach = max(rx, ry);
    const cosA = cos(angle);
    const sinA = sin(angle);
    for (let y = floor(cy - reach); y <= cy + reach; y++) {
      for (let x = floor(cx - reach); x <= cx + reach; x++) {
        const u = ((x - cx) * cosA + (y - cy) * sinA) / rx;
        const v = (-(x - cx) * sinA + (y - cy) * cosA) / ry;
        if (u * u + v * v <= 1) this.set(x, y, color);
      }
    }
  }

  line(x0: number, y0: number, x1: number, y1: number, stroke: number, color: Rgb = BLACK): void {
    const steps = ceil(hypot(x1 - x0, y1 - y0));
    const r = stroke / 2;
    for (let s = 0; s <= steps; s++) {
      const t = steps === 0 ? 0 : s / steps;
      const x = x0 + (x1 - x0) * t;
      const y = y0 + (y1 - y0) * t;
      this.fillRect(round(x - r), round(y - r), max(1, round(stroke)), max(1, round(stroke)), color);
    }
  }

  /** Text in the built-in bitmap font, `scale` pixels per font dot; returns the drawn width. */
  text(x: number, y: number, content: string, scale: number, color: Rgb = BLACK): number {
    let cursor = x;
    for (const char of content) {
      const rows = glyph(char);
      rows.forEach((bits, row) => {
        for (let col = 0; col < GLYPH_WIDTH; col++) {
          if (bits & (1 << (GLYPH_WIDTH - 1 - col)))
            this.fillRect(cursor + col * scale, y + row * scale, scale, scale, color);
        }
      });
      cursor += (GLYPH_WIDTH + 1) * scale;
    }
    return cursor - x;
  }

  static textWidth(content: string, scale: number): number {
    return [...content].length * (GLYPH_WIDTH + 1) * scale;
  }

  static readonly textHeight = (scale: number) => GLYPH_HEIGHT * scale;

  /** Encodes as an 8-bit RGB PNG (no filtering: line art compresses well as it is). */
  toPng(): Buffer {
    const stride = this.width * 3;
    const raw = Buffer.alloc((stride + 1) * this.height);
    for (let y = 0; y < this.height; y++) {
      raw[y * (stride + 1)] = 0;
      raw.set(this.pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([8, 2, 0, 0, 0], 8);
    return Buffer.concat([
      PNG_SIGNATURE,
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw, { level: 6 })),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

const PNG_SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
