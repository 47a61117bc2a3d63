import sharp from 'sharp';
import type { DeclaredSource } from '../preflight/enlargement';
import { BALANCED } from './balanced';
import { type CoverArt, designFront, type FrontBands, type FrontDesign, type Palette } from './cover-art';
import {
  BARCODE,
  BLEED,
  COVER_SAFE,
  coverLayout,
  type Paper,
  SPINE_TEXT_MIN_PAGES,
  spineWidth,
  type Trim,
} from './kdp';
import { frontFrame } from './pictures';
import { READER_CODE_WIDTH_IN, readerCodeSvg } from './reader-code';
import { typesetPdf, typesetSvg } from './typst';

/**
 * Covers (beyond the spec): an ebook cover JPEG of 2560×1600 (height × width), and a paperback
 * full-wrap PDF (back, spine, front) whose spine follows KDP's width per page for the book's
 * paper, with 0.125 in bleed all round. The front carries the book's art with the title, subtitle
 * and author set over it, legible (cover-art.ts); the back its blurb on the cover's colour, KDP's
 * barcode box clear; the spine the title and the author once it is wide enough. The ebook cover
 * is the same front on a screen's shape.
 */
export interface CoverText {
  title: string;
  subtitle?: string;
  author: string;
  /** The back cover's copy; cut to BACK_TEXT_MAX characters. */
  blurb?: string;
  /** A reader code printed on the back (the paperback's only), with its line above it. */
  readerCode?: { url: string; heading: string };
}

/** How a book's covers look: its colours and its art, both kept with the book. */
export interface CoverLook {
  palette: Palette;
  art?: CoverArt;
}

export const EBOOK_COVER = { width: 1600, height: 2560 } as const;

/** KDP: spine text keeps at least this far (inches) from each fold. */
export const SPINE_TEXT_CLEARANCE = 0.0625;

/** What the spine carries: the title, and the author after it. */
export const spineLine = (cover: Pick<CoverText, 'title' | 'author'>) =>
  cover.author ? `${cover.title}   ${cover.author}` : cover.title;

/**
 * The spine's text size in points: the line's height (about 1.2 em from descender to ascender)
 * fits the spine less the clearance at both folds, and the line (about 0.58 em a character, the
 * title being bold) fits
 * along the spine with half an inch to spare at each end; undefined (no text) under KDP's page
 * minimum or when that leaves less than 5 pt.
 */
export function spineTextSize(
  pages: number,
  line: string,
  spineLength: number,
  paper: Paper = 'white',
): number | undefined {
  if (pages < SPINE_TEXT_MIN_PAGES) return undefined;
  const across = (spineWidth(pages, paper) - 2 * SPINE_TEXT_CLEARANCE) * 72;
  const along = ((spineLength - 1) * 72) / (0.58 * Math.max(1, line.length));
  const size = Math.floor(Math.min(14, across / 1.2, along) * 10) / 10;
  return size >= 5 ? size : undefined;
}

/** Where the words sit on the print front (its frame runs from the spine fold into the bleed). */
export const printBands = (trim: Trim): FrontBands => ({
  left: COVER_SAFE + 0.35,
  right: BLEED + COVER_SAFE + 0.35,
  titleTop: BLEED + COVER_SAFE + 0.4,
  titleHeight: trim.height * 0.32,
  authorBottom: BLEED + COVER_SAFE + 0.3,
  authorHeight: 0.55,
});
const EBOOK_FRAME = { width: EBOOK_COVER.width / 300, height: EBOOK_COVER.height / 300 };
const EBOOK_BANDS: FrontBands = {
  left: 0.45,
  right: 0.45,
  titleTop: 0.5,
  titleHeight: EBOOK_FRAME.height * 0.32,
  authorBottom: 0.4,
  authorHeight: 0.55,
};

/**
 * The front: the art (whole, or a panel between the words), the title and subtitle at the largest
 * size from 44 to 14 pt that fits their band in balanced lines, the author in the band at the foot.
 */
