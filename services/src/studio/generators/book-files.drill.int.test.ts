import { unzipSync } from 'fflate';
import { epubcheck, inspectPdf, pdfPageTexts, pdfWords, run, withFile } from '../../testing/debian-tools';
import { createOfflineProvider } from '../ai/offline';
import { gutterFor } from '../outputs/kdp';
import { preflight } from '../preflight/preflight';
import { nonFiction } from './books';
import { type GeneratedFile, type GeneratorJob, type GeneratorTools, unrecordedParts } from './generator';

/**
 * The files of a non-fiction book, read back the way a reader and a KDP reviewer see them: the
 * author recorded with the request on every file, and the interior set as a book designer sets
 * one (front matter in order, folio parity, no folio on blanks and openers, running heads, the
 * gutter wider than the outside margin, no links or bookmarks in the print file).
 */
const tools: GeneratorTools = {
  ai: createOfflineProvider(),
  signal: new AbortController().signal,
  progress: async () => {},
  readBlob: async () => {
    throw new Error('no blobs here');
  },
  parts: unrecordedParts,
};

const fileOf = (files: GeneratedFile[], role: string) => {
  const found = files.find((f) => f.role === role);
  if (!found) throw new Error(`no ${role} file`);
  return found.data;
};
/** Every text an EPUB carries: its XHTML pages and its package document. */
const epubText = (epub: Buffer) =>
  Object.entries(unzipSync(new Uint8Array(epub)))
    .filter(([name]) => /\.(x?html|opf|ncx)$/.test(name))
    .map(([, bytes]) => Buffer.from(bytes).toString('utf8'))
    .join('\n');

