import { PDFDocument } from 'pdf-lib';
import {
  BLEED,
  MIN_PAGES,
  PAPER_THICKNESS,
  type Paper,
  pageSize,
  spineWidth,
  TRIMS,
  type Trim,
} from '../outputs/kdp';
import { type DeclaredSource, type PictureDetail, pictureDetails } from './enlargement';
import { preflightEpub } from './epub';
import { preflightPdf } from './pdf';

/** A book file that KDP would refuse: the job fails with these reasons and is refunded. */
export class PreflightError extends Error {
  override name = 'PreflightError';
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`The ${file} failed the KDP preflight: ${problems.slice(0, 5).join('; ')}`);
  }
}

/**
 * What a file must be. `sources` declares what its pictures were resampled from (the generator
 * knows), so their real detail is their source pixels where they are printed; a picture not
 * declared is measured from its pixels. `pictures` passes details measured already.
 */
export type PreflightTarget =
  | { type: 'interior'; trim: Trim; sources?: DeclaredSource[]; pictures?: PictureDetail[] }
  /** A paperback wrap for a book of `pages` pages on `paper`: its size and safe area follow. */
  | {
      type: 'cover';
      trim: Trim;
      pages: number;
      paper: Paper;
      sources?: DeclaredSource[];
      pictures?: PictureDetail[];
    }
  | { type: 'epub' };

export async function preflight(data: Uint8Array, target: PreflightTarget): Promise<string[]> {
  const pictures = {
    ...('sources' in target && target.sources ? { sources: target.sources } : {}),
    ...('pictures' in target && target.pictures ? { pictures: target.pictures } : {}),
  };
  switch (target.type) {
    case 'interior':
      return preflightPdf(data, { interior: true, trim: target.trim, ...pictures });
    case 'cover':
      return preflightPdf(data, {
        interior: false,
        cover: { trim: target.trim, pages: target.pages, paper: target.paper },
        ...pictures,
      });
    case 'epub':
      return preflightEpub(data);
    default: {
      const never: never = target;
      return never;
    }
  }
}

/** Checks a file the product is about to deliver; throws PreflightError when KDP would refuse it. */
export async function assertPreflight(
  file: string,
  data: Uint8Array,
  target: PreflightTarget,
): Promise<void> {
  const problems = await preflight(data, target);
  if (problems.length > 0) throw new PreflightError(file, problems);
}

/** What a file was taken for, in words ("paperback cover, 6×9 trim, 112 pages on white paper"). */
export interface FileVerdict {
  what: string;
  problems: string[];
  /** Every picture with the ppi its file declares and the real detail it holds. */
  pictures: PictureDetail[];
}

const PAPER_NAMES: Record<Paper, string> = {
  white: 'white paper',
  cream: 'cream paper',
  'premium-color': 'premium colour paper',
};
const trimName = (trim: Trim) => `${trim.width}×${trim.height}${trim.bleed ? ' with bleed' : ''}`;
const near = (a: number, b: number) => Math.abs(a - b) * 72 <= 0.5;

/**
 * The preflight of any file, which tells by itself what the file is: an EPUB by its zip
 * signature; a PDF of one page wider than tall is a paperback wrap, whose trim follows from its
 * height and whose page count and paper from its spine (the width less both panels and the
 * bleed, a whole number of KDP's page thicknesses); any other PDF is an interior, of the trim
 * its page size gives. `given` pins what is known (a trim, a page count, a paper).
 */
export async function preflightFile(
  data: Uint8Array,
  given: { trim?: Trim; pages?: number; paper?: Paper } = {},
): Promise<FileVerdict> {
  if (data[0] === 0x50 && data[1] === 0x4b)
    return { what: 'EPUB', problems: await preflight(data, { type: 'epub' }), pictures: [] };
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(data);
  } catch (error) {
    return {
      what: 'file',
      problems: [`Not a readable PDF or EPUB: ${error instanceof Error ? error.message : String(error)}`],
      pictures: [],
    };
  }
  // A file of unknown making declares no sources: its pictures' real detail is measured from
  // their pixels, once, for the verdict and the report.
  const pictures = await pictureDetails(doc);
  return { ...(await judgePdf(data, doc, given, pictures)), pictures };
}

async function judgePdf(
  data: Uint8Array,
  doc: PDFDocument,
  given: { trim?: Trim; pages?: number; paper?: Paper },
  pictures: PictureDetail[],
): Promise<Omit<FileVerdict, 'pictures'>> {
  const first = doc.getPages()[0];
  const { width, height } = first ? first.getSize() : { width: 0, height: 0 };
  const trims: Trim[] = given.trim ? [given.trim] : Object.values(TRIMS);
  if (doc.getPageCount() === 1 && width > height) {
    const inches = { width: width / 72, height: height / 72 };
    const trim = trims.find((t) => near(t.height + 2 * BLEED, inches.height));
    if (!trim)
      return {
        what: 'paperback cover',
        problems: [
          `The cover is ${inches.height.toFixed(3)} in tall: none of the trims (${trims.map(trimName).join(', ')}) plus 0.125 in bleed top and bottom`,
        ],
      };
    const spine = inches.width - 2 * trim.width - 2 * BLEED;
    const papers = given.paper ? [given.paper] : (Object.keys(PAPER_THICKNESS) as Paper[]);
    // Interiors have an even count of at least 24 pages; of the papers that fit, the closest wins.
    const fits = papers
      .map((paper) => ({ paper, pages: given.pages ?? Math.round(spine / PAPER_THICKNESS[paper]) }))
      .filter(
        ({ paper, pages }) =>
          given.pages || (pages % 2 === 0 && pages >= MIN_PAGES && near(spineWidth(pages, paper), spine)),
      )
      .sort(
        (a, b) =>
          Math.abs(spineWidth(a.pages, a.paper) - spine) - Math.abs(spineWidth(b.pages, b.paper) - spine),
      );
    const fit = fits[0];
    if (fit)
      return {
        what: `paperback cover, ${trimName({ ...trim, bleed: false })} trim, ${fit.pages} pages on ${PAPER_NAMES[fit.paper]}`,
        problems: await preflight(data, {
          type: 'cover',
          trim,
          pages: fit.pages,
          paper: fit.paper,
          pictures,
        }),
      };
    return {
      what: 'paperback cover',
      problems: [
        `The spine is ${spine.toFixed(4)} in: no whole page count on ${papers.map((p) => PAPER_NAMES[p]).join(', ')} gives it`,
      ],
    };
  }
  const sized = trims.filter((t) => {
    const size = pageSize(t);
    return near(size.width, width / 72) && near(size.height, height / 72);
  });
  // A page size no trim has: judged against each trim, the closest verdict is shown.
  const verdicts = await Promise.all(
    (sized.length > 0 ? sized : trims).map(async (trim) => ({
      trim,
      problems: await preflight(data, { type: 'interior', trim, pictures }),
    })),
  );
  const best = verdicts.reduce((a, b) => (b.problems.length < a.problems.length ? b : a));
  return { what: `interior, ${trimName(best.trim)}, ${doc.getPageCount()} pages`, problems: best.problems };
}