const FRONT = `
#let title-block(d) = layout(size => {
  let body(s) = {
    set align(center)
    // Measured from ascender to descender: the letters stay inside the band (and its scrim).
    set text(top-edge: "ascender", bottom-edge: "descender")
    set par(justify: false, leading: 0.25em)
    text(size: s, weight: "bold", fill: rgb(d.titleInk), hyphenate: false, cover.title)
    if cover.at("subtitle", default: none) != none {
      v(0.25em)
      text(size: calc.max(11pt, s * 0.42), fill: rgb(d.subtitleInk), hyphenate: false, cover.subtitle)
    }
  }
  let sizes = (44pt, 40pt, 36pt, 32pt, 28pt, 25pt, 22pt, 20pt, 18pt, 16pt, 14pt)
  let fit = sizes.find(s => measure(block(width: size.width, body(s))).height <= size.height)
  align(center + horizon, balanced(body(if fit == none { 14pt } else { fit })))
})
#let front(w, h, d) = block(width: w, height: h, fill: rgb(palette.background), clip: true, {
  let b = d.bands
  let text-width = w - (b.left + b.right) * 1in
  if d.layout == "full" {
    place(top + left, image(d.file, width: w, height: h))
  } else {
    place(top + left, dx: d.panel.left * 1in, dy: d.panel.top * 1in,
      image(d.file, width: d.panel.width * 1in, height: d.panel.height * 1in))
  }
  place(top + left, dx: b.left * 1in, dy: b.titleTop * 1in,
    block(width: text-width, height: b.titleHeight * 1in, title-block(d)))
  place(bottom + left, dx: b.left * 1in, dy: -b.authorBottom * 1in,
    block(width: text-width, height: b.authorHeight * 1in,
      align(center + horizon, text(size: 16pt, top-edge: "ascender", bottom-edge: "descender", fill: rgb(d.authorInk), cover.author))))
})
`;

/** Back-cover copy longer than this is cut at a sentence (or word) end: it must fit above the barcode. */
export const BACK_TEXT_MAX = 900;

/** The blurb as back-cover copy: spaces tidied, cut at the last sentence (else word) that fits. */
export function backCoverText(blurb: string | undefined): string | undefined {
  const text = (blurb ?? '').replace(/\s+/g, ' ').trim();
  if (!text) return undefined;
  if (text.length <= BACK_TEXT_MAX) return text;
  const head = text.slice(0, BACK_TEXT_MAX);
  const sentence = head.search(/[.!?](?=[^.!?]*$)/);
  if (sentence > BACK_TEXT_MAX / 2) return head.slice(0, sentence + 1);
  return `${head.slice(0, head.lastIndexOf(' ')).replace(/[,;:\s]+$/, '')}…`;
}

/** A front as the template reads it, and its picture file. */
function frontData(design: FrontDesign, frame: { width: number }) {
  const { bands } = design;
  const file = `/${design.file.name}`;
  const panel = design.panel
    ? {
        ...design.panel,
        left: bands.left + (frame.width - bands.left - bands.right - design.panel.width) / 2,
      }
    : undefined;
  return {
    data: { ...design, file, bands, ...(panel ? { panel } : {}) },
    files: { [file]: design.file.data },
  };
}

/** A front without art: the words on the cover's colour. */
const plainFront = (palette: Palette, bands: FrontBands): FrontDesign => ({
  layout: 'panel',
  bands,
  file: {
    name: 'front.svg',
    data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>'),
  },
  panel: { width: 0.01, height: 0.01, top: 0 },
  titleInk: palette.ink,
  subtitleInk: palette.accent,
  authorInk: palette.ink,
});

const HEAD = `#let cover = json("/cover.json")
#let palette = cover.palette
${BALANCED}
#set document(title: cover.title, author: cover.author, date: none)
#set text(font: "Libertinus Serif")
`;

const coverJson = (text: CoverText, look: CoverLook, extra: Record<string, unknown>) =>
  Buffer.from(
    JSON.stringify({
      title: text.title,
      ...(text.subtitle ? { subtitle: text.subtitle } : {}),
      author: text.author,
      blurb: backCoverText(text.blurb) ?? null,
      palette: look.palette,
      ...extra,
    }),
  );

