import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFRef,
} from 'pdf-lib';
import { MAX_PAGES, MIN_PAGES, MIN_PPI, pageSize, type Trim } from '../outputs/kdp';

/**
 * KDP checks of a PDF, in process (no Debian tools at run time): page size against the trim,
 * page count, every font embedded and none of Type 3, every image at least 300 ppi where it is
 * drawn and without transparency. Margins are met by construction in the typesetter.
 */
export interface PdfRules {
  /** Interior: the trim the pages must have; absent accepts any page size (covers). */
  trim?: Trim;
  /** Interiors need an even count of at least 24 pages. */
  interior: boolean;
  /** The exact page size in inches (wrap covers). */
  size?: { width: number; height: number };
}

const TOLERANCE_PT = 0.5;
/** The linear part (a b c d) of a transformation matrix: a translation never changes an image's size. */
type Matrix = [number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
];

function bytesOf(stream: PDFObject | undefined, doc: PDFDocument): Uint8Array[] {
  const resolved = stream instanceof PDFRef ? doc.context.lookup(stream) : stream;
  if (resolved instanceof PDFArray) return resolved.asArray().flatMap((s) => bytesOf(s, doc));
  if (resolved instanceof PDFRawStream) return [decodePDFRawStream(resolved).decode()];
  return [];
}