describe('a non-fiction book’s files', () => {
  /** The request both builds of the book answer: the same job, to the letter. */
  const habitsBook: GeneratorJob<'non-fiction'> = {
    generationId: 'book-files-1',
    kind: 'non-fiction',
    phase: 'main',
    input: { title: 'The Quiet Power of Habits', description: 'Small daily habits that change a year' },
    tier: 'Standard',
    author: 'Ada Quill',
    requestedAt: '2031-03-04T10:00:00.000Z',
  };
  let files: GeneratedFile[];
  let pages: number;
  let texts: string[];

  beforeAll(async () => {
    const output = await nonFiction(habitsBook, tools);
    files = output.files;
    pages = output.result?.pages as number;
    texts = pdfPageTexts(fileOf(files, 'pdf'), pages);
  }, 120_000);

  it('name the author recorded with the request on every file, and never "The Author"', async () => {
    const interior = inspectPdf(fileOf(files, 'pdf')).text;
    const cover = inspectPdf(fileOf(files, 'cover-pdf')).text;
    const epub = epubText(fileOf(files, 'epub'));
    for (const text of [interior, cover, epub]) {
      expect(text).toContain('Ada Quill');
      expect(text).not.toContain('The Author');
    }
    expect(epub).toMatch(/<dc:creator[^>]*>Ada Quill<\/dc:creator>/);
    withFile(fileOf(files, 'pdf'), 'pdf', (file) =>
      expect(run('pdfinfo', [file])).toMatch(/Author:\s+Ada Quill/),
    );
  });

  it('open with the title page, the copyright page (year of the request, author, rights, edition), then the contents', () => {
    expect(texts[0]).toContain('The Quiet Power of Habits');
    expect(texts[0]).toContain('Ada Quill');
    expect(texts[1]).toMatch(/Copyright © 2031 Ada Quill/);
    expect(texts[1]).toContain('All rights reserved.');
    expect(texts[1]).toContain('First edition, 2031');
    expect(texts[2]).toMatch(/^\s*Contents/);
    // The first chapter opens on the next recto: nothing stray in between.
    expect(texts[3]?.trim()).toBe('');
    expect(texts[4]).toMatch(/^\s*INTRODUCTION|^\s*Introduction/m);
  });

  it('put odd folios on rectos, none on blank pages or chapter openers, and running heads on the rest', () => {
    const contents = texts[2] as string;
    let openers = 0;
    let numbered = 0;
    for (let i = 4; i < pages; i++) {
      const physical = i + 1;
      const lines = (texts[i] as string).split('\n').filter((l) => l.trim());
      const text = lines.join('\n');
      if (!text) continue; // a blank page: no folio, no running head
      const opener =
        /^\s*(CHAPTER \d+|Introduction)\s*$/m.test(lines[0] ?? '') || lines[0]?.trim() === 'Introduction';
      const head = /^\s*(\d+)\s{2,}(.+?)\s*$|^\s*(.+?)\s{2,}(\d+)\s*$/.exec(lines[0] ?? '');
      if (opener) {
        openers++;
        expect(head).toBeNull();
        // The contents gives the opener's folio, counted though not printed.
        continue;
      }
      expect(head).not.toBeNull();
      const folio = Number(head?.[1] ?? head?.[4]);
      const running = (head?.[2] ?? head?.[3] ?? '').trim();
      expect(folio % 2).toBe(physical % 2);
      // Versos carry the book's title, rectos the chapter's.
      if (physical % 2 === 0) expect(running).toBe('The Quiet Power of Habits');
      else expect(contents).toContain(running);
      numbered++;
    }
    expect(openers).toBeGreaterThanOrEqual(6);
    expect(numbered).toBeGreaterThan(4);
    // Blank pages exist (chapters open on rectos) and carry nothing at all.
    expect(texts.slice(4).some((t) => !t.trim())).toBe(true);
  });

  it('give chapter openers on rectos with the folios the contents lists', () => {
    const contents = texts[2] as string;
    const entries = [...contents.matchAll(/^\s*(.+?)\s+(\d+)\s*$/gm)].map((m) => ({
      title: (m[1] ?? '').trim(),
      folio: Number(m[2]),
    }));
    expect(entries.length).toBeGreaterThanOrEqual(6);
    const firstChapterPage = texts.findIndex((t, i) => i > 3 && t.trim()) + 1;
    for (const entry of entries) {
      expect(entry.folio % 2).toBe(1);
      const physical = firstChapterPage + entry.folio - 1;
      expect(texts[physical - 1]).toContain(entry.title.slice(0, 20));
    }
  });

  it('set chapter headings of several lines in lines of about even length, never a last word alone', () => {
    const openers = texts.flatMap((t, i) => (/^\s*CHAPTER \d+/m.test(t) ? [i + 1] : []));
    expect(openers.length).toBeGreaterThanOrEqual(6);
    const headings = openers.map((page) => {
      // The heading's words are the 19 pt ones; each line is one run of them at one height.
      const lines = new Map<number, { left: number; right: number }>();
      for (const w of pdfWords(fileOf(files, 'pdf'), page).filter((w) => w.yMax - w.yMin > 15)) {
        const line = lines.get(Math.round(w.yMin)) ?? { left: w.xMin, right: w.xMax };
        lines.set(Math.round(w.yMin), {
          left: Math.min(line.left, w.xMin),
          right: Math.max(line.right, w.xMax),
        });
      }
      return [...lines.values()].map((l) => l.right - l.left);
    });
    const multiLine = headings.filter((widths) => widths.length > 1);
    expect(multiLine.length).toBeGreaterThan(0);
    for (const widths of multiLine) expect(Math.min(...widths) / Math.max(...widths)).toBeGreaterThan(0.5);
  });

  it('keep the gutter at least KDP’s minimum for the page count and never narrower than the outside margin', () => {
    const pdf = fileOf(files, 'pdf');
    // A full body recto and verso: the text block's edges give the margins.
    const body = texts.findIndex((t, i) => i > 5 && t.split('\n').filter((l) => l.trim()).length > 25);
    for (const page of [body + 1, body + 2]) {
      const onPage = pdfWords(pdf, page);
      const left = Math.min(...onPage.map((w) => w.xMin)) / 72;
      const right = 6 - Math.max(...onPage.map((w) => w.xMax)) / 72;
      const [inside, outside] = page % 2 === 1 ? [left, right] : [right, left];
      expect(inside).toBeGreaterThanOrEqual(gutterFor(pages));
      expect(inside).toBeGreaterThan(outside);
    }
  });

  it('carry no link annotations and no bookmarks in the print PDF, and still pass the preflight and validators', async () => {
    const pdf = fileOf(files, 'pdf');
    const expanded = withFile(pdf, 'pdf', (file) =>
      run('qpdf', ['--qdf', '--object-streams=disable', file, '-']),
    );
    expect(expanded).not.toMatch(/\/Subtype\s*\/Link/);
    expect(expanded).not.toMatch(/\/Outlines/);
    expect(await preflight(pdf, { type: 'interior', trim: { width: 6, height: 9, bleed: false } })).toEqual(
      [],
    );
    expect(inspectPdf(pdf).qpdf).toMatch(/No syntax or stream encoding errors found/);
    expect(epubcheck(fileOf(files, 'epub'))).toMatch(/No errors or warnings detected/);
  });

  it('come out byte for byte the same when rebuilt from the same request', async () => {
    const again = await nonFiction(habitsBook, tools);
    expect(fileOf(again.files, 'pdf').equals(fileOf(files, 'pdf'))).toBe(true);
  }, 120_000);
});