export async function ebookCoverJpeg(text: CoverText, look: CoverLook): Promise<Buffer> {
  const design = look.art
    ? await designFront(look.art, EBOOK_FRAME, EBOOK_BANDS, look.palette, { forScreen: true })
    : plainFront(look.palette, EBOOK_BANDS);
  const front = frontData(design, EBOOK_FRAME);
  const svg = await typesetSvg({
    source: `${HEAD}${FRONT}
#set page(width: ${EBOOK_FRAME.width}in, height: ${EBOOK_FRAME.height}in, margin: 0pt)
#front(100%, 100%, cover.front)
`,
    files: { '/cover.json': coverJson(text, look, { front: front.data }), ...front.files },
  });
  return sharp(Buffer.from(svg), { density: 300 })
    .resize(EBOOK_COVER.width, EBOOK_COVER.height, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 90, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

/** Room under the back's words: the barcode box, and the reader code beside it when there is one. */
const BARCODE_BAND = BLEED + BARCODE.fromBottom + BARCODE.height + 0.3;
/** The reader code's line: at most three lines of 8 pt over the code's width. */
const READER_CODE_LINE_IN = 0.45;
const READER_CODE_BAND = BLEED + BARCODE.fromBottom + READER_CODE_WIDTH_IN + 0.05 + READER_CODE_LINE_IN + 0.3;

/**
 * The back: the title, then the blurb at the largest size (12 pt down to 8 pt) that fits the space
 * above the barcode box, all inside the safe area with room to spare; the barcode box's band is
 * left empty. A reader code stands at the foot on the side away from the spine, half an inch in
 * from the trim, so the barcode box (a quarter inch from the spine fold) stays clear on every trim
 * (the narrowest, 6 in, leaves over an inch and a half between them).
 */
const BACK = `
#let back(w, h) = block(width: w, height: h, fill: rgb(palette.background), {
  let code = cover.at("readerCode", default: none)
  block(width: 100%, height: 100%,
    inset: (left: ${BLEED + 0.5}in, right: 0.5in, top: ${BLEED + 0.6}in, bottom: if code == none { ${BARCODE_BAND}in } else { ${READER_CODE_BAND}in }))[
    #set text(fill: rgb(palette.ink), hyphenate: false)
    #set par(justify: false, leading: 0.6em, spacing: 1em)
    #text(size: 16pt, weight: "bold")[#cover.title]
    #v(0.3em)
    #line(length: 1.2in, stroke: 1.5pt + rgb(palette.accent))
    #v(0.8em)
    #if cover.blurb != none {
      layout(size => {
        let sizes = (12pt, 11pt, 10pt, 9pt, 8pt)
        let fits = sizes.filter(s => measure(block(width: size.width, text(size: s, cover.blurb))).height <= size.height)
        text(size: fits.at(0, default: 8pt), cover.blurb)
      })
    }
  ]
  if code != none {
    place(bottom + left, dx: ${BLEED + 0.5}in, dy: -${BLEED + BARCODE.fromBottom}in,
      block(width: ${READER_CODE_WIDTH_IN}in, {
        block(width: 100%, height: ${READER_CODE_LINE_IN}in, align(center + bottom,
          text(size: 8pt, fill: rgb(palette.ink), hyphenate: false, code.heading)))
        v(0.05in, weak: false)
        image("/reader-code.svg", width: ${READER_CODE_WIDTH_IN}in)
      }))
  }
})
`;

/**
 * The paperback wrap: bleed + back + spine + front + bleed wide, bleed + trim + bleed tall; with
 * `sources`, what its front picture was resampled from (for the preflight's real-detail check).
 */
export async function paperbackWrapPdf(
  text: CoverText,
  look: CoverLook,
  trim: Trim,
  pages: number,
  paper: Paper = 'white',
): Promise<{ pdf: Buffer; width: number; height: number; sources: DeclaredSource[] }> {
  const { width, height, spine: spineBox } = coverLayout(trim, pages, paper);
  const spine = spineBox.width;
  const frame = frontFrame(trim);
  const bands = printBands(trim);
  const design = look.art
    ? await designFront(look.art, frame, bands, look.palette)
    : plainFront(look.palette, bands);
  const front = frontData(design, frame);
  const line = spineLine(text);
  const spineSize = spineTextSize(pages, line, trim.height, paper);
  const { pdf } = await typesetPdf({
    source: `${HEAD}${FRONT}${BACK}
#set page(width: ${width.toFixed(4)}in, height: ${height.toFixed(4)}in, margin: 0pt, fill: rgb(palette.background))
#grid(columns: (${(trim.width + BLEED).toFixed(4)}in, ${spine.toFixed(4)}in, ${(trim.width + BLEED).toFixed(4)}in), rows: 100%,
  back(100%, 100%),
  block(width: 100%, height: 100%, fill: rgb(palette.background))[
    ${spineSize ? `#align(center + horizon, rotate(90deg, reflow: true, text(size: ${spineSize}pt, top-edge: "ascender", bottom-edge: "descender", fill: rgb(palette.ink))[#text(weight: "bold", cover.title)#if cover.author != "" [#h(1.5em)#cover.author]]))` : ''}
  ],
  front(100%, 100%, cover.front),
)
`,
    files: {
      '/cover.json': coverJson(text, look, {
        front: front.data,
        ...(text.readerCode ? { readerCode: { heading: text.readerCode.heading } } : {}),
      }),
      ...front.files,
      ...(text.readerCode ? { '/reader-code.svg': await readerCodeSvg(text.readerCode.url) } : {}),
    },
  });
  return { pdf, width, height, sources: design.source ? [design.source] : [] };
}
