import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { BALANCED } from './balanced';
import { BARCODE, BLEED, coverLayout, type Paper, SPINE_TEXT_MIN_PAGES, spineWidth, type Trim } from './kdp';
import { typesetPdf, typesetSvg } from './typst';

/**
 * Covers (beyond the spec): an ebook cover JPEG of 2560×1600 (height × width), and a paperback
 * full-wrap PDF (back, spine, front) whose spine follows KDP's width per page for the book's
 * paper, with 0.125 in bleed all round. The same Typst design draws both fronts; the back carries
 * the book's description and leaves KDP's barcode box clear.
 */
export interface CoverText {
  title: string;
  subtitle?: string;
  author: string;
  /** The back cover's text (the book's description); cut to BACK_TEXT_MAX characters. */
  description?: string;
  /** A picture for the front (a coloring design, a kids book page), opaque PNG. */
  picture?: Buffer;
  /** Inches the picture is drawn at: no wider than its pixels allow at 300 ppi. */
  pictureWidth?: number;
}

/**
 * The front's picture width: at most 4 in wide and 4 in tall (a portrait photo drawn 4 in wide
 * would crowd the author's name off the ebook cover), and never under 300 ppi.
 */
export async function pictureWidthFor(picture: Buffer): Promise<number> {
  const { width = 0, height = 1 } = await sharp(picture).metadata();
  return Math.floor(Math.min(4, (4 * width) / height, width / 300) * 100) / 100;
}

export const EBOOK_COVER = { width: 1600, height: 2560 } as const;

/**
 * The cover's two colours, from the title. Written as sRGB hex: Typst's SVG export writes other
 * colour spaces (oklch) as they are, and the SVG renderer behind the ebook JPEG paints those black.
 */
function palette(title: string): { background: string; accent: string } {
  const h = createHash('sha256').update(title).digest();
  const hue = (h[0] ?? 0) * (360 / 256);
  return { background: `rgb("${hsl(hue, 0.42, 0.27)}")`, accent: `rgb("${hsl(hue, 0.55, 0.82)}")` };
}

