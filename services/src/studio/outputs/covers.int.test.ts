import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { inspectPdf } from '../../testing/debian-tools';
import { preflight } from '../preflight/preflight';
import {
  BACK_TEXT_MAX,
  backCoverText,
  ebookCoverJpeg,
  paperbackWrapPdf,
  pictureWidthFor,
  SPINE_TEXT_CLEARANCE,
} from './covers';
import { BLEED, spineWidth, TRIMS } from './kdp';

/** Covers read back as a printer sees them: spine text against its folds, colours as rendered. */
const cover = { title: 'The Quiet Power of Habits', subtitle: 'OFFLINE SAMPLE (demo)', author: 'Ada Quill' };
const trim = TRIMS['non-fiction'];

const inDir = <T>(pdf: Buffer, run: (file: string, dir: string) => T): T => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cover-'));
  writeFileSync(path.join(dir, 'cover.pdf'), pdf);
  try {
    return run(path.join(dir, 'cover.pdf'), dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
/** Word boxes in points from the top left (pdftotext -bbox). */
const words = (pdf: Buffer) =>
  inDir(pdf, (file) =>
    [
      ...execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' }).matchAll(
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
/** The wrap rendered at 72 dpi (one pixel a point), as raw RGB. */
const render = (pdf: Buffer) =>
  inDir(pdf, (file, dir) => {
    execFileSync('pdftoppm', ['-r', '72', '-png', '-singlefile', file, path.join(dir, 'page')]);
    const png = readFileSync(path.join(dir, 'page.png'));
    return sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  });
const spineEdges = (pages: number) => {
  const start = (BLEED + trim.width) * 72;
  return { start, end: start + spineWidth(pages) * 72 };
};

describe('paperback and ebook covers', () => {
  it('set spine text only where it keeps 0.0625 in from both folds', async () => {
    for (const pages of [82, 90]) {
      const { start, end } = spineEdges(pages);
      const { pdf } = await paperbackWrapPdf(cover, trim, pages);
      // Too thin for legible text with the clearance: the spine stays blank.
      expect(words(pdf).filter((w) => w.xMax > start && w.xMin < end)).toEqual([]);
    }
    for (const pages of [130, 200, 600]) {
      const { start, end } = spineEdges(pages);
      const { pdf } = await paperbackWrapPdf(cover, trim, pages);
      const onSpine = words(pdf).filter((w) => w.xMax > start && w.xMin < end);
      expect(onSpine.map((w) => w.text).join(' ')).toBe('The Quiet Power of Habits');
      for (const word of onSpine) {
        expect(word.xMin - start).toBeGreaterThanOrEqual(SPINE_TEXT_CLEARANCE * 72);
        expect(end - word.xMax).toBeGreaterThanOrEqual(SPINE_TEXT_CLEARANCE * 72);
      }
      expect(await preflight(pdf, { type: 'cover', trim, pages, paper: 'white' })).toEqual([]);
    }
  });

  it('carry the description on the back, inside the safe area, with the barcode box clear', async () => {
    const description =
      'Freelancers earn in waves. This handbook turns irregular income into a calm plan: budgets that bend, taxes set aside, savings that grow. '.repeat(
        3,
      );
    for (const [trim, pages] of [
      [TRIMS['non-fiction'], 32],
      [TRIMS.coloring, 82],
      [TRIMS.kids, 26],
    ] as const) {
      const { pdf } = await paperbackWrapPdf({ ...cover, description }, trim, pages);
      // KDP's geometry, measured here from the trim: safe area 0.125 in inside the trim, the
      // barcode 2 × 1.2 in a quarter inch from the spine fold and the foot of the back.
      const spineLeft = (BLEED + trim.width) * 72;
      const back = words(pdf).filter((w) => w.xMax < spineLeft);
      const backText = back.map((w) => w.text).join(' ');
      expect(backText).toContain('Freelancers earn in waves. This handbook turns irregular income');
      expect(backText).toContain(cover.title);
      const barcode = {
        left: spineLeft - 0.25 * 72 - 2 * 72,
        right: spineLeft - 0.25 * 72,
        top: (BLEED + trim.height - 0.25 - 1.2) * 72,
        bottom: (BLEED + trim.height - 0.25) * 72,
      };
      for (const w of back) {
        expect(w.xMin).toBeGreaterThanOrEqual((BLEED + 0.125) * 72);
        expect(w.xMax).toBeLessThanOrEqual(spineLeft - 0.125 * 72);
        expect(w.yMin).toBeGreaterThanOrEqual((BLEED + 0.125) * 72);
        expect(w.yMax).toBeLessThanOrEqual((BLEED + trim.height - 0.125) * 72);
        const inBarcode =
          w.xMax > barcode.left && w.xMin < barcode.right && w.yMax > barcode.top && w.yMin < barcode.bottom;
        expect(inBarcode).toBe(false);
      }
      expect(await preflight(pdf, { type: 'cover', trim, pages, paper: 'white' })).toEqual([]);
    }
  });

  it('cut a long description at a sentence so that it fits above the barcode', async () => {
    const long = `${'A sentence about the book that goes on for a while. '.repeat(40)}The end.`;
    const text = backCoverText(long) ?? '';
    expect(text.length).toBeLessThanOrEqual(BACK_TEXT_MAX);
    expect(text.endsWith('a while.')).toBe(true);
    const { pdf } = await paperbackWrapPdf({ ...cover, description: long }, trim, 40);
    expect(await preflight(pdf, { type: 'cover', trim, pages: 40, paper: 'white' })).toEqual([]);
  });

  it('make the spine as wide as the chosen paper: white, cream or premium colour', async () => {
    // KDP's thickness per page: white 0.002252 in, cream 0.0025 in, premium colour 0.002347 in.
    for (const [paper, perPage] of [
      ['white', 0.002252],
      ['cream', 0.0025],
      ['premium-color', 0.002347],
    ] as const) {
      const { pdf, width } = await paperbackWrapPdf(cover, trim, 200, paper);
      expect(width).toBeCloseTo(2 * 6 + 2 * 0.125 + 200 * perPage, 6);
      const pdfWidth = inspectPdf(pdf).width;
      expect(pdfWidth / 72).toBeCloseTo(width, 2);
      expect(await preflight(pdf, { type: 'cover', trim, pages: 200, paper })).toEqual([]);
    }
  });

  it('paint a thin spine in the cover colour, with no contrasting strip at the folds', async () => {
    const { pdf } = await paperbackWrapPdf(cover, trim, 32);
    const { data, info } = await render(pdf);
    const { start, end } = spineEdges(32);
    const at = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    const middle = Math.round((start + end) / 2);
    expect(at(middle, 300)).toEqual(at(100, 300));
  });

  it('give the ebook cover the print cover’s colours and text, never a black page', async () => {
    const jpeg = await ebookCoverJpeg(cover);
    const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    const corner = [...data.subarray((10 * info.width + 10) * 3, (10 * info.width + 10) * 3 + 3)];
    const { pdf } = await paperbackWrapPdf(cover, trim, 32);
    const wrap = await render(pdf);
    const front = [...wrap.data.subarray((20 * wrap.info.width + wrap.info.width - 20) * 3).subarray(0, 3)];
    for (const [i, channel] of corner.entries())
      expect(Math.abs(channel - (front[i] ?? 0))).toBeLessThanOrEqual(3);
    expect(Math.max(...corner)).toBeGreaterThan(30);
    // The subtitle keeps its accent colour: some rows between title and author are light, not black.
    const lightRows = new Set<number>();
    for (let y = 0; y < info.height; y++)
      for (let x = 0; x < info.width; x += 4) {
        const p = (y * info.width + x) * 3;
        if ((data[p] ?? 0) > 150 && (data[p + 2] ?? 0) > 150) lightRows.add(y);
      }
    expect(lightRows.size).toBeGreaterThan(100);
  });

  it('set a front title of several lines in lines of about even length, never a last word alone', async () => {
    const { pdf } = await paperbackWrapPdf(cover, trim, 32);
    // The 34 pt title's words, one run of them per line.
    const lines = new Map<number, { left: number; right: number }>();
    for (const w of words(pdf).filter((w) => w.yMax - w.yMin > 30)) {
      const line = lines.get(Math.round(w.yMin)) ?? { left: w.xMin, right: w.xMax };
      lines.set(Math.round(w.yMin), {
        left: Math.min(line.left, w.xMin),
        right: Math.max(line.right, w.xMax),
      });
    }
    const widths = [...lines.values()].map((l) => l.right - l.left);
    expect(widths).toHaveLength(2);
    expect(Math.min(...widths) / Math.max(...widths)).toBeGreaterThan(0.5);
  });

  it('fit the front picture between a three-line title and the author on the narrow ebook cover', async () => {
    // A coloring design's shape (8.5×11) under a title that takes three lines at 5.3 in wide.
    const picture = await sharp({ create: { width: 2550, height: 3300, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const jpeg = await ebookCoverJpeg({
      title: 'Cozy Woodland Animals: A Coloring Book',
      subtitle: 'OFFLINE SAMPLE (demo)',
      author: 'Ada Quill',
      picture,
      pictureWidth: await pictureWidthFor(picture),
    });
    const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    const rows = { red: [] as number[], text: [] as number[] };
    for (let y = 0; y < info.height; y++) {
      let red = false;
      let light = false;
      for (let x = 0; x < info.width; x += 2) {
        const [r = 0, g = 0, b = 0] = data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3);
        red ||= r > 200 && g < 80 && b < 80;
        light ||= Math.min(r, g, b) > 150;
      }
      if (red) rows.red.push(y);
      if (light) rows.text.push(y);
    }
    const top = Math.min(...rows.red);
    const bottom = Math.max(...rows.red);
    // No text is drawn on the picture, and the subtitle above it and the author below it show.
    expect(rows.text.filter((y) => y >= top && y <= bottom)).toEqual([]);
    expect(rows.text.some((y) => y > bottom)).toBe(true);
    expect(rows.text.filter((y) => y < top).length).toBeGreaterThan(200);
  });

  it.each([
    ['3:4 portrait', 1013, 1350],
    ['16:9 landscape', 1350, 759],
    ['square', 1350, 1350],
    ['small square', 600, 600],
  ])('draw a %s front picture within 4×4 in and at 300 ppi or more', async (_shape, width, height) => {
    const picture = await sharp({ create: { width, height, channels: 3, background: '#3a7bd5' } })
      .png()
      .toBuffer();
    const inches = await pictureWidthFor(picture);
    expect(inches).toBeLessThanOrEqual(4);
    expect((inches * height) / width).toBeLessThanOrEqual(4);
    expect(width / inches).toBeGreaterThanOrEqual(300);
    // As large as those allow: a hundredth of an inch more would break one of them.
    const more = inches + 0.01;
    expect(more > 4 || (more * height) / width > 4 || width / more < 300).toBe(true);
  });
});
