import sharp from 'sharp';
import { applyEffects } from './edits';
import { motifFor, motifsIn, type Paint } from './motifs';
import type { ImageStyle } from './provider';

/** The offline provider's pictures are square, like the image models' own default size. */
export const DRAWING_SIZE = 1024;
/** Recorded in every PNG the product makes (pictures people can print). */
/** Recorded in the drawings, like every PNG the product makes. */
const PRINT_DPI = 300;

const PASTELS = ['#ffd6a5', '#fdffb6', '#caffbf', '#9bf6ff', '#a0c4ff', '#bdb2ff', '#ffc6ff', '#ffadad'];

/** Escaped for SVG; control characters (XML cannot hold them: librsvg refuses the file) dropped. */
const escapeXml = (text: string) =>
  text
    .replace(/(?![\t\n\r])\p{Cc}/gu, '')
    .replace(
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

/** Words a cut caption must not end on ("Mia, a girl, in a" reads as broken). */
const DANGLING = new Set([
  'a',
  'an',
  'the',
  'in',
  'on',
  'at',
  'of',
  'to',
  'and',
  'or',
  'with',
  'for',
  'from',
  'by',
]);

/**
 * The first words of the prompt that fit on one line of the caption; a cut one ends on a word
 * that carries meaning, and with an ellipsis (counted in the length) so it reads as cut.
 */
export function caption(prompt: string, maxChars = 34): string {
  const words = prompt.replace(/\s+/g, ' ').trim().split(' ');
  const kept: string[] = [];
  for (const word of words) {
    if ([...kept, word].join(' ').length > maxChars - (kept.length + 1 < words.length ? 1 : 0)) break;
    kept.push(word);
  }
  if (kept.length === words.length) return kept.join(' ');
  while (kept.length > 1 && DANGLING.has((kept.at(-1) ?? '').toLowerCase().replace(/[^a-z]/g, '')))
    kept.pop();
  const text = kept.join(' ').replace(/[,;:.\s-]+$/, '');
  return `${text || (words[0] ?? '').slice(0, maxChars - 1)}…`;
}

/**
 * The label band: DEMO in strokes and the prompt's first words, across the bottom (or the top,
 * where a kids book page keeps its text box at the bottom). The words are cut to what the band
 * holds at their size, so they never run out of it.
 */
export function demoBand(
  width: number,
  height: number,
  prompt: string,
  prefix = 'Offline demo',
  at: 'top' | 'bottom' = 'bottom',
): string {
  const band = Math.round(height * 0.1);
  const top = at === 'top' ? Math.round(height * 0.08) : height - band - Math.round(height * 0.04);
  const margin = Math.round(width * 0.08);
  const letters = band * 0.5;
  // About 0.6 em a character at 0.3 band high, in what is left of the band after DEMO.
  const room = width - 2 * margin - band * 0.6 - letters * 4.3;
  const text = escapeXml(caption(`${prefix}: ${prompt}`, Math.max(8, Math.floor(room / (band * 0.3 * 0.6)))));
  return `<g>
  <rect x="${margin}" y="${top}" width="${width - 2 * margin}" height="${band}" rx="${band * 0.2}" fill="#ffffff" stroke="#000000" stroke-width="${Math.max(2, band * 0.05)}"/>
  ${demoLetters(margin + band * 0.3, top + band * 0.25, letters, '#000000')}
  <text x="${margin + band * 0.3 + letters * 4.3}" y="${top + band * 0.64}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${band * 0.3}" fill="#000000">${text}</text>
</g>`;
}

/**
 * A vector scene for the prompt: the subject's motif (seeded, so the same prompt draws the
 * same picture), a few background details and the demo label. Coloring pages are outlines on
 * white inside a frame; illustrations are filled with pastel colours and run to their edges
 * with no frame (a kids book page bleeds: a line near the trim would be cut unevenly), their
 * label at the top, above the page's text box.
 */
export function sceneSvg(prompt: string, style: ImageStyle, random: () => number): string {
  const size = DRAWING_SIZE;
  const coloring = style === 'coloring';
  const paint: Paint = {
    fill: () => (coloring ? '#ffffff' : (PASTELS[Math.floor(random() * PASTELS.length)] ?? '#ffffff')),
    ink: '#000000',
    stroke: 9,
  };
  // A book's designs ("… (design 7)") take the prompt's subjects in turn, and each round
  // through them another setting and the other way round: no two designs alike.
  const design = Number(/\(design (\d+)\)/.exec(prompt)?.[1] ?? 1) - 1;
  const subjects = motifsIn(prompt.replace(/\(design \d+\)/, ''));
  const motif = subjects[design % subjects.length] ?? motifFor(prompt);
  const round = Math.floor(design / subjects.length);
  const setting = SETTINGS[round % SETTINGS.length] ?? SETTINGS[0];
  const mirror = round % 2 === 1 ? -1 : 1;
  const scale = 1 + random() * 0.15;
  const sky = coloring ? '#ffffff' : '#e8f4ff';
  // An illustration keeps its top for the demo label: the scene sits a little lower.
  const centre = coloring ? 0.46 : 0.54;
  const fit = coloring ? 1.12 : 0.98;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" fill="${sky}"/>
  ${setting?.(size, random, paint, coloring ? 80 : 230) ?? ''}
  <g transform="translate(${size / 2} ${size * centre}) scale(${mirror * scale * fit} ${scale * fit})">${motif.draw(random, paint)}</g>
  ${coloring ? `<rect x="22" y="22" width="${size - 44}" height="${size - 44}" fill="none" stroke="#000000" stroke-width="10"/>` : ''}
  ${demoBand(size, size, prompt.replace(/\s*\(design \d+\)/, ''), 'Offline demo', coloring ? 'bottom' : 'top')}
</svg>`;
}

type Setting = (size: number, random: () => number, paint: Paint, top: number) => string;
/** Backgrounds a design can stand in: clouds, a meadow, a starry night, hills. */
const SETTINGS: Setting[] = [
  (size, random, paint, top) => {
    let clouds = '';
    for (let i = 0; i < 3; i++) {
      const x = 90 + random() * (size - 180);
      const y = top + random() * 120;
      clouds += `<g transform="translate(${x} ${y})"><circle cx="-30" cy="0" r="26" ${cloud(paint)}/><circle cx="0" cy="-14" r="34" ${cloud(paint)}/><circle cx="32" cy="0" r="26" ${cloud(paint)}/></g>`;
    }
    return clouds;
  },
  (size, random, paint) => {
    let meadow = `<path d="M 40 ${size * 0.8} Q ${size / 2} ${size * 0.76} ${size - 40} ${size * 0.8}" fill="none" stroke="${paint.ink}" stroke-width="${paint.stroke * 0.8}" stroke-linecap="round"/>`;
    for (let i = 0; i < 6; i++) {
      const x = 80 + random() * (size - 160);
      const y = size * 0.8 + random() * 40;
      meadow += `<path d="M ${x} ${y} l -12 -34 M ${x} ${y} l 0 -40 M ${x} ${y} l 12 -34" ${lineAttrs(paint)}/>`;
    }
    return meadow;
  },
  (size, random, paint, top) => {
    let sky = `<path d="M ${size - 200} ${top + 30} a 60 60 0 1 0 60 90 a 45 45 0 1 1 -60 -90 Z" ${cloud(paint)}/>`;
    for (let i = 0; i < 7; i++) {
      const x = 70 + random() * (size - 340);
      const y = top + random() * 160;
      sky += `<path d="M ${x} ${y - 18} L ${x + 6} ${y - 6} L ${x + 18} ${y} L ${x + 6} ${y + 6} L ${x} ${y + 18} L ${x - 6} ${y + 6} L ${x - 18} ${y} L ${x - 6} ${y - 6} Z" ${cloud(paint)}/>`;
    }
    return sky;
  },
  (size, random, paint) => {
    const peak = size * (0.62 + random() * 0.06);
    return `<path d="M 0 ${size * 0.78} Q ${size * 0.25} ${peak} ${size * 0.5} ${size * 0.74} T ${size} ${size * 0.7}" fill="none" stroke="${paint.ink}" stroke-width="${paint.stroke * 0.8}" stroke-linecap="round"/>`;
  },
];

const lineAttrs = (paint: Paint) =>
  `fill="none" stroke="${paint.ink}" stroke-width="${paint.stroke * 0.6}" stroke-linecap="round"`;

const cloud = (paint: Paint) => `fill="#ffffff" stroke="${paint.ink}" stroke-width="${paint.stroke * 0.6}"`;

/**
 * Rasterises an SVG with sharp at `size` pixels a side (the drawing's own size by default): the
 * vectors are drawn at that size, so lines stay smooth at print size. Coloring pages are
 * thresholded to pure black and white and stored as one grey channel.
 */
export async function rasterise(svg: string, style: ImageStyle, size = DRAWING_SIZE): Promise<Buffer> {
  const image = sharp(Buffer.from(svg), { density: (72 * size) / DRAWING_SIZE }).resize(size, size, {
    fit: 'fill',
  });
  const pixels =
    style === 'coloring'
      ? image.flatten({ background: '#ffffff' }).threshold(160).toColourspace('b-w')
      : image.flatten({ background: '#ffffff' });
  // A drawing at print size goes straight into a book's pipeline, which re-encodes it: packing
  // it tightly here would cost more than the whole picture's drawing.
  return pixels
    .withDensity(PRINT_DPI)
    .png({ compressionLevel: size > DRAWING_SIZE ? 1 : 9 })
    .toBuffer();
}

/**
 * The offline edit: the effects the prompt asks for, applied with sharp (see edits.ts), with a
 * demo band saying what was asked. The size is kept.
 */
export async function demoEdit(original: Buffer, prompt: string): Promise<Buffer> {
  const edited = await applyEffects(original, prompt);
  const { width = DRAWING_SIZE, height = DRAWING_SIZE } = await sharp(edited).metadata();
  const band = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${demoBand(width, height, prompt, 'Demo edit')}</svg>`;
  return sharp(edited)
    .composite([{ input: Buffer.from(band), top: 0, left: 0 }])
    .withDensity(PRINT_DPI)
    .png({ compressionLevel: 9 })
    .toBuffer();
}
