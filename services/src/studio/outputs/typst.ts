import { NodeCompiler } from '@myriaddreamin/typst-ts-node-compiler';

/**
 * Typst, in process. Data (the book's text, its pictures) goes in as files in the compiler's
 * shadow file system, never spliced into the source, so no text can break the markup. Builds
 * are deterministic: no document date, no wall-clock timestamp, only Typst's bundled fonts.
 */
let compiler: NodeCompiler | undefined;
/** A virtual root: every file the documents read is a shadow under it, nothing on disk. */
const WORKSPACE = '/studio-typst';
const shared = () => {
  compiler ??= NodeCompiler.create({ workspace: WORKSPACE });
  return compiler;
};

export interface TypstInput {
  source: string;
  /** Shadow files by absolute path ("/book.json", "/img/page-1.png"). */
  files?: Record<string, Buffer>;
}

export class TypesetError extends Error {
  override name = 'TypesetError';
}

function withFiles<T>(input: TypstInput, run: (c: NodeCompiler) => T): T {
  const c = shared();
  const paths = Object.keys(input.files ?? {});
  for (const path of paths) c.mapShadow(WORKSPACE + path, input.files?.[path] as Buffer);
  try {
    return run(c);
  } finally {
    for (const path of paths) c.unmapShadow(WORKSPACE + path);
  }
}

function compileDoc(c: NodeCompiler, source: string) {
  const compiled = c.compile({ mainFileContent: source });
  const doc = compiled.result;
  if (!doc || compiled.hasError()) {
    const error = compiled.takeError();
    const details = error ? JSON.stringify(c.fetchDiagnostics(error)).slice(0, 500) : 'no document';
    throw new TypesetError(`Typesetting failed: ${details}`);
  }
  return doc;
}

/** A PDF and its page count. */
export function typesetPdf(input: TypstInput): { pdf: Buffer; pages: number } {
  return withFiles(input, (c) => {
    const doc = compileDoc(c, input.source);
    return { pdf: c.pdf(doc, { pdfTags: false }), pages: doc.numOfPages };
  });
}

/** Only the page count (to choose the gutter before the final build). */
export function countPages(input: TypstInput): number {
  return withFiles(input, (c) => compileDoc(c, input.source).numOfPages);
}

/** The first page as SVG (glyphs as outlines), for raster covers. */
export function typesetSvg(input: TypstInput): string {
  return withFiles(input, (c) => c.plainSvg(compileDoc(c, input.source)));
}
