import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Debian's validators run on a file, for the tests and CI (poppler-utils, qpdf, epubcheck, LibreOffice): the
 * second opinion on what the in-process preflight passes. Each returns its output; a failing
 * tool throws with its output.
 */
export function withFile<T>(data: Buffer, extension: string, run: (file: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'validate-'));
  const file = path.join(dir, `book.${extension}`);
  writeFileSync(file, data);
  try {
    return run(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A tool's output; a failing tool throws with its output. */
export const run = (tool: string, args: string[]) =>
  execFileSync(tool, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });

export interface PdfReport {
  pages: number;
  /** Page size in points, as pdfinfo reports it for page 1. */
  width: number;
  height: number;
  /** pdffonts rows: name, type, embedded. */
  fonts: Array<{ name: string; type: string; embedded: boolean }>;
  /** pdfimages -list rows: page, pixel size, x-ppi, y-ppi and whether a soft mask follows. */
  images: Array<{ page: number; width: number; height: number; xppi: number; yppi: number; type: string }>;
  qpdf: string;
  text: string;
}

export function inspectPdf(data: Buffer): PdfReport {
  return withFile(data, 'pdf', (file) => {
    const info = run('pdfinfo', [file]);
    const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
    const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info);
    const fonts = run('pdffonts', [file])
      .split('\n')
      .slice(2)
      .filter((l) => l.trim())
      .map((line) => {
        const parts = line.trim().split(/\s+/);
        // name, type (one or more words), encoding, emb, sub, uni, object, id
        const [emb] = parts.slice(-5, -4);
        return { name: parts[0] ?? '', type: parts.slice(1, -6).join(' '), embedded: emb === 'yes' };
      });
    const images = run('pdfimages', ['-list', file])
      .split('\n')
      .slice(2)
      .filter((l) => l.trim())
      .map((line) => {
        const parts = line.trim().split(/\s+/);
        return {
          page: Number(parts[0]),
          type: parts[2] ?? '',
          width: Number(parts[3]),
          height: Number(parts[4]),
          xppi: Number(parts[12]),
          yppi: Number(parts[13]),
        };
      });
    const qpdf = run('qpdf', ['--check', file]);
    const text = run('pdftotext', ['-layout', file, '-']);
    return { pages, width: Number(size?.[1]), height: Number(size?.[2]), fonts, images, qpdf, text };
  });
}

/** A word of a PDF page and its box, in points from the page's top left. */
export interface PdfWord {
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
  text: string;
}

/** The words of one page of a PDF (of every page when none is named), as `pdftotext -bbox` boxes them. */
export function pdfWords(data: Buffer, page?: number): PdfWord[] {
  const pages = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
  return withFile(data, 'pdf', (file) =>
    [
      ...run('pdftotext', ['-bbox', ...pages, file, '-']).matchAll(
        /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
      ),
    ].map((m) => ({
      xMin: Number(m[1]),
      yMin: Number(m[2]),
      xMax: Number(m[3]),
      yMax: Number(m[4]),
      text: m[5] ?? '',
    })),
  );
}

/** Each page's text, laid out as printed, as `pdftotext -layout` reads the pages one by one. */
export function pdfPageTexts(data: Buffer, pages: number): string[] {
  return withFile(data, 'pdf', (file) =>
    Array.from({ length: pages }, (_, i) =>
      run('pdftotext', ['-layout', '-f', String(i + 1), '-l', String(i + 1), file, '-']),
    ),
  );
}

/** EPUBCheck's verdict; throws (with its messages) on any error or warning. */
/** What zbarimg (zbar-tools) reads in a picture of a code: --raw prints exactly the encoded text. */
export function decodeQr(png: Uint8Array): string {
  return withFile(Buffer.from(png), 'png', (file) => run('zbarimg', ['--quiet', '--raw', file])).trim();
}

export function epubcheck(data: Buffer): string {
  return withFile(data, 'epub', (file) =>
    run('java', ['-jar', '/usr/share/java/epubcheck.jar', '--failonwarnings', file]),
  );
}

/** One page of a PDF rendered by poppler (`pdftoppm`), grey, as a PNG: to compare pages by their pixels. */
export function renderPdfPage(data: Buffer, page: number, dpi = 30): Buffer {
  return withFile(data, 'pdf', (file) =>
    execFileSync(
      'pdftoppm',
      ['-png', '-gray', '-r', String(dpi), '-f', String(page), '-l', String(page), file],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        maxBuffer: 64 * 1024 * 1024,
      },
    ),
  );
}

/**
 * Each picture a PDF holds, as poppler extracts it (`pdfimages -png`), by its SHA-256, in the
 * file's order: to tell which pictures a rebuilt book prints.
 */
export function pdfImageHashes(data: Buffer): string[] {
  return withFile(data, 'pdf', (file) => {
    const prefix = path.join(path.dirname(file), 'img');
    run('pdfimages', ['-png', file, prefix]);
    return readdirSync(path.dirname(file))
      .filter((name) => name.startsWith('img-'))
      .sort()
      .map((name) =>
        createHash('sha256')
          .update(readFileSync(path.join(path.dirname(file), name)))
          .digest('hex'),
      );
  });
}

/**
 * A Word document opened and printed to PDF by LibreOffice (libreoffice-writer-nogui): proof that
 * a word processor reads it. A profile of its own per call, so parallel runs do not share a lock.
 */
export function docxToPdf(data: Buffer): Buffer {
  return withFile(data, 'docx', (file) => {
    const dir = path.dirname(file);
    const profile = `file://${path.join(dir, 'profile')}`;
    run('soffice', [
      `-env:UserInstallation=${profile}`,
      '--headless',
      '--convert-to',
      'pdf',
      '--outdir',
      dir,
      file,
    ]);
    return readFileSync(path.join(dir, 'book.pdf'));
  });
}
