import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFRef,
} from 'pdf-lib';

/**
 * What a page puts where, read from its content streams as a printer's preflight reads them:
 * each run of text and each image as a box in points (PDF user space, origin bottom left), with
 * the fonts used and the images' pixel sizes. Text boxes run from the font's descender to its
 * ascender over the glyphs' advance widths, as `pdftotext -bbox` measures words.
 */
export interface Box {
  left: number;
  bottom: number;
  right: number;
  top: number;
}
export interface TextMark extends Box {
  kind: 'text';
}
export interface ImageMark extends Box {
  kind: 'image';
  pixels: { width: number; height: number };
  /** The lower of the two resolutions where it is drawn. */
  ppi: number;
  transparent: boolean;
  /** The image XObject drawn (one picture drawn twice is the same stream). */
  stream: PDFRawStream;
}
export interface FontUse {
  name: string;
  type3: boolean;
  embedded: boolean;
}
/** Glyphs drawn as `.notdef` (glyph 0, the empty box a font draws for a character it lacks). */
export interface MissingGlyphs {
  font: string;
  count: number;
}
export interface PageMarks {
  width: number;
  height: number;
  text: TextMark[];
  images: ImageMark[];
  fonts: FontUse[];
  missingGlyphs: MissingGlyphs[];
}

/** An affine matrix [a b c d e f], as PDF writes them. */
type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];
const apply = (m: Matrix, x: number, y: number) => ({
  x: m[0] * x + m[2] * y + m[4],
  y: m[1] * x + m[3] * y + m[5],
});
/** The box around a rectangle of some space, once transformed. */
function boxOf(m: Matrix, x0: number, y0: number, x1: number, y1: number): Box {
  const corners = [apply(m, x0, y0), apply(m, x1, y0), apply(m, x0, y1), apply(m, x1, y1)];
  const xs = corners.map((c) => c.x);
  const ys = corners.map((c) => c.y);
  return { left: Math.min(...xs), right: Math.max(...xs), bottom: Math.min(...ys), top: Math.max(...ys) };
}

