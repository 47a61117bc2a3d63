import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { BLEED, SPINE_TEXT_MIN_PAGES, spineWidth, type Trim } from './kdp';
import { typesetPdf, typesetSvg } from './typst';

/**
 * Covers (beyond the spec): an ebook cover JPEG of 2560×1600 (height × width), and a paperback
 * full-wrap PDF (back, spine, front) whose spine follows KDP's white-paper width per page, with
 * 0.125 in bleed all round. The same Typst design draws both.
 */
export interface CoverText {
  title: string;
  subtitle?: string;
  author: string;
  /** A picture for the front (a coloring design, a kids book page), opaque PNG. */
  picture?: Buffer;
  /** Inches the picture is drawn at: no wider than its pixels allow at 300 ppi. */
  pictureWidth?: number;
}

/** The front's picture size: at most 4 in, and never under 300 ppi. */
export async function pictureWidthFor(picture: Buffer): Promise<number> {
  const { width = 0 } = await sharp(picture).metadata();
  return Math.min(4, Math.floor((width / 300) * 100) / 100);
}

export const EBOOK_COVER = { width: 1600, height: 2560 } as const;

function palette(title: string): { background: string; accent: string } {
  const h = createHash('sha256').update(title).digest();
  const hue = (h[0] ?? 0) * (360 / 256);
  return {
    background: `oklch(35%, 0.09, ${hue.toFixed(1)}deg)`,
    accent: `oklch(85%, 0.1, ${hue.toFixed(1)}deg)`,
  };
}

const front = (colors: { background: string; accent: string }) => `
#let front(w, h) = block(width: w, height: h, fill: ${colors.background}, inset: 0.6in)[
  #set align(center)
  #set text(fill: white)
  #v(12%)
  #text(size: 34pt, weight: "bold")[#cover.title]
  #if cover.at("subtitle", default: none) != none [ #v(0.4em) #text(size: 15pt, fill: ${colors.accent})[#cover.subtitle] ]
  #v(1fr)
  #if cover.picture [ #image("/cover.png", width: cover.pictureWidth * 1in) #v(1fr) ]
  #text(size: 16pt)[#cover.author]
  #v(6%)
]
`;

const files = (cover: CoverText) => ({
  '/cover.json': Buffer.from(JSON.stringify({ ...cover, picture: Boolean(cover.picture) })),
  ...(cover.picture ? { '/cover.png': cover.picture } : {}),
});

const HEAD = `#let cover = json("/cover.json")
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

/** The paperback wrap: bleed + back + spine + front + bleed wide, bleed + trim + bleed tall. */
export async function paperbackWrapPdf(
  cover: CoverText,
  trim: Trim,
  pages: number,
): Promise<{ pdf: Buffer; width: number; height: number }> {
  const spine = spineWidth(pages);
  const width = 2 * trim.width + spine + 2 * BLEED;
  const height = trim.height + 2 * BLEED;
  const colors = palette(cover.title);
  const spineText = pages >= SPINE_TEXT_MIN_PAGES;
  const { pdf } = await typesetPdf({
    source: `${HEAD}${front(colors)}
#set page(width: ${width.toFixed(4)}in, height: ${height.toFixed(4)}in, margin: 0pt, fill: ${colors.background})
#grid(columns: (${(trim.width + BLEED).toFixed(4)}in, ${spine.toFixed(4)}in, ${(trim.width + BLEED).toFixed(4)}in), rows: 100%,
  block(width: 100%, height: 100%, fill: ${colors.background}, inset: (left: 0.625in, rest: 0.5in))[
    #set text(fill: white, size: 11pt)
    #v(1fr)
    #cover.title
    #v(1fr)
  ],
  block(width: 100%, height: 100%, fill: ${colors.accent})[
    #if ${spineText} [ #align(center + horizon, rotate(90deg, reflow: true, text(size: 10pt)[#cover.title])) ]
  ],
  front(100%, 100%),
)
`,
    files: files(cover),
  });
  return { pdf, width, height };
}