/** HSL to a #rrggbb string. */
function hsl(hue: number, saturation: number, lightness: number): string {
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** KDP: spine text keeps at least this far (inches) from each fold. */
export const SPINE_TEXT_CLEARANCE = 0.0625;
/** A spine under this (inches) takes the cover's colour: a contrasting strip would show at the folds. */
const PLAIN_SPINE_UNDER = 0.25;

/**
 * The spine's text size in points: the line's height (about 1.2 em from descender to ascender)
 * fits the spine less the clearance at both folds, and the title (about 0.55 em a character) fits
 * on one line along the spine with half an inch to spare at each end; undefined (no text) under
 * KDP's page minimum or when that leaves less than 5 pt.
 */
export function spineTextSize(
  pages: number,
  title: string,
  spineLength: number,
  paper: Paper = 'white',
): number | undefined {
  if (pages < SPINE_TEXT_MIN_PAGES) return undefined;
  const across = (spineWidth(pages, paper) - 2 * SPINE_TEXT_CLEARANCE) * 72;
  const along = ((spineLength - 1) * 72) / (0.55 * Math.max(1, title.length));
  const size = Math.floor(Math.min(14, across / 1.2, along) * 10) / 10;
  return size >= 5 ? size : undefined;
}

/**
 * The front: title and subtitle at the top, the author at the foot, and the picture in the space
 * between, at its width when that fits and smaller when not (a three-line title on the narrow
 * ebook cover leaves less room than a paperback's front): it never runs into the text.
 */
const front = (colors: { background: string; accent: string }) => `
#let front(w, h) = block(width: w, height: h, fill: ${colors.background}, inset: 0.6in)[
  #set align(center)
  #set text(fill: white)
  #grid(
    columns: 100%,
    rows: (12%, auto, 1fr, auto, 6%),
    [],
    [
      #balanced(text(size: 34pt, weight: "bold")[#cover.title])
      #if cover.at("subtitle", default: none) != none [ #v(1.1em) #text(size: 15pt, fill: ${colors.accent})[#cover.subtitle] ]
    ],
    if cover.picture {
      pad(y: 0.3in, align(center + horizon,
        image("/cover.png", width: cover.pictureWidth * 1in, height: 100%, fit: "contain")))
    },
    text(size: 16pt)[#cover.author],
    [],
  )
]
`;

/** Back-cover copy longer than this is cut at a sentence (or word) end: it must fit above the barcode. */
export const BACK_TEXT_MAX = 900;

/** The description as back-cover copy: spaces tidied, cut at the last sentence (else word) that fits. */
export function backCoverText(description: string | undefined): string | undefined {
  const text = (description ?? '').replace(/\s+/g, ' ').trim();
  if (!text) return undefined;
  if (text.length <= BACK_TEXT_MAX) return text;
  const head = text.slice(0, BACK_TEXT_MAX);
  const sentence = head.search(/[.!?](?=[^.!?]*$)/);
  if (sentence > BACK_TEXT_MAX / 2) return head.slice(0, sentence + 1);
  return `${head.slice(0, head.lastIndexOf(' ')).replace(/[,;:\s]+$/, '')}…`;
}

const files = (cover: CoverText) => ({
  '/cover.json': Buffer.from(
    JSON.stringify({
      ...cover,
      picture: Boolean(cover.picture),
      description: backCoverText(cover.description),
    }),
  ),
  ...(cover.picture ? { '/cover.png': cover.picture } : {}),
});

const HEAD = `#let cover = json("/cover.json")
${BALANCED}
#set document(title: cover.title, author: cover.author, date: none)
#set text(font: "Libertinus Serif")
`;

export async function ebookCoverJpeg(cover: CoverText): Promise<Buffer> {
  const w = EBOOK_COVER.width / 300;
  const h = EBOOK_COVER.height / 300;
  const svg = await typesetSvg({
    source: `${HEAD}${front(palette(cover.title))}
#set page(width: ${w}in, height: ${h}in, margin: 0pt)
#front(100%, 100%)
`,
    files: files(cover),
  });
  return sharp(Buffer.from(svg), { density: 300 })
    .resize(EBOOK_COVER.width, EBOOK_COVER.height, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 90, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

/**
 * The back: the title, then the description at the largest size (12 pt down to 8 pt) that fits
 * the space above the barcode box, all inside the safe area with room to spare; the barcode
 * box's band is left empty.
 */
const back = (colors: { background: string; accent: string }) => `
#let back(w, h) = block(width: w, height: h, fill: ${colors.background},
  inset: (left: ${BLEED + 0.5}in, right: 0.5in, top: ${BLEED + 0.6}in, bottom: ${BLEED + BARCODE.fromBottom + BARCODE.height + 0.3}in))[
  #set text(fill: white, hyphenate: false)
  #set par(justify: false, leading: 0.6em, spacing: 1em)
  #text(size: 16pt, weight: "bold")[#cover.title]
  #v(0.8em)
  #if cover.at("description", default: none) != none {
    layout(size => {
      let sizes = (12pt, 11pt, 10pt, 9pt, 8pt)
      let fits = sizes.filter(s => measure(block(width: size.width, text(size: s, cover.description))).height <= size.height)
      text(size: fits.at(0, default: 8pt), cover.description)
    })
  }
]
`;

/** The paperback wrap: bleed + back + spine + front + bleed wide, bleed + trim + bleed tall. */
export async function paperbackWrapPdf(
  cover: CoverText,
  trim: Trim,
  pages: number,
  paper: Paper = 'white',
): Promise<{ pdf: Buffer; width: number; height: number }> {
  const { width, height, spine: spineBox } = coverLayout(trim, pages, paper);
  const spine = spineBox.width;
  const colors = palette(cover.title);
  const spineSize = spineTextSize(pages, cover.title, trim.height, paper);
  const spineFill = spine < PLAIN_SPINE_UNDER ? colors.background : colors.accent;
  const { pdf } = await typesetPdf({
    source: `${HEAD}${front(colors)}${back(colors)}
#set page(width: ${width.toFixed(4)}in, height: ${height.toFixed(4)}in, margin: 0pt, fill: ${colors.background})
#grid(columns: (${(trim.width + BLEED).toFixed(4)}in, ${spine.toFixed(4)}in, ${(trim.width + BLEED).toFixed(4)}in), rows: 100%,
  back(100%, 100%),
  block(width: 100%, height: 100%, fill: ${spineFill})[
    ${spineSize ? `#align(center + horizon, rotate(90deg, reflow: true, text(size: ${spineSize}pt, top-edge: "ascender", bottom-edge: "descender", fill: ${spine < PLAIN_SPINE_UNDER ? 'white' : 'black'})[#cover.title]))` : ''}
  ],
  front(100%, 100%),
)
`,
    files: files(cover),
  });
  return { pdf, width, height };
}