/** Tokens of a content stream, skipping strings, inline images and comments. */
function* tokens(content: string): Generator<string> {
  const re =
    /\s+|%[^\r\n]*|\((?:\\.|[^\\)])*\)|<[0-9A-Fa-f\s]*>|<<|>>|\[|\]|\/[^\s/[\]()<>{}%]*|[^\s/[\]()<>{}%]+/gy;
  let match: RegExpExecArray | null;
  for (;;) {
    const index = re.lastIndex;
    match = re.exec(content);
    if (!match) {
      if (index >= content.length) return;
      re.lastIndex = index + 1; // an unbalanced string: skip a byte
      continue;
    }
    const token = match[0];
    if (token === 'BI') {
      const end = content.indexOf('EI', re.lastIndex);
      re.lastIndex = end < 0 ? content.length : end + 2;
      continue;
    }
    if (/^\s/.test(token) || token.startsWith('%')) continue;
    yield token;
  }
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
  const expected = rules.size ?? (rules.trim ? pageSize(rules.trim) : undefined);
  const lookup = (o: PDFObject | undefined) => (o instanceof PDFRef ? doc.context.lookup(o) : o);
  const dict = (o: PDFObject | undefined) => {
    const r = lookup(o);
    return r instanceof PDFDict ? r : r instanceof PDFRawStream ? r.dict : undefined;
  };

  const checkFonts = (resources: PDFDict | undefined) => {
    const fonts = dict(resources?.get(PDFName.of('Font')));
    for (const [name, ref] of fonts?.entries() ?? []) {
      const font = dict(ref);
      if (!font) continue;
      const baseName = font.get(PDFName.of('BaseFont'))?.toString().slice(1) ?? name.toString();
      const subtype = font.get(PDFName.of('Subtype'))?.toString();
      if (subtype === '/Type3') {
        problems.push(`Font ${baseName} is a Type 3 font`);
        continue;
      }
      let descriptorOwner = font;
      if (subtype === '/Type0') {
        const descendants = lookup(font.get(PDFName.of('DescendantFonts')));
        const first = descendants instanceof PDFArray ? dict(descendants.get(0)) : undefined;
        if (first) descriptorOwner = first;
      }
      const descriptor = dict(descriptorOwner.get(PDFName.of('FontDescriptor')));
      const embedded = ['FontFile', 'FontFile2', 'FontFile3'].some((k) => descriptor?.has(PDFName.of(k)));
      if (!embedded) problems.push(`Font ${baseName} is not embedded`);
    }
  };

  const walk = (
    content: Uint8Array[],
    resources: PDFDict | undefined,
    start: Matrix,
    pageNo: number,
    depth: number,
  ) => {
    checkFonts(resources);
    const xobjects = dict(resources?.get(PDFName.of('XObject')));
    const stack: Matrix[] = [];
    let ctm = start;
    const operands: string[] = [];
    // Streams split at any token boundary (PDF 7.8.2): joined by a line break, never glued together.
    const text = content.map((c) => Buffer.from(c).toString('latin1')).join('\n');
    for (const token of tokens(text)) {
      // Operators are the bare words (q, cm, Do, T*, ' and "); numbers, names, strings, arrays are operands.
      if (!/^[A-Za-z'"]/.test(token)) {
        operands.push(token);
        continue;
      }
      if (token === 'q') stack.push(ctm);
      else if (token === 'Q') ctm = stack.pop() ?? start;
      else if (token === 'cm' && operands.length >= 6) {
        const m = operands.slice(-6, -2).map(Number) as Matrix;
        ctm = multiply(m, ctm);
      } else if (token === 'Do' && operands.length >= 1) {
        const name = (operands[operands.length - 1] as string).slice(1);
        const ref = xobjects?.get(PDFName.of(name));
        const xobject = lookup(ref);
        if (xobject instanceof PDFRawStream) {
          const subtype = xobject.dict.get(PDFName.of('Subtype'))?.toString();
          if (subtype === '/Image') {
            const px = (xobject.dict.get(PDFName.of('Width')) as PDFNumber | undefined)?.asNumber() ?? 0;
            const py = (xobject.dict.get(PDFName.of('Height')) as PDFNumber | undefined)?.asNumber() ?? 0;
            const drawnW = Math.hypot(ctm[0], ctm[1]) / 72;
            const drawnH = Math.hypot(ctm[2], ctm[3]) / 72;
            const ppi = Math.min(px / drawnW, py / drawnH);
            if (ppi + 0.5 < MIN_PPI)
              problems.push(
                `Page ${pageNo}: an image is ${Math.round(ppi)} ppi; KDP needs at least ${MIN_PPI}`,
              );
            if (xobject.dict.has(PDFName.of('SMask')) || xobject.dict.has(PDFName.of('Mask')))
              problems.push(`Page ${pageNo}: an image has transparency`);
          } else if (subtype === '/Form' && depth < 8) {
            const matrix = lookup(xobject.dict.get(PDFName.of('Matrix')));
            const m =
              matrix instanceof PDFArray
                ? (matrix
                    .asArray()
                    .slice(0, 4)
                    .map((n) => (n as PDFNumber).asNumber()) as Matrix)
                : IDENTITY;
            const formResources = dict(xobject.dict.get(PDFName.of('Resources'))) ?? resources;
            walk([decodePDFRawStream(xobject).decode()], formResources, multiply(m, ctm), pageNo, depth + 1);
          }
        }
      }
      operands.length = 0;
    }
  };

  pages.forEach((page, i) => {
    const { width, height } = page.getMediaBox();
    if (
      expected &&
      (Math.abs(width - expected.width * 72) > TOLERANCE_PT ||
        Math.abs(height - expected.height * 72) > TOLERANCE_PT)
    ) {
      problems.push(
        `Page ${i + 1} is ${(width / 72).toFixed(3)}×${(height / 72).toFixed(3)} in; expected ${expected.width.toFixed(3)}×${expected.height.toFixed(3)} in`,
      );
    }
    walk(bytesOf(page.node.get(PDFName.of('Contents')), doc), page.node.Resources(), IDENTITY, i + 1, 0);
  });
  // One line per kind of problem and page is plenty; the first few say what is wrong.
  return [...new Set(problems)];
}

export async function preflightPdf(data: Uint8Array, rules: PdfRules): Promise<string[]> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(data);
  } catch (error) {
    return [`Not a readable PDF: ${error instanceof Error ? error.message : String(error)}`];
  }
  return checkPdfStructure(doc, rules);
}
