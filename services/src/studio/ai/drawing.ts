import sharp from 'sharp';
import { motifFor, type Paint } from './motifs';
import type { ImageStyle } from './provider';

/** The offline provider's pictures are square, like the image models' own default size. */
export const DRAWING_SIZE = 1024;
/** Recorded in every PNG the product makes (issue 10: pictures people can print). */
/** Recorded in the drawings, like every PNG the product makes. */
const PRINT_DPI = 300;

const PASTELS = ['#ffd6a5', '#fdffb6', '#caffbf', '#9bf6ff', '#a0c4ff', '#bdb2ff', '#ffc6ff', '#ffadad'];

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

/** "DEMO" drawn as strokes, so that the label shows even where no font is installed. */
function demoLetters(x: number, y: number, height: number, ink: string): string {
  const u = height / 6;
  const letters = [
    'M0 0 L0 6 L2.4 6 Q4 6 4 4.4 L4 1.6 Q4 0 2.4 0 Z',
    'M4 0 L0 0 L0 6 L4 6 M0 3 L3 3',
    'M0 6 L0 0 L2 3.2 L4 0 L4 6',
    'M2 0 Q4 0 4 3 Q4 6 2 6 Q0 6 0 3 Q0 0 2 0 Z',
  ];
  return letters
    .map(
      (d, i) =>
        `<path d="${d}" transform="translate(${x + i * 6 * u} ${y}) scale(${u})" fill="none" stroke="${ink}" stroke-width="${0.9}" stroke-linejoin="round" stroke-linecap="round"/>`,
    )
    .join('');
}

/** The first words of the prompt that fit on one line of the caption. */
export function caption(prompt: string, maxChars = 34): string {
  const words = prompt.replace(/\s+/g, ' ').trim().split(' ');
  let text = '';
  for (const word of words) {
    const next = text ? `${text} ${word}` : word;
    if (next.length > maxChars) break;
    text = next;
  }
  return text || (words[0] ?? '').slice(0, maxChars);
}

/** The label band across the bottom: DEMO in strokes and the prompt's first words. */
export function demoBand(width: number, height: number, prompt: string, prefix = 'Offline demo'): string {
  const band = Math.round(height * 0.1);
  const top = height - band - Math.round(height * 0.04);
  const margin = Math.round(width * 0.06);
  const letters = band * 0.5;
  const text = escapeXml(`${prefix}: ${caption(prompt)}`);
  return `<g>
  <rect x="${margin}" y="${top}" width="${width - 2 * margin}" height="${band}" rx="${band * 0.2}" fill="#ffffff" stroke="#000000" stroke-width="${Math.max(2, band * 0.05)}"/>
  ${demoLetters(margin + band * 0.3, top + band * 0.25, letters, '#000000')}
  <text x="${margin + band * 0.3 + letters * 4.3}" y="${top + band * 0.64}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${band * 0.3}" fill="#000000">${text}</text>
</g>`;
}

/**
 * A vector scene for the prompt: the subject's motif (seeded, so the same prompt draws the
 * same picture), a few background details, a frame and the demo label. Coloring pages are
 * outlines on white; illustrations are filled with pastel colours.
 */
export function sceneSvg(prompt: string, style: ImageStyle, random: () => number): string {
  const size = DRAWING_SIZE;
  const coloring = style === 'coloring';
  const paint: Paint = {
    fill: () => (coloring ? '#ffffff' : (PASTELS[Math.floor(random() * PASTELS.length)] ?? '#ffffff')),
    ink: '#000000',
    stroke: 9,
  };
  const motif = motifFor(prompt);
  const scale = 1 + random() * 0.15;
  const sky = coloring ? '#ffffff' : '#e8f4ff';
  let details = '';
  for (let i = 0; i < 3; i++) {
    const x = 90 + random() * (size - 180);
    const y = 80 + random() * 120;
    details += `<g transform="translate(${x} ${y})"><circle cx="-30" cy="0" r="26" ${cloud(paint)}/><circle cx="0" cy="-14" r="34" ${cloud(paint)}/><circle cx="32" cy="0" r="26" ${cloud(paint)}/></g>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" fill="${sky}"/>
  ${details}
  <g transform="translate(${size / 2} ${size * 0.46}) scale(${scale * 1.12})">${motif.draw(random, paint)}</g>
  <rect x="22" y="22" width="${size - 44}" height="${size - 44}" fill="none" stroke="#000000" stroke-width="10"/>
  ${demoBand(size, size, prompt)}
</svg>`;
}

const cloud = (paint: Paint) => `fill="#ffffff" stroke="${paint.ink}" stroke-width="${paint.stroke * 0.6}"`;

/** Rasterises an SVG with sharp; coloring pages are thresholded to pure black and white. */
export async function rasterise(svg: string, style: ImageStyle): Promise<Buffer> {
  const image = sharp(Buffer.from(svg));
  const pixels =
    style === 'coloring'
      ? image.flatten({ background: '#ffffff' }).threshold(160)
      : image.flatten({ background: '#ffffff' });
  return pixels.withDensity(PRINT_DPI).png({ compressionLevel: 9 }).toBuffer();
}

/**
 * The offline "edit": the original, tinted toward a colour chosen from the prompt, with a demo
 * band saying what was asked. The size is kept.
 */
export async function demoEdit(original: Buffer, prompt: string, random: () => number): Promise<Buffer> {
  const base = sharp(original, { limitInputPixels: 40_000_000 }).rotate();
  const { width = DRAWING_SIZE, height = DRAWING_SIZE } = await base.metadata();
  const tint = PASTELS[Math.floor(random() * PASTELS.length)] ?? '#a0c4ff';
  const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="${width}" height="${height}" fill="${tint}" fill-opacity="0.45"/>
  <rect x="0" y="0" width="${width}" height="${height}" fill="none" stroke="#000000" stroke-width="${Math.max(4, width / 100)}"/>
  ${demoBand(width, height, prompt, 'Demo edit')}
</svg>`;
  return sharp(await base.flatten({ background: '#ffffff' }).png().toBuffer())
    .composite([{ input: Buffer.from(overlay), top: 0, left: 0 }])
    .withDensity(PRINT_DPI)
    .png({ compressionLevel: 9 })
    .toBuffer();
}
