import { BALANCED } from './balanced';
import { gutterFor, MIN_PAGES, minOuterMargin, paddedPageCount, pageSize, TRIMS, type Trim } from './kdp';
import type { LineArt } from './line-art';
import { FRAMES } from './pictures';
import { READER_CODE_WIDTH_IN, readerCodeSvg } from './reader-code';
import { countPages, typesetPdf } from './typst';

/**
 * Interior PDFs for KDP paperbacks, typeset by Typst. Each book is counted in the gutter band of
 * its estimated length, counted again only if it lands in another band (KDP's gutter grows with
 * the page count), then built. The template pads the end to an even count of at least 24 pages.
 */
export interface BookMatter {
  title: string;
  subtitle?: string;
  /** The name the book is published under; empty for requests recorded before authors were. */
  author: string;
  /** The copyright year, from the request's recorded time (never the clock: files rebuild identically). */
  year?: number;
  /** Lines for the copyright page (the offline demo label among them). */
  notices: string[];
  /** A reader QR code for the back matter: the author's words and the address it encodes. */
  readerQr?: { heading: string; words?: string; url: string };
}

export interface NonFictionInterior extends BookMatter {
  /** `label` is the line above a chapter's title ("Chapter 3"); the introduction has none. */
  chapters: Array<{ title: string; label?: string; paragraphs: string[] }>;
}

export interface ColoringInterior extends BookMatter {
  /** The designs, as vector line art (line-art.ts), each at most the coloring frame's size. */
  designs: LineArt[];
  /** A line under each design, in the page's margin (the offline demo's label), if any. */
  designNote?: string;
}

export interface KidsInterior extends BookMatter {
  /** Each page's picture: the kids frame at 300 ppi, opaque (pictures.ts `placePicture`). */
  pictures: Buffer[];
  /** Each page's text, set in the band below its picture. */
  texts: string[];
  /** Each page's band colour (#rrggbb): a light tint of its picture. */
  tints: string[];
  /** The cover's art for the title page, placed in TITLE_ART_FRAME, if the book has one. */
  titleArt?: Buffer;
}

/** The kids title page's picture: a 4 in square above the title. */
export const TITLE_ART_FRAME = { width: 4, height: 4 } as const;

export interface Interior {
  pdf: Buffer;
  pages: number;
  trim: Trim;
}

const inches = (n: number) => `${Number(n.toFixed(4))}in`;

function pageSetup(
  trim: Trim,
  margins: { inside: number; outside: number; top: number; bottom: number },
): string {
  const size = pageSize(trim);
  const { inside, outside, top, bottom } = margins;
  return `#set page(width: ${inches(size.width)}, height: ${inches(size.height)}, margin: (inside: ${inches(inside)}, outside: ${inches(outside)}, top: ${inches(top)}, bottom: ${inches(bottom)}))`;
}

// Hyphenation in the book's language; widows and orphans are refused outright (a paragraph's
// single first or last line never sits alone at the foot or head of a page).
const PREAMBLE = `
#let book = json("/book.json")
#set document(title: book.title, author: book.author, date: none)
#set text(font: "Libertinus Serif", size: 11pt, lang: "en", hyphenate: true, costs: (widow: 100%, orphan: 100%))
`;

/** Blank pages at the end, up to an even count of at least 24 (KDP's minimum). */
const pad = (pages: number) => '#pagebreak() #box[]\n'.repeat(pages);

/** The title page, a recto: title, subtitle, author. */
const TITLE_PAGE = `
#page(header: none, footer: none)[
  #set par(justify: false, first-line-indent: 0pt)
  #align(center + horizon)[
    #text(size: 26pt, weight: "bold", hyphenate: false)[#book.title]
    #if book.at("subtitle", default: none) != none [ #v(0.6em) #text(size: 14pt)[#book.subtitle] ]
    #v(2em)
    #text(size: 13pt)[#book.author]
  ]
]
`;

/**
 * The copyright page, the title page's verso, as every trade book has it: the copyright line with
 * the year and the author, "All rights reserved", the notices, room left for the ISBN the author
 * adds when they have one, and the edition.
 */
