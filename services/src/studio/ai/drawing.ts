import sharp from 'sharp';
import { applyEffects } from './edits';
import type { PixelSize } from './image-sizes';
import { childFigure, motifFor, motifsIn, type Paint } from './motifs';
import type { ArtStyle, CharacterLook, ImageStyle } from './provider';

/** The offline provider's pictures are square by default, like the image models' own default size. */
export const DRAWING_SIZE = 1024;
const SQUARE: PixelSize = { width: DRAWING_SIZE, height: DRAWING_SIZE };
/** Recorded in the drawings, like every PNG the product makes. */
const PRINT_DPI = 300;

/** The drawing's own units for a picture of `shape`: its short side is DRAWING_SIZE units. */
export function canvasOf(shape: PixelSize): PixelSize {
  const k = DRAWING_SIZE / Math.min(shape.width, shape.height);
  return { width: Math.round(shape.width * k), height: Math.round(shape.height * k) };
}

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
 * The offline drawings' mark: DEMO in strokes (it needs no font) on a white tag in the bottom left
 * corner, small enough to stay clear of the words a page or a cover sets over a picture.
 */
export function demoBadge(width: number, height: number): string {
  const tall = Math.round(Math.min(width, height) * 0.055);
  const wide = tall * 3.4;
  const x = Math.round(Math.min(width, height) * 0.04);
  const y = height - x - tall;
  return `<g><rect x="${x}" y="${y}" width="${wide}" height="${tall}" rx="${tall * 0.2}" fill="#ffffff" stroke="#000000" stroke-width="${Math.max(2, tall * 0.06)}"/>${demoLetters(x + tall * 0.3, y + tall * 0.25, tall * 0.5, '#000000')}</g>`;
}

/**
 * A page's demo label, outside its art: DEMO in strokes and a line of words in the bottom margin
 * of a `width` × `height` page (a printable coloring page, where the art itself carries no words).
 */