/** The end (exclusive) of the literal string opening at `start`: parentheses nest unless escaped. */
function literalEnd(content: string, start: number): number {
  let depth = 0;
  for (let i = start; i < content.length; i++) {
    const c = content[i];
    if (c === '\\') i++;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  return -1;
}

/** Tokens of a content stream, skipping inline images and comments. */
function* tokens(content: string): Generator<string> {
  const re = /\s+|%[^\r\n]*|<[0-9A-Fa-f\s]*>|<<|>>|\[|\]|\/[^\s/[\]()<>{}%]*|[^\s/[\]()<>{}%]+/gy;
  for (;;) {
    const index = re.lastIndex;
    if (content[index] === '(') {
      const end = literalEnd(content, index);
      // An unbalanced string: skip its opening byte.
      re.lastIndex = end < 0 ? index + 1 : end;
      if (end >= 0) yield content.slice(index, end);
      continue;
    }
    const match = re.exec(content);
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

/** The bytes of a string operand: <hex> or (literal). */
function stringBytes(token: string): number[] {
  if (token.startsWith('<')) {
    const hex = token.slice(1, -1).replace(/\s/g, '');
    const padded = hex.length % 2 ? `${hex}0` : hex;
    return [...Buffer.from(padded, 'hex')];
  }
  const body = token.slice(1, -1);
  const bytes: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c !== '\\') {
      bytes.push(c.charCodeAt(0) & 0xff);
      continue;
    }
    const next = body[++i] ?? '';
    const octal = /^[0-7]{1,3}/.exec(body.slice(i))?.[0];
    if (octal) {
      bytes.push(Number.parseInt(octal, 8) & 0xff);
      i += octal.length - 1;
    } else
      bytes.push(({ n: 10, r: 13, t: 9, b: 8, f: 12 } as Record<string, number>)[next] ?? next.charCodeAt(0));
  }
  return bytes;
}

/** A font's metrics: advance width of a code (in 1/1000 em), how many bytes a code takes, ascent, descent. */
interface Metrics {
  name: string;
  type3: boolean;
  embedded: boolean;
  bytesPerCode: 1 | 2;
  width(code: number): number;
  ascent: number;
  descent: number;
}

const num = (o: PDFObject | undefined) => (o instanceof PDFNumber ? o.asNumber() : undefined);

function fontMetrics(doc: PDFDocument, font: PDFDict, name: string): Metrics {
  const lookup = (o: PDFObject | undefined) => (o instanceof PDFRef ? doc.context.lookup(o) : o);
  const dict = (o: PDFObject | undefined) => {
    const r = lookup(o);
    return r instanceof PDFDict ? r : r instanceof PDFRawStream ? r.dict : undefined;
  };
  const subtype = font.get(PDFName.of('Subtype'))?.toString();
  const baseName = font.get(PDFName.of('BaseFont'))?.toString().slice(1) ?? name;
  let descriptorOwner = font;
  const widths = new Map<number, number>();
  let defaultWidth = 1000;
  let bytesPerCode: 1 | 2 = 1;
  if (subtype === '/Type0') {
    bytesPerCode = 2;
    const descendants = lookup(font.get(PDFName.of('DescendantFonts')));
    const cid = descendants instanceof PDFArray ? dict(descendants.get(0)) : undefined;
    if (cid) {
      descriptorOwner = cid;
      defaultWidth = num(lookup(cid.get(PDFName.of('DW')))) ?? 1000;
      const w = lookup(cid.get(PDFName.of('W')));
      const items = w instanceof PDFArray ? w.asArray().map(lookup) : [];
      // [first [w1 w2 …]] or [first last w]
      for (let i = 0; i < items.length; ) {
        const first = num(items[i]) ?? 0;
        const next = items[i + 1];
        if (next instanceof PDFArray) {
          next.asArray().forEach((v, k) => {
            widths.set(first + k, num(lookup(v)) ?? defaultWidth);
          });
          i += 2;
        } else {
          const last = num(next) ?? first;
          const width = num(items[i + 2]) ?? defaultWidth;
          for (let c = first; c <= last && c - first < 65536; c++) widths.set(c, width);
          i += 3;
        }
      }
    }
  } else {
    const first = num(lookup(font.get(PDFName.of('FirstChar')))) ?? 0;
    const w = lookup(font.get(PDFName.of('Widths')));
    if (w instanceof PDFArray)
      w.asArray().forEach((v, k) => {
        widths.set(first + k, num(lookup(v)) ?? 0);
      });
    defaultWidth = 500;
  }
  const descriptor = dict(descriptorOwner.get(PDFName.of('FontDescriptor')));
  const embedded = ['FontFile', 'FontFile2', 'FontFile3'].some((k) => descriptor?.has(PDFName.of(k)));
  return {
    name: baseName,
    type3: subtype === '/Type3',
    embedded,
    bytesPerCode,
    width: (code) => widths.get(code) ?? defaultWidth,
    ascent: num(lookup(descriptor?.get(PDFName.of('Ascent')))) ?? 800,
    descent: num(lookup(descriptor?.get(PDFName.of('Descent')))) ?? -200,
  };
}

function bytesOf(stream: PDFObject | undefined, doc: PDFDocument): Uint8Array[] {
  const resolved = stream instanceof PDFRef ? doc.context.lookup(stream) : stream;
  if (resolved instanceof PDFArray) return resolved.asArray().flatMap((s) => bytesOf(s, doc));
  if (resolved instanceof PDFRawStream) return [decodePDFRawStream(resolved).decode()];
  return [];
}

interface TextState {
  font?: Metrics;
  size: number;
  charSpacing: number;
  wordSpacing: number;
  scale: number;
  leading: number;
  rise: number;
}

/** A font's name as people know it: no subset tag ("ABCDEF+"), no CMap ("-Identity-H"). */
const fontFamilyName = (name: string) => name.replace(/^[A-Z]{6}\+/, '').replace(/-Identity-[HV]$/, '');

/** Every page's marks, in order. */
export function pageMarks(doc: PDFDocument): PageMarks[] {
  const lookup = (o: PDFObject | undefined) => (o instanceof PDFRef ? doc.context.lookup(o) : o);
  const dict = (o: PDFObject | undefined) => {
    const r = lookup(o);
    return r instanceof PDFDict ? r : r instanceof PDFRawStream ? r.dict : undefined;
  };
  const metricsCache = new Map<PDFObject, Metrics>();

  return doc.getPages().map((page) => {
    const { width, height } = page.getMediaBox();
    const marks: PageMarks = { width, height, text: [], images: [], fonts: [], missingGlyphs: [] };
    const missing = (font: string) => {
      const entry = marks.missingGlyphs.find((m) => m.font === font);
      if (entry) entry.count += 1;
      else marks.missingGlyphs.push({ font, count: 1 });
    };
    const fontsSeen = new Set<string>();

    const walk = (content: Uint8Array[], resources: PDFDict | undefined, start: Matrix, depth: number) => {
      const fontDict = dict(resources?.get(PDFName.of('Font')));
      const xobjects = dict(resources?.get(PDFName.of('XObject')));
      const fontNamed = (name: string): Metrics | undefined => {
        const ref = fontDict?.get(PDFName.of(name));
        const font = dict(ref);
        if (!ref || !font) return undefined;
        let metrics = metricsCache.get(ref);
        if (!metrics) {
          metrics = fontMetrics(doc, font, `/${name}`);
          metricsCache.set(ref, metrics);
        }
        if (!fontsSeen.has(metrics.name)) {
          fontsSeen.add(metrics.name);
          marks.fonts.push({ name: metrics.name, type3: metrics.type3, embedded: metrics.embedded });
        }
        return metrics;
      };
      // Every font a page lists counts, drawn or not (KDP checks the file's fonts).
      for (const [name] of fontDict?.entries() ?? []) fontNamed(name.asString().slice(1));

      const stack: Array<{ ctm: Matrix; text: TextState }> = [];
      let ctm = start;
      let state: TextState = { size: 0, charSpacing: 0, wordSpacing: 0, scale: 1, leading: 0, rise: 0 };
      let tm: Matrix = IDENTITY;
      let tlm: Matrix = IDENTITY;
      const operands: string[] = [];
      const n = (i: number) => Number(operands[operands.length - i]);

      const show = (strings: Array<string | number>) => {
        const font = state.font;
        if (!font) return;
        let advance = 0;
        for (const item of strings) {
          if (typeof item === 'number') {
            advance -= (item / 1000) * state.size * state.scale;
            continue;
          }
          const bytes = stringBytes(item);
          for (let i = 0; i + font.bytesPerCode <= bytes.length; i += font.bytesPerCode) {
            const code =
              font.bytesPerCode === 2 ? ((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0) : (bytes[i] ?? 0);
            // A composite font's CID 0 is always `.notdef` (what Typst draws when no font has the character).
            if (font.bytesPerCode === 2 && code === 0) missing(fontFamilyName(font.name));
            const space = font.bytesPerCode === 1 && code === 32 ? state.wordSpacing : 0;
            advance += ((font.width(code) / 1000) * state.size + state.charSpacing + space) * state.scale;
          }
        }
        const trm = multiply(tm, ctm);
        const low = state.rise + (font.descent / 1000) * state.size;
        const high = state.rise + (font.ascent / 1000) * state.size;
        if (advance !== 0) marks.text.push({ kind: 'text', ...boxOf(trm, 0, low, advance, high) });
        tm = multiply([1, 0, 0, 1, advance, 0], tm);
      };
      const nextLine = (tx: number, ty: number) => {
        tlm = multiply([1, 0, 0, 1, tx, ty], tlm);
        tm = tlm;
      };

      // Streams split at any token boundary (PDF 7.8.2): joined by a line break, never glued.
      const text = content.map((c) => Buffer.from(c).toString('latin1')).join('\n');
      for (const token of tokens(text)) {
        if (!/^[A-Za-z'"]/.test(token)) {
          operands.push(token);
          continue;
        }
        switch (token) {
          case 'q':
            stack.push({ ctm, text: { ...state } });
            break;
          case 'Q': {
            const saved = stack.pop();
            ctm = saved?.ctm ?? start;
            if (saved) state = saved.text;
            break;
          }
          case 'cm':
            if (operands.length >= 6) ctm = multiply([n(6), n(5), n(4), n(3), n(2), n(1)], ctm);
            break;
          case 'BT':
            tm = IDENTITY;
            tlm = IDENTITY;
            break;
          case 'Tf':
            state.font = fontNamed((operands[operands.length - 2] ?? '/').slice(1));
            state.size = n(1);
            break;
          case 'Tc':
            state.charSpacing = n(1);
            break;
          case 'Tw':
            state.wordSpacing = n(1);
            break;
          case 'Tz':
            state.scale = n(1) / 100;
            break;
          case 'TL':
            state.leading = n(1);
            break;
          case 'Ts':
            state.rise = n(1);
            break;
          case 'Tm':
            tlm = [n(6), n(5), n(4), n(3), n(2), n(1)];
            tm = tlm;
            break;
          case 'Td':
            nextLine(n(2), n(1));
            break;
          case 'TD':
            state.leading = -n(1);
            nextLine(n(2), n(1));
            break;
          case 'T*':
            nextLine(0, -state.leading);
            break;
          case 'Tj':
            show([operands[operands.length - 1] ?? '']);
            break;
          case "'":
            nextLine(0, -state.leading);
            show([operands[operands.length - 1] ?? '']);
            break;
          case '"':
            state.wordSpacing = n(3);
            state.charSpacing = n(2);
            nextLine(0, -state.leading);
            show([operands[operands.length - 1] ?? '']);
            break;
          case 'TJ': {
            const open = operands.lastIndexOf('[');
            const items = operands
              .slice(open + 1)
              .filter((t) => t !== ']')
              .map((t) => (t.startsWith('(') || t.startsWith('<') ? t : Number(t)));
            show(items);
            break;
          }
          case 'Do': {
            const name = (operands[operands.length - 1] ?? '/').slice(1);
            const xobject = lookup(xobjects?.get(PDFName.of(name)));
            if (!(xobject instanceof PDFRawStream)) break;
            const subtype = xobject.dict.get(PDFName.of('Subtype'))?.toString();
            if (subtype === '/Image') {
              const px = num(lookup(xobject.dict.get(PDFName.of('Width')))) ?? 0;
              const py = num(lookup(xobject.dict.get(PDFName.of('Height')))) ?? 0;
              const drawnW = Math.hypot(ctm[0], ctm[1]) / 72;
              const drawnH = Math.hypot(ctm[2], ctm[3]) / 72;
              marks.images.push({
                kind: 'image',
                ...boxOf(ctm, 0, 0, 1, 1),
                pixels: { width: px, height: py },
                ppi: Math.min(px / drawnW, py / drawnH),
                transparent: xobject.dict.has(PDFName.of('SMask')) || xobject.dict.has(PDFName.of('Mask')),
                stream: xobject,
              });
            } else if (subtype === '/Form' && depth < 8) {
              const matrix = lookup(xobject.dict.get(PDFName.of('Matrix')));
              const m =
                matrix instanceof PDFArray
                  ? (matrix
                      .asArray()
                      .slice(0, 6)
                      .map((v) => num(lookup(v)) ?? 0) as Matrix)
                  : IDENTITY;
              const formResources = dict(xobject.dict.get(PDFName.of('Resources'))) ?? resources;
              walk([decodePDFRawStream(xobject).decode()], formResources, multiply(m, ctm), depth + 1);
            }
            break;
          }
        }
        operands.length = 0;
      }
    };
    walk(bytesOf(page.node.get(PDFName.of('Contents')), doc), page.node.Resources(), IDENTITY, 0);
    return marks;
  });
}