const COPYRIGHT_PAGE = `
#page(header: none, footer: none)[
  #set par(justify: false, first-line-indent: 0pt, spacing: 0.9em)
  #set text(size: 9pt)
  #align(bottom)[
    Copyright © #(if book.at("year", default: none) != none { str(book.year) }, book.author).filter(x => x != none and x != "").join(" ") \\
    All rights reserved.

    No part of this book may be reproduced in any form without the written permission of the
    author, except for brief quotations in reviews.

    #for line in book.notices [ #line #parbreak() ]
    #v(2.2em)
    First edition#if book.at("year", default: none) != none [, #book.year]
    // The last line's descenders stay above the margin (the safe area of a bleed page).
    #v(0.4em)
  ]
]
`;

const FRONT_MATTER = TITLE_PAGE + COPYRIGHT_PAGE;

/**
 * The reader QR page, after the book's last page, without folio or running head: the author's
 * line above the code, their words and the printed address under it (for a reader without a
 * camera). The author's words come from book.json: Typst shows them as text, never as markup.
 */
const READER_PAGE = `
#if book.at("readerQr", default: none) != none [
  #page(header: none, footer: none)[
    #set par(justify: false, first-line-indent: 0pt)
    #align(center + horizon)[
      #text(size: 18pt, weight: "bold", hyphenate: false)[#book.readerQr.heading]
      #v(0.3in)
      #image("/img/reader-qr.svg", width: ${READER_CODE_WIDTH_IN}in)
      #if book.readerQr.at("words", default: none) != none [ #v(0.2in) #block(width: 85%, text(size: 11pt, book.readerQr.words)) ]
      #v(0.15in)
      #text(size: 8pt, book.readerQr.url)
    ]
  ]
]
`;

/** The code's picture for the reader page, when the book has one. */
async function readerFiles(book: BookMatter): Promise<Record<string, Buffer>> {
  return book.readerQr ? { '/img/reader-qr.svg': await readerCodeSvg(book.readerQr.url) } : {};
}