export function pageDemoLabel(
  width: number,
  height: number,
  words = 'Offline demo drawing, made without an AI model',
): string {
  const tall = Math.round(height * 0.018);
  const y = height - Math.round(height * 0.035);
  const x = Math.round(width * 0.08);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${demoLetters(x, y, tall, '#000000')}<text x="${x + tall * 4.6}" y="${y + tall * 0.85}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${tall * 0.8}" fill="#000000">${escapeXml(words)}</text></svg>`;
}

/**
 * A vector scene for the prompt, of the picture's shape (the page asks for portrait, a kids page
 * for landscape): the subject's motif (seeded, so the same prompt draws the same picture), a few
 * background details across the whole canvas, and, on an illustration, the demo badge. Coloring
 * pages are outlines on white with no frame and no words (their label goes outside the art, where
 * the page is laid out); illustrations are filled with pastel colours and run to their edges (a
 * kids book page bleeds: a line near the trim would be cut unevenly).
 */
export function sceneSvg(
  prompt: string,
  style: ImageStyle,
  random: () => number,
  shape: PixelSize = SQUARE,
  child?: CharacterLook,
  artStyle?: ArtStyle,
): string {
  const { width, height } = canvasOf(shape);
  const coloring = style === 'coloring';
  // An art style changes the colours and the line, never a coloring page's black on white.
  const look = coloring ? undefined : artStyle;
  const fills = look?.palette.length ? look.palette : PASTELS;
  const paint: Paint = {
    fill: () => (coloring ? '#ffffff' : (fills[Math.floor(random() * fills.length)] ?? '#ffffff')),
    ink: look?.ink ?? '#000000',
    stroke: 9 * (look?.stroke ?? 1),
  };
  // A book's designs ("… (design 7)") take the prompt's subjects in turn, and each round
  // through them another setting, composition and the other way round: no two designs alike,
  // even when the prompt names one subject (then its company is more of the same kind).
  const design = Number(/\(design (\d+)\)/.exec(prompt)?.[1] ?? 1) - 1;
  const subjects = motifsIn(prompt.replace(/\(design \d+\)/, ''));
  const motif = subjects[design % subjects.length] ?? motifFor(prompt);
  const round = Math.floor(design / subjects.length);
  const setting = SETTINGS[round % SETTINGS.length] ?? SETTINGS[0];
  const mirror = round % 2 === 1 ? -1 : 1;
  const scale = 1 + random() * 0.15;
  const sky = coloring ? '#ffffff' : (look?.ground ?? '#e8f4ff');
  const fit = coloring ? 1.12 : 0.98;
  // A single picture (no design number) keeps the plain centred composition.
  const layout = /\(design \d+\)/.test(prompt)
    ? (COMPOSITIONS[round % COMPOSITIONS.length] ?? CENTRED)
    : CENTRED;
  const company = subjects.filter((s) => s !== motif);
  const figures = layout.map((place, i) => {
    const who = i === 0 ? motif : (company[(design + i) % Math.max(1, company.length)] ?? motif);
    const k = place.size * scale * fit;
    const flip = (i % 2 === 0 ? mirror : -mirror) * k;
    return `<g transform="translate(${width * place.x} ${height * place.y}) rotate(${place.tilt}) scale(${flip} ${k})">${who.draw(random, paint)}</g>`;
  });
  // A kids book's page: the child stands on the left, the page's subject beside them.
  if (child) {
    const k = (Math.min(width, height) / 1024) * 0.95;
    figures.splice(
      0,
      figures.length,
      `<g transform="translate(${width * 0.3} ${height * 0.5}) scale(${k})">${childFigure(child, random, paint)}</g>`,
      `<g transform="translate(${width * 0.7} ${height * 0.56}) scale(${-mirror * k * 0.7} ${k * 0.7})">${motif.draw(random, paint)}</g>`,
    );
  }
  // A watercolour's washes: the drawing's edges blurred a little, the badge kept sharp.
  const soft = look?.soft
    ? `<defs><filter id="wash"><feGaussianBlur stdDeviation="${Math.min(width, height) / 300}"/></filter></defs>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  ${soft}<rect width="${width}" height="${height}" fill="${sky}"/>
  <g${soft ? ' filter="url(#wash)"' : ''}>
  ${setting?.({ width, height }, random, paint, coloring ? 80 : 230) ?? ''}
  ${figures.join('\n  ')}
  </g>
  ${coloring ? '' : demoBadge(width, height)}
</svg>`;
}

/** Where a scene's figures stand: the main one first (centre, share of the canvas, size, tilt°). */
type Composition = ReadonlyArray<{ x: number; y: number; size: number; tilt: number }>;
const CENTRED: Composition = [{ x: 0.5, y: 0.52, size: 1, tilt: 0 }];
const COMPOSITIONS: readonly Composition[] = [
  CENTRED,
  [
    { x: 0.4, y: 0.58, size: 0.95, tilt: -6 },
    { x: 0.78, y: 0.3, size: 0.42, tilt: 8 },
  ],
  [
    { x: 0.6, y: 0.45, size: 0.9, tilt: 5 },
    { x: 0.24, y: 0.78, size: 0.38, tilt: 0 },
    { x: 0.8, y: 0.8, size: 0.34, tilt: -8 },
  ],
  [
    { x: 0.5, y: 0.4, size: 0.8, tilt: -4 },
    { x: 0.22, y: 0.74, size: 0.45, tilt: 6 },
    { x: 0.76, y: 0.76, size: 0.45, tilt: -6 },
  ],
  [
    { x: 0.36, y: 0.36, size: 0.62, tilt: 10 },
    { x: 0.66, y: 0.68, size: 0.75, tilt: -5 },
  ],
];

type Setting = (canvas: PixelSize, random: () => number, paint: Paint, top: number) => string;
/** Backgrounds a design can stand in: clouds, a meadow, a starry night, hills. */
const SETTINGS: Setting[] = [
  ({ width }, random, paint, top) => {
    let clouds = '';
    for (let i = 0; i < 3; i++) {
      const x = 90 + random() * (width - 180);
      const y = top + random() * 120;
      clouds += `<g transform="translate(${x} ${y})"><circle cx="-30" cy="0" r="26" ${cloud(paint)}/><circle cx="0" cy="-14" r="34" ${cloud(paint)}/><circle cx="32" cy="0" r="26" ${cloud(paint)}/></g>`;
    }
    return clouds;
  },
  ({ width, height }, random, paint) => {
    const ground = height - Math.min(width, height) * 0.2;
    let meadow = `<path d="M 40 ${ground} Q ${width / 2} ${ground - 40} ${width - 40} ${ground}" fill="none" stroke="${paint.ink}" stroke-width="${paint.stroke * 0.8}" stroke-linecap="round"/>`;
    for (let i = 0; i < 6; i++) {
      const x = 80 + random() * (width - 160);
      const y = ground + random() * 40;
      meadow += `<path d="M ${x} ${y} l -12 -34 M ${x} ${y} l 0 -40 M ${x} ${y} l 12 -34" ${lineAttrs(paint)}/>`;
    }
    return meadow;
  },
  ({ width }, random, paint, top) => {
    let sky = `<path d="M ${width - 200} ${top + 30} a 60 60 0 1 0 60 90 a 45 45 0 1 1 -60 -90 Z" ${cloud(paint)}/>`;
    for (let i = 0; i < 7; i++) {
      const x = 70 + random() * (width - 340);
      const y = top + random() * 160;
      sky += `<path d="M ${x} ${y - 18} L ${x + 6} ${y - 6} L ${x + 18} ${y} L ${x + 6} ${y + 6} L ${x} ${y + 18} L ${x - 6} ${y + 6} L ${x - 18} ${y} L ${x - 6} ${y - 6} Z" ${cloud(paint)}/>`;
    }
    return sky;
  },
  ({ width, height }, random, paint) => {
    const base = height - Math.min(width, height) * 0.22;
    const peak = base - Math.min(width, height) * (0.1 + random() * 0.06);
    return `<path d="M 0 ${base} Q ${width * 0.25} ${peak} ${width * 0.5} ${base - 40} T ${width} ${base - 80}" fill="none" stroke="${paint.ink}" stroke-width="${paint.stroke * 0.8}" stroke-linecap="round"/>`;
  },
];

const lineAttrs = (paint: Paint) =>
  `fill="none" stroke="${paint.ink}" stroke-width="${paint.stroke * 0.6}" stroke-linecap="round"`;

const cloud = (paint: Paint) => `fill="#ffffff" stroke="${paint.ink}" stroke-width="${paint.stroke * 0.6}"`;

/**
 * Rasterises a scene with sharp at `shape` pixels (its own size by default): the vectors are drawn
 * at that size, so lines stay smooth at print size. Coloring pages are thresholded to pure black
 * and white and stored as one grey channel.
 */
export async function rasterise(svg: string, style: ImageStyle, shape: PixelSize = SQUARE): Promise<Buffer> {
  const canvas = canvasOf(shape);
  const image = sharp(Buffer.from(svg), { density: (72 * shape.width) / canvas.width }).resize(
    shape.width,
    shape.height,
    { fit: 'fill' },
  );
  const pixels =
    style === 'coloring'
      ? image.flatten({ background: '#ffffff' }).threshold(160).toColourspace('b-w')
      : image.flatten({ background: '#ffffff' });
  // A drawing at print size goes straight into a book's pipeline, which re-encodes it: packing
  // it tightly here would cost more than the whole picture's drawing.
  return pixels
    .withDensity(PRINT_DPI)
    .png({ compressionLevel: shape.width * shape.height > DRAWING_SIZE ** 2 ? 1 : 9 })
    .toBuffer();
}

/**
 * An edited picture redrawn in an art style, offline: grey for a style whose palette has no
 * colour (pencil), else its colours laid over the picture's light and shade; soft styles blurred.
 */
async function inStyle(png: Buffer, artStyle: ArtStyle): Promise<Buffer> {
  const { width = DRAWING_SIZE, height = DRAWING_SIZE } = await sharp(png).metadata();
  const grey = artStyle.palette.every(
    (c) => c.slice(1, 3) === c.slice(3, 5) && c.slice(3, 5) === c.slice(5, 7),
  );
  let image = sharp(png).removeAlpha();
  if (artStyle.soft) image = image.blur(Math.max(0.5, Math.min(width, height) / 400));
  if (grey) return image.greyscale().linear(0.8, 40).png().toBuffer();
  const stripes = artStyle.palette
    .map(
      (c, i, all) =>
        `<rect x="${(i * width) / all.length}" y="0" width="${width / all.length + 1}" height="${height}" fill="${c}"/>`,
    )
    .join('');
  const wash = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${stripes}</svg>`,
  );
  return sharp(await image.greyscale().toColourspace('srgb').png().toBuffer())
    .composite([{ input: wash, blend: 'multiply' }])
    .png()
    .toBuffer();
}

/**
 * The offline edit: the effects the prompt asks for, applied with sharp (see edits.ts), with a
 * demo band saying what was asked. The size is kept.
 */
export async function demoEdit(original: Buffer, prompt: string, artStyle?: ArtStyle): Promise<Buffer> {
  const effected = await applyEffects(original, prompt);
  const edited = artStyle ? await inStyle(effected, artStyle) : effected;
  const { width = DRAWING_SIZE, height = DRAWING_SIZE } = await sharp(edited).metadata();
  const band = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${demoBand(width, height, prompt, 'Demo edit')}</svg>`;
  return sharp(edited)
    .composite([{ input: Buffer.from(band), top: 0, left: 0 }])
    .withDensity(PRINT_DPI)
    .png({ compressionLevel: 9 })
    .toBuffer();
}
