import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * Typst, on a worker thread (`typst-worker.cjs`): a book's typesetting is seconds of CPU, and the
 * embedded server runs the jobs in the same process as the API. Data (the book's text, its
 * pictures) goes in as files in the compiler's shadow file system, never spliced into the source,
 * so no text can break the markup. Builds are deterministic on one host: no document date, no
 * wall-clock timestamp. Fonts are Typst's bundled ones plus the host's system fonts (this binding
 * has no switch to leave those out), so a character the bundled fonts lack (CJK, emoji) would
 * print with whatever the host has, or as an empty box: the requests refuse those characters
 * (`printable` in the contracts) and the preflight fails a file with a missing glyph. One thread,
 * one document at a time, as before.
 */
export interface TypstInput {
  source: string;
  /** Shadow files by absolute path ("/book.json", "/img/page-1.png"). */
  files?: Record<string, Buffer>;
}

export class TypesetError extends Error {
  override name = 'TypesetError';
}

/** An idle thread is stopped after this long (its fonts cost memory); the next build starts one. */
const IDLE_MS = 30_000;

type Reply = {
  id: number;
  typesetError?: string;
  failure?: string;
  pdf?: Uint8Array;
  pages?: number;
  svg?: string;
};

interface Thread {
  worker: Worker;
  waiting: Map<number, (reply: Reply) => void>;
  idle?: NodeJS.Timeout;
}

let thread: Thread | undefined;
let nextId = 0;

function typst(): Thread {
  if (thread) return thread;
  const worker = new Worker(path.join(__dirname, 'typst-worker.cjs'));
  const current: Thread = { worker, waiting: new Map() };
  const fail = (error: unknown) => {
    if (thread === current) thread = undefined;
    for (const answer of current.waiting.values())
      answer({ id: -1, failure: `The typesetting thread stopped: ${String(error)}` });
    current.waiting.clear();
  };
  worker.on('message', (reply: Reply) => {
    const answer = current.waiting.get(reply.id);
    current.waiting.delete(reply.id);
    answer?.(reply);
    if (current.waiting.size === 0) idle(current);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(`exit ${code}`));
  thread = current;
  return current;
}

function idle(current: Thread) {
  // Nothing keeps the process alive for an idle thread; it ends itself after a while.
  current.worker.unref();
  current.idle = setTimeout(() => {
    if (current.waiting.size === 0) void current.worker.terminate();
  }, IDLE_MS);
  current.idle.unref();
}

function call(op: 'pdf' | 'pages' | 'svg', input: TypstInput): Promise<Reply> {
  const current = typst();
  clearTimeout(current.idle);
  current.worker.ref();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    current.waiting.set(id, (reply) => {
      if (reply.typesetError !== undefined) reject(new TypesetError(reply.typesetError));
      else if (reply.failure !== undefined) reject(new Error(reply.failure));
      else resolve(reply);
    });
    current.worker.postMessage({ id, op, source: input.source, files: input.files ?? {} });
  });
}

/** A PDF and its page count. */
export async function typesetPdf(input: TypstInput): Promise<{ pdf: Buffer; pages: number }> {
  const { pdf, pages } = await call('pdf', input);
  return {
    pdf: Buffer.from(
      (pdf as Uint8Array).buffer,
      (pdf as Uint8Array).byteOffset,
      (pdf as Uint8Array).byteLength,
    ),
    pages: pages as number,
  };
}

/** Only the page count (to choose the gutter before the final build). */
export async function countPages(input: TypstInput): Promise<number> {
  return (await call('pages', input)).pages as number;
}

/** The first page as SVG (glyphs as outlines), for raster covers. */
export async function typesetSvg(input: TypstInput): Promise<string> {
  return (await call('svg', input)).svg as string;
}
