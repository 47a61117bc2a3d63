/**
 * Amazon KDP's print rules for the files we emit (docs/design.md (Outputs)), in inches. One place, read by the
 * typesetter (to meet them) and by the preflight (to check them).
 */
export interface Trim {
  width: number;
  height: number;
  /** Full-bleed pictures: the page is 0.125 in wider and 0.25 in taller than the trim. */
  bleed: boolean;
}

export const TRIMS = {
  'non-fiction': { width: 6, height: 9, bleed: false },
  coloring: { width: 8.5, height: 11, bleed: false },
  kids: { width: 8.5, height: 8.5, bleed: true },
} as const satisfies Record<string, Trim>;

export const BLEED = 0.125;
export const MIN_PAGES = 24;
export const MAX_PAGES = 828;
/**
 * KDP's paper stocks and the thickness each page adds to the spine (inches). Black-and-white
 * books print on white or cream; a colour book under 72 pages can only print on premium colour.
 */
export const PAPER_THICKNESS = { white: 0.002252, cream: 0.0025, 'premium-color': 0.002347 } as const;
export type Paper = keyof typeof PAPER_THICKNESS;
/** KDP's minimum resolution of a picture where it is drawn: what every picture file declares. */
export const MIN_PPI = 300;
/** The density pictures are made at for print (the files declare it; KDP asks for it). */
export const PRINT_PPI = 300;
/**
 * The least real detail a picture may have where it is drawn: its source pixels over its printed
 * inches, whatever the file declares once resampled. Below it a page prints visibly blurred, and
 * the preflight refuses it.
 */
export const MIN_REAL_PPI = 150;
/** KDP needs at least this many pages before text may go on the spine. */
export const SPINE_TEXT_MIN_PAGES = 79;

/** The page the PDF must have: the trim, plus bleed on the outside edges, top and bottom. */
export function pageSize(trim: Trim): { width: number; height: number } {
  return trim.bleed
    ? { width: trim.width + BLEED, height: trim.height + 2 * BLEED }
    : { width: trim.width, height: trim.height };
}

/** Inside (gutter) margin for a page count. */
export function gutterFor(pages: number): number {
  if (pages <= 150) return 0.375;
  if (pages <= 300) return 0.5;
  if (pages <= 500) return 0.625;
  if (pages <= 700) return 0.75;
  return 0.875;
}

/** Outside, top and bottom margins at least this (more when the page bleeds). */
export function minOuterMargin(trim: Trim): number {
  return trim.bleed ? 0.375 : 0.25;
}

/** Even and at least 24: the page count a book is padded to. */
export function paddedPageCount(pages: number): number {
  return Math.max(MIN_PAGES, pages + (pages % 2));
}

export function spineWidth(pages: number, paper: Paper = 'white'): number {
  return pages * PAPER_THICKNESS[paper];
}

/**
 * KDP's cover safe area: text and anything that must not be cut stays this far inside the trim
 * (and off the spine's folds). The barcode box KDP prints on the back cover: 2 × 1.2 in, in its
 * bottom right corner, inside the safe area (so a quarter inch from the spine and the foot).
 */
export const COVER_SAFE = 0.125;
export const BARCODE = { width: 2, height: 1.2, fromSpine: 0.25, fromBottom: 0.25 } as const;

/** The wrap's geometry in inches from its top left corner (bleed included). */
export function coverLayout(trim: Trim, pages: number, paper: Paper = 'white') {
  const spine = spineWidth(pages, paper);
  const width = 2 * trim.width + spine + 2 * BLEED;
  const height = trim.height + 2 * BLEED;
  const spineLeft = BLEED + trim.width;
  return {
    width,
    height,
    spine: { left: spineLeft, right: spineLeft + spine, width: spine },
    /** The back cover's barcode box (x, y of its top left corner). */
    barcode: {
      x: spineLeft - BARCODE.fromSpine - BARCODE.width,
      y: BLEED + trim.height - BARCODE.fromBottom - BARCODE.height,
      width: BARCODE.width,
      height: BARCODE.height,
    },
  };
}
