import { PDFDocument } from 'pdf-lib';
import {
  BLEED,
  COVER_SAFE,
  coverLayout,
  gutterFor,
  MAX_PAGES,
  MIN_PAGES,
  MIN_PPI,
  minOuterMargin,
  type Paper,
  pageSize,
  type Trim,
} from '../outputs/kdp';
import { type DeclaredSource, type PictureDetail, pictureDetails, softPictureProblems } from './enlargement';
import { type Box, pageMarks } from './page-marks';

/**
 * KDP checks of a PDF, in process (no Debian tools at run time): page size against the trim,
 * page count, every font embedded and none of Type 3, no glyph missing (`.notdef`), every image at least 300 ppi where it is
 * drawn and without transparency, and at least MIN_REAL_PPI of real detail (enlargement.ts);
 * and where things sit, as KDP's previewer sees them: an
 * interior's text and pictures inside its margins (the gutter by page count, the outside,
 * top and bottom; on a bleed page, pictures either run off the page's edge or stay inside the
 * safe area), a cover's text inside its safe area, off the spine's folds and out of the
 * barcode box.
 */
export interface PdfRules {
  /** Interior: the trim the pages must have; absent accepts any page size (covers). */
  trim?: Trim;
  /** Interiors need an even count of at least 24 pages, and their margins are checked. */
  interior: boolean;
  /** The exact page size in inches (wrap covers). */
  size?: { width: number; height: number };
  /** A paperback wrap for this book: its size follows, and its safe area is checked. */
  cover?: { trim: Trim; pages: number; paper: Paper };
  /** What the pictures were resampled from, as the generator that placed them knows it. */
  sources?: DeclaredSource[];
  /** The pictures' details, measured already (the command line measures them once for its report). */
  pictures?: PictureDetail[];
}

const TOLERANCE_PT = 0.5;
/** KDP: spine text keeps at least this far (inches) from each fold. */
export const SPINE_FOLD_CLEARANCE = 0.0625;
const pt = (inches: number) => inches * 72;
const inchesOf = (points: number) => (points / 72).toFixed(3);

/** The safe area of an interior page (points), and where its page edges are trimmed or bled. */
export function interiorSafeArea(trim: Trim, pages: number, pageNo: number) {
  const size = pageSize(trim);
  const recto = pageNo % 2 === 1;
  const outer = minOuterMargin(trim);
  const gutter = gutterFor(pages);
  // A bleed page is 0.125 in wider on its outside edge (right on a recto, left on a verso).
  const trimLeft = trim.bleed && !recto ? BLEED : 0;
  const trimBottom = trim.bleed ? BLEED : 0;
  const safe: Box = {
    left: pt(trimLeft + (recto ? gutter : outer)),
    right: pt(trimLeft + trim.width - (recto ? outer : gutter)),
    bottom: pt(trimBottom + outer),
    top: pt(trimBottom + trim.height - outer),
  };
  return { safe, page: { left: 0, bottom: 0, right: pt(size.width), top: pt(size.height) } };
}

const inside = (box: Box, area: Box) =>
  box.left >= area.left - TOLERANCE_PT &&
  box.right <= area.right + TOLERANCE_PT &&
  box.bottom >= area.bottom - TOLERANCE_PT &&
  box.top <= area.top + TOLERANCE_PT;
const overlaps = (a: Box, b: Box) =>
  a.left < b.right - TOLERANCE_PT &&
  a.right > b.left + TOLERANCE_PT &&
  a.bottom < b.top - TOLERANCE_PT &&
  a.top > b.bottom + TOLERANCE_PT;

/** How far (inches) a box comes past the safe area's nearest edge, for the message. */
function intrusion(box: Box, area: Box): string {
  const worst = Math.max(
    area.left - box.left,
    box.right - area.right,
    area.bottom - box.bottom,
    box.top - area.top,
  );
  return inchesOf(worst);
}

/**
 * A picture on a bleed page either stays in the safe area or, on each side where it leaves it,
 * runs to the page's edge (into the bleed, or to the spine edge): an edge between the two would
 * be cut unevenly by the trim.
 */
function nearTrim(box: Box, safe: Box, page: Box): boolean {
  const sides: Array<[number, number, number]> = [
    [box.left, safe.left, page.left],
    [-box.right, -safe.right, -page.right],
    [box.bottom, safe.bottom, page.bottom],
    [-box.top, -safe.top, -page.top],
  ];
  return sides.some(
    ([edge, safeEdge, pageEdge]) => edge < safeEdge - TOLERANCE_PT && edge > pageEdge + TOLERANCE_PT,
  );
}

