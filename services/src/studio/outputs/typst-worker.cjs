// Typst's compiler on a thread of its own (outputs/typst.ts starts it): typesetting a long book
// takes seconds of CPU, and on the main thread every other request would wait for it. Plain
// JavaScript, so the thread needs no TypeScript loader wherever it runs (tsx, jest, node).
const { parentPort } = require('node:worker_threads');
const { NodeCompiler } = require('@myriaddreamin/typst-ts-node-compiler');

/** A virtual root: every file the documents read is a shadow under it, nothing on disk. */
const WORKSPACE = '/studio-typst';
let compiler;

function compile(source) {
  const compiled = compiler.compile({ mainFileContent: source });
  const doc = compiled.result;
  if (!doc || compiled.hasError()) {
    const error = compiled.takeError();
    const details = error ? JSON.stringify(compiler.fetchDiagnostics(error)).slice(0, 500) : 'no document';
    return { typesetError: `Typesetting failed: ${details}` };
  }
  return { doc };
}

function run(op, source) {
  const { doc, typesetError } = compile(source);
  if (typesetError) return { typesetError };
  if (op === 'pdf') return { pdf: compiler.pdf(doc, { pdfTags: false }), pages: doc.numOfPages };
  if (op === 'pages') return { pages: doc.numOfPages };
  return { svg: compiler.plainSvg(doc) };
}

parentPort.on('message', ({ id, op, source, files }) => {
  compiler ??= NodeCompiler.create({ workspace: WORKSPACE });
  const paths = Object.keys(files);
  try {
    for (const path of paths) {
      const bytes = files[path];
      compiler.mapShadow(WORKSPACE + path, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    }
    parentPort.postMessage({ id, ...run(op, source) });
  } catch (error) {
    parentPort.postMessage({ id, failure: String(error?.stack ?? error) });
  } finally {
    for (const path of paths) compiler.unmapShadow(WORKSPACE + path);
  }
});
