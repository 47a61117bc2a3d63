import { gutterFor, MIN_PAGES, minOuterMargin, paddedPageCount, pageSize, TRIMS, type Trim } from './kdp';
import { countPages, typesetPdf } from './typst';

/**
 * Interior PDFs for KDP paperbacks, typeset by Typst. Each book is built twice at most: once to
 * count its pages, once more if that count moves it into another gutter band (KDP's gutter grows
 * with the page count). The template pads the end to an even count of at least 24 pages.
 */
export interface BookMatter {
  title: string;
  subtitle?: string;
  author: string;
  /** Lines for the copyright page (the offline demo label among them). */
  notices: string[];
}

export interface NonFictionInterior extends BookMatter {
  chapters: Array<{ title: string; paragraphs: string[] }>;
}

export interface PictureBookInterior extends BookMatter {
  /** PNGs, already at print resolution without transparency (see pictures.ts). */
  pictures: Buffer[];
  /** Kids books: the page texts beside the pictures. */
  texts?: string[];
  /** Kids books: the character picture for the title page. */
  character?: Buffer;
}

export interface Interior {
  pdf: Buffer;
  pages: number;
  trim: Trim;
}

const inches = (n: number) => `${Number(n.toFixed(4))}in`;

function pageSetup(trim: Trim, gutter: number, outer: number): string {
  const size = pageSize(trim);
  return `#set page(width: ${inches(size.width)}, height: ${inches(size.height)}, margin: (inside: ${inches(gutter)}, outside: ${inches(outer)}, top: ${inches(outer)}, bottom: ${inches(outer)}))`;
}

const PREAMBLE = `
#let book = json("/book.json")
#set document(title: book.title, author: book.author, date: none)
#set text(font: "Libertinus Serif", size: 11pt, lang: "en")
`;

/** Blank pages at the end, up to an even count of at least 24 (KDP's minimum). */
const pad = (pages: number) => '#pagebreak() #box[]\n'.repeat(pages);

const FRONT_MATTER = `
#page(numbering: none)[
  #align(center + horizon)[
    #text(size: 26pt, weight: "bold")[#book.title]
    #if book.at("subtitle", default: none) != none [ #v(0.6em) #text(size: 14pt)[#book.subtitle] ]
    #v(2em)
    #text(size: 13pt)[#book.author]
  ]
]
#page(numbering: none)[
  #align(bottom)[
    #set text(size: 9pt)
    #set par(justify: false)
    Copyright © #book.author. All rights reserved.
    #for line in book.notices [ #parbreak() #line ]
  ]
]
`;

async function build(
  trim: Trim,
  source: (gutter: number) => string,
  files: Record<string, Buffer>,
): Promise<Interior> {
  // Count the pages, pick the gutter for the padded count, and recount until the band settles.
  let gutter = gutterFor(MIN_PAGES);
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

/** 6×9 non-fiction: title page, copyright page, contents, chapters on recto pages. */
export function nonFictionInterior(book: NonFictionInterior): Promise<Interior> {
  const trim = TRIMS['non-fiction'];
  const outer = 0.625;
  const source = (gutter: number) => `${PREAMBLE}
${pageSetup(trim, gutter, outer)}
#set par(justify: true, first-line-indent: 1.2em, leading: 0.62em, spacing: 0.62em)
#show heading.where(level: 1): it => {
  pagebreak(to: "odd", weak: true)
  v(1.2in)
  text(size: 20pt, weight: "bold", it.body)
  v(0.5in)
}
${FRONT_MATTER}
#page(numbering: none)[
  #outline(title: [Contents], depth: 1)
]
#set page(numbering: "1", footer: context align(if calc.odd(here().page()) { right } else { left }, text(size: 9pt, counter(page).display())))
#counter(page).update(1)
#for chapter in book.chapters [
  #heading(level: 1, chapter.title)
  #for p in chapter.paragraphs [ #p #parbreak() ]
]
`;
  return build(trim, source, { '/book.json': json(book) });
}

/** 8.5×11 coloring book: each design alone on a recto page, its back left blank. */
export function coloringInterior(book: PictureBookInterior): Promise<Interior> {
  const trim = TRIMS.coloring;
  const outer = 0.5;
  const files: Record<string, Buffer> = { '/book.json': json({ ...book, pictures: book.pictures.length }) };
  book.pictures.forEach((png, i) => {
    files[`/img/${i}.png`] = png;
  });
  const source = (gutter: number) => `${PREAMBLE}
${pageSetup(trim, gutter, outer)}
${FRONT_MATTER}
#for i in range(book.pictures) [
  #page[#align(center + horizon, image("/img/" + str(i) + ".png", width: 100%, height: 100%, fit: "contain"))]
  #page[#align(center + horizon, text(size: 9pt, fill: luma(110))[This page intentionally left blank])]
]
`;
  return build(trim, source, files);
}

/** Square kids book with full-bleed pictures and the story's text in a box inside the safe area. */
export function kidsInterior(book: PictureBookInterior): Promise<Interior> {
  const trim = TRIMS.kids;
  const outer = minOuterMargin(trim) + 0.125;
  const files: Record<string, Buffer> = {
    '/book.json': json({ ...book, pictures: book.pictures.length, character: Boolean(book.character) }),
  };
  book.pictures.forEach((png, i) => {
    files[`/img/${i}.png`] = png;
  });
  if (book.character) files['/img/character.png'] = book.character;
  const source = (gutter: number) => `${PREAMBLE}
${pageSetup(trim, gutter, outer)}
#set text(font: "New Computer Modern", size: 16pt)
#page[
  #align(center + horizon)[
    #if book.character [ #image("/img/character.png", width: 45%) #v(1em) ]
    #text(size: 30pt, weight: "bold")[#book.title]
    #v(1em)
    #text(size: 14pt)[#book.author]
  ]
]
#page[
  #align(bottom)[
    #set text(size: 9pt)
    Copyright © #book.author. All rights reserved.
    #for line in book.notices [ #parbreak() #line ]
  ]
]
#for i in range(book.pictures) [
  #page(background: image("/img/" + str(i) + ".png", width: 100%, height: 100%, fit: "cover"))[
    #align(bottom)[
      #block(fill: white, inset: 12pt, radius: 8pt, width: 100%)[#book.texts.at(i)]
    ]
  ]
]
`;
  return build(trim, source, files);
}
