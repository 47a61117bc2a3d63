/**
 * Amazon KDP's print rules for the files we emit (DESIGN §5), in inches. One place, read by the
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
/** KDP white paper: spine width per page. */
export const SPINE_PER_PAGE = 0.002252;
export const MIN_PPI = 300;
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

export function spineWidth(pages: number): number {
  return pages * SPINE_PER_PAGE;
}