async function build(
  trim: Trim,
  source: (gutter: number) => string,
  files: Record<string, Buffer>,
  estimatedPages = MIN_PAGES,
): Promise<Interior> {
  // Count the pages, pick the gutter for the padded count, and recount until the band settles.
  // Starting from the estimate's band saves a whole recount of a long book (a typesetting pass
  // each); a wrong estimate only costs that recount.
  let gutter = gutterFor(paddedPageCount(Math.max(MIN_PAGES, Math.round(estimatedPages))));
  let pages = await countPages({ source: source(gutter), files });
  for (let tries = 0; gutterFor(paddedPageCount(pages)) !== gutter && tries < 3; tries++) {
    gutter = gutterFor(paddedPageCount(pages));
    pages = await countPages({ source: source(gutter), files });
  }
  const target = paddedPageCount(pages);
  const built = await typesetPdf({ source: source(gutter) + pad(target - pages), files });
  if (built.pages !== target || gutterFor(built.pages) !== gutter)
    throw new Error(`The interior did not settle: ${built.pages} pages for ${target}`);
  return { pdf: built.pdf, pages: built.pages, trim };
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

/**
 * 6×9 non-fiction, set as a book designer sets one (Chicago conventions, as Vellum and Atticus
 * do): title page (recto), copyright page (verso), contents (recto), then the chapters, each
 * opening on a recto. Arabic folios start at 1 on the first chapter's recto, so rectos carry odd
 * folios; blank pages and chapter openers carry neither folio nor running head. Running heads:
 * the book's title on versos, the chapter's on rectos.
 *
 * No links and no bookmarks: KDP's paperback submission guidelines ask for print files without
 * bookmarks or annotations (a reader cannot click paper), so the contents is set from a query of
 * the chapter headings rather than Typst's linked outline. The EPUB keeps its navigation.
 */
export async function nonFictionInterior(book: NonFictionInterior): Promise<Interior> {
  const trim = TRIMS['non-fiction'];
  const source = (gutter: number) => `${PREAMBLE}
${pageSetup(trim, nonFictionMargins(gutter))}
#set heading(bookmarked: false, outlined: false)
#set par(justify: true, first-line-indent: 1.2em, leading: 0.62em, spacing: 0.62em)
// Page furniture needs to know, for each page, whether it opens a chapter or is blank (between
// a chapter's end and the next opening recto, or after the book's end). One query of each kind,
// looked up per page: a query per page would cost more than the text's own typesetting.
#let marks() = (
  query(<chapter-open>).map(m => m.location().page()),
  query(<chapter-end>).map(m => m.location().page()),
)
#let furniture(p) = {
  let (opens, ends) = marks()
  let k = opens.filter(o => o <= p).len()
  if k == 0 or opens.at(k - 1) == p or ends.at(k - 1, default: p) < p { none } else { book.chapters.at(k - 1).title }
}
${BALANCED}#show heading.where(level: 1): it => balanced(text(size: 19pt, weight: "bold", hyphenate: false, it.body))
#let opening(chapter, first) = {
  pagebreak(to: "odd", weak: true)
  // Folio 1 is the first chapter's opening recto.
  if first { counter(page).update(1) }
  [#metadata(none) <chapter-open>]
  v(1.1in)
  block(width: 100%, below: 0.55in)[
    #set align(center)
    #set par(justify: false, first-line-indent: 0pt)
    #if chapter.at("label", default: none) != none [ #text(size: 10pt, tracking: 0.12em)[#upper(chapter.label)] #v(0.4em) ]
    #heading(level: 1, chapter.title)
  ]
}
#set page(header: context {
  let p = here().page()
  let chapter = furniture(p)
  if chapter != none {
    set text(size: 8.5pt, hyphenate: false)
    set par(justify: false, first-line-indent: 0pt)
    place(bottom + if calc.odd(p) { right } else { left }, str(counter(page).get().first()))
    align(center, emph(if calc.odd(p) { chapter } else { book.title }))
  }
})
${FRONT_MATTER}
#page(header: none, footer: none)[
  #set par(justify: false, first-line-indent: 0pt)
  #v(1.1in)
  #align(center, text(size: 19pt, weight: "bold")[Contents])
  #v(0.45in)
  #context {
    let starts = query(heading.where(level: 1))
    for h in starts {
      block(above: 0.85em, below: 0.85em, grid(columns: (1fr, auto), column-gutter: 1em,
        h.body, str(counter(page).at(h.location()).first())))
    }
  }
]
#for (i, chapter) in book.chapters.enumerate() [
  #opening(chapter, i == 0)
  #for p in chapter.paragraphs [ #p #parbreak() ]
  #metadata(none) <chapter-end>
]
${READER_PAGE}`;
  return build(
    trim,
    source,
    { '/book.json': json(book), ...(await readerFiles(book)) },
    estimatedNonFictionPages(book),
  );
}

/**
 * About how many pages the book will set to: front matter, about 2,300 characters of text per
 * 6×9 page, and half a page per chapter for openings on a recto (measured on the offline books of
 * 6, 20 and 60 chapters: within 10 %). Only the gutter band of the first count depends on it.
 */
export function estimatedNonFictionPages(book: NonFictionInterior): number {
  const characters = book.chapters.reduce(
    (sum, chapter) => sum + chapter.paragraphs.reduce((n, p) => n + p.length + 1, 0),
    0,
  );
  return 4 + characters / 2300 + book.chapters.length / 2;
}

/**
 * Margins of the 6×9 page: the outside 0.5 in, the inside KDP's minimum gutter for the page
 * count (wider as the book thickens) plus a quarter inch, so it is always the wider of the two;
 * top and bottom leave room for the running head and the folio.
 */
export function nonFictionMargins(gutter: number) {
  return { inside: gutter + 0.25, outside: 0.5, top: 0.8, bottom: 0.75 };
}

/** Picture books: the gutter never narrower than the outside margin. */
const pictureMargins = (gutter: number, outer: number) => ({
  inside: Math.max(gutter, outer),
  outside: outer,
  top: outer,
  bottom: outer,
});

/**
 * 8.5×11 coloring book: each design alone on a recto page, its back left blank. The designs are
 * vector paths (SVG, which Typst draws as paths in the PDF): crisp at any size, no raster.
 */
export async function coloringInterior(book: ColoringInterior): Promise<Interior> {
  const trim = TRIMS.coloring;
  const outer = 0.5;
  const files: Record<string, Buffer> = {
    '/book.json': json({
      ...book,
      designs: book.designs.map((d) => ({ width: d.width, height: d.height })),
    }),
  };
  book.designs.forEach((art, i) => {
    files[`/img/${i}.svg`] = art.svg;
  });
  const source = (gutter: number) => `${PREAMBLE}
${pageSetup(trim, pictureMargins(gutter, outer))}
${FRONT_MATTER}
#for (i, d) in book.designs.enumerate() [
  #page(footer: if book.at("designNote", default: none) != none {
    align(center, text(size: 7pt, fill: luma(90), book.designNote))
  })[#align(center + horizon, image("/img/" + str(i) + ".svg", width: d.width * 1in, height: d.height * 1in))]
  #page[#align(center + horizon, text(size: 9pt, fill: luma(110))[This page intentionally left blank])]
]
${READER_PAGE}`;
  return build(trim, source, { ...files, ...(await readerFiles(book)) });
}

/**
 * Square kids book: each page's picture runs off the top and both sides (the kids frame, 3:2),
 * and its text sits in the band below, on a tint of the picture, at the largest size from 20 pt
 * down to 10 pt that fits the band: the picture is never covered, whatever the text's length.
 */
export async function kidsInterior(book: KidsInterior): Promise<Interior> {
  const trim = TRIMS.kids;
  const outer = minOuterMargin(trim) + 0.125;
  const picture = FRAMES.kids.height;
  const files: Record<string, Buffer> = {
    '/book.json': json({ ...book, pictures: book.pictures.length, titleArt: Boolean(book.titleArt) }),
  };
  book.pictures.forEach((png, i) => {
    files[`/img/${i}.png`] = png;
  });
  if (book.titleArt) files['/img/title.png'] = book.titleArt;
  const source = (gutter: number) => `${PREAMBLE}
${pageSetup(trim, pictureMargins(gutter, outer))}
#set text(font: "New Computer Modern", size: 16pt)
#set par(justify: false, leading: 0.5em)
#page[
  #align(center + horizon)[
    #if book.titleArt [ #image("/img/title.png", width: ${TITLE_ART_FRAME.width}in, height: ${TITLE_ART_FRAME.height}in) #v(0.6em) ]
    #text(size: 30pt, weight: "bold", hyphenate: false)[#book.title]
    #if book.at("subtitle", default: none) != none [ #v(0.2em) #text(size: 15pt)[#book.subtitle] ]
    #v(0.6em)
    #text(size: 14pt)[#book.author]
  ]
]
${COPYRIGHT_PAGE}
#let band(body, room) = layout(size => {
  let sizes = (20pt, 18pt, 16pt, 15pt, 14pt, 13pt, 12pt, 11pt, 10pt)
  let fits = sizes.filter(s => measure(block(width: size.width, text(size: s, body))).height <= room)
  text(size: fits.at(0, default: 10pt), body)
})
#for i in range(book.pictures) [
  #page(
    fill: rgb(book.tints.at(i)),
    background: place(top + left, image("/img/" + str(i) + ".png", width: 100%, height: ${picture}in)),
  )[
    #v(${picture}in - ${outer}in + 0.2in)
    #block(width: 100%, height: 1fr, inset: (x: 0.1in))[#align(horizon, band(book.texts.at(i), ${(pageSize(trim).height - picture - 0.2 - outer).toFixed(3)}in))]
  ]
]
${READER_PAGE}`;
  return build(trim, source, { ...files, ...(await readerFiles(book)) });
}