export function checkPdfStructure(doc: PDFDocument, rules: PdfRules): string[] {
  const problems: string[] = [];
  const pages = doc.getPages();
  if (rules.interior) {
    if (pages.length < MIN_PAGES)
      problems.push(`The interior has ${pages.length} pages; KDP needs at least ${MIN_PAGES}`);
    if (pages.length % 2 !== 0) problems.push(`The interior has an odd page count (${pages.length})`);
    if (pages.length > MAX_PAGES) problems.push(`The interior has more than ${MAX_PAGES} pages`);
  }
  const layout = rules.cover
    ? coverLayout(rules.cover.trim, rules.cover.pages, rules.cover.paper)
    : undefined;
  const expected = rules.size ?? layout ?? (rules.trim ? pageSize(rules.trim) : undefined);

  pageMarks(doc).forEach((marks, i) => {
    const pageNo = i + 1;
    const { width, height } = marks;
    if (
      expected &&
      (Math.abs(width - expected.width * 72) > TOLERANCE_PT ||
        Math.abs(height - expected.height * 72) > TOLERANCE_PT)
    ) {
      problems.push(
        `Page ${pageNo} is ${(width / 72).toFixed(3)}×${(height / 72).toFixed(3)} in; expected ${expected.width.toFixed(3)}×${expected.height.toFixed(3)} in`,
      );
    }
    for (const font of marks.fonts) {
      if (font.type3) problems.push(`Font ${font.name} is a Type 3 font`);
      else if (!font.embedded) problems.push(`Font ${font.name} is not embedded`);
    }
    for (const { font, count } of marks.missingGlyphs)
      problems.push(
        `Page ${pageNo}: ${count === 1 ? 'a character has' : `${count} characters have`} no glyph in ${font} (printed as an empty box)`,
      );
    for (const image of marks.images) {
      if (image.ppi + 0.5 < MIN_PPI)
        problems.push(
          `Page ${pageNo}: an image is ${Math.round(image.ppi)} ppi; KDP needs at least ${MIN_PPI}`,
        );
      if (image.transparent) problems.push(`Page ${pageNo}: an image has transparency`);
    }
    if (rules.interior && rules.trim) {
      const { safe, page } = interiorSafeArea(rules.trim, pages.length, pageNo);
      for (const text of marks.text)
        if (!inside(text, safe))
          problems.push(
            `Page ${pageNo}: text comes ${intrusion(text, safe)} in into the margin (KDP: ${minOuterMargin(rules.trim)} in outside, top and bottom, ${gutterFor(pages.length)} in gutter for ${pages.length} pages)`,
          );
      for (const image of marks.images) {
        const misplaced = rules.trim.bleed ? nearTrim(image, safe, page) : !inside(image, safe);
        if (misplaced)
          problems.push(
            rules.trim.bleed
              ? `Page ${pageNo}: a picture ends near the trim (it must run into the bleed or stay ${minOuterMargin(rules.trim)} in inside)`
              : `Page ${pageNo}: a picture comes ${intrusion(image, safe)} in into the margin`,
          );
      }
    }
    if (layout && rules.cover) problems.push(...coverPlacement(marks.text, layout, rules.cover.trim));
  });
  // One line per kind of problem and page is plenty; the first few say what is wrong.
  return [...new Set(problems)];
}

/** A wrap's text: inside the safe area, never across a fold, spine text clear of both folds, none on the barcode. */
function coverPlacement(text: Box[], layout: ReturnType<typeof coverLayout>, trim: Trim): string[] {
  const problems: string[] = [];
  const bottom = pt(BLEED + COVER_SAFE);
  const top = pt(BLEED + trim.height - COVER_SAFE);
  const panels: Array<[string, Box]> = [
    ['back cover', { left: pt(BLEED + COVER_SAFE), right: pt(layout.spine.left - COVER_SAFE), bottom, top }],
    [
      'spine',
      {
        left: pt(layout.spine.left + SPINE_FOLD_CLEARANCE),
        right: pt(layout.spine.right - SPINE_FOLD_CLEARANCE),
        bottom,
        top,
      },
    ],
    [
      'front cover',
      {
        left: pt(layout.spine.right + COVER_SAFE),
        right: pt(layout.width - BLEED - COVER_SAFE),
        bottom,
        top,
      },
    ],
  ];
  const heightPt = pt(layout.height);
  const barcode: Box = {
    left: pt(layout.barcode.x),
    right: pt(layout.barcode.x + layout.barcode.width),
    top: heightPt - pt(layout.barcode.y),
    bottom: heightPt - pt(layout.barcode.y + layout.barcode.height),
  };
  for (const box of text) {
    const centre = (box.left + box.right) / 2;
    const onSpine = centre >= pt(layout.spine.left) && centre <= pt(layout.spine.right);
    const [name, area] = panels[onSpine ? 1 : centre < pt(layout.spine.left) ? 0 : 2] as [string, Box];
    if (!inside(box, area))
      problems.push(
        name === 'spine'
          ? `Cover: spine text comes within ${SPINE_FOLD_CLEARANCE} in of a fold`
          : `Cover: text on the ${name} comes ${intrusion(box, area)} in past its safe area (${COVER_SAFE} in inside the trim and the folds)`,
      );
    if (overlaps(box, barcode))
      problems.push('Cover: text in the barcode area (2 × 1.2 in, bottom right of the back)');
  }
  return problems;
}

export async function preflightPdf(data: Uint8Array, rules: PdfRules): Promise<string[]> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(data);
  } catch (error) {
    return [`Not a readable PDF: ${error instanceof Error ? error.message : String(error)}`];
  }
  // A picture's real detail, not only the ppi its file declares: under MIN_REAL_PPI it is refused.
  const pictures = rules.pictures ?? (await pictureDetails(doc, rules.sources));
  return [...checkPdfStructure(doc, rules), ...softPictureProblems(pictures)];
}
