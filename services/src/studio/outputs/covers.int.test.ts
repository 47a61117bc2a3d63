import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { inspectPdf, pdfWords } from '../../testing/debian-tools';
import { createOfflineProvider } from '../ai/offline';
import { preflight } from '../preflight/preflight';
import {
  type CoverArt,
  contrastRatio,
  designFront,
  luminance,
  MIN_TEXT_CONTRAST,
  paletteOf,
} from './cover-art';
import {
  BACK_TEXT_MAX,
  backCoverText,
  type CoverLook,
  ebookCoverJpeg,
  paperbackWrapPdf,
  printBands,
  SPINE_TEXT_CLEARANCE,
} from './covers';
import { BLEED, MIN_REAL_PPI, spineWidth, TRIMS, type Trim } from './kdp';
import { traceLineArt } from './line-art';
import { FRAMES, frontFrame, printPixels } from './pictures';

/**
 * Covers read back as a printer and a reader see them: words where poppler finds them, colours
 * and contrast from the rendered pixels, pictures' real detail from the preflight.
 */
const ai = createOfflineProvider();
const signal = new AbortController().signal;
const text = { title: 'The Quiet Power of Habits', subtitle: 'OFFLINE SAMPLE (demo)', author: 'Ada Quill' };
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
/** `inDir` for work that finishes later (sharp's): the folder stays until it has. */
const inDirLater = async <T>(pdf: Buffer, run: (file: string, dir: string) => Promise<T>): Promise<T> => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cover-'));
  writeFileSync(path.join(dir, 'cover.pdf'), pdf);
  try {
    return await run(path.join(dir, 'cover.pdf'), dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
/** The wrap rendered at `dpi` (72: one pixel a point), as raw RGB. */
const render = (pdf: Buffer, dpi = 72) =>
  inDir(pdf, (file, dir) => {
    execFileSync('pdftoppm', ['-r', String(dpi), '-png', '-singlefile', file, path.join(dir, 'page')]);
    const png = readFileSync(path.join(dir, 'page.png'));
    return sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  });
const spineEdges = (pages: number) => {
  const start = (BLEED + trim.width) * 72;
  return { start, end: start + spineWidth(pages) * 72 };
};
/** The front's own art, drawn for it in its shape (the offline provider draws at print size). */
const drawnArt = async (prompt: string, forTrim: Trim = trim, size = printPixels(frontFrame(forTrim))) =>
  ({ kind: 'picture', source: await ai.image(prompt, { style: 'illustration', signal, size }) }) as const;
const lookOf = async (art?: CoverArt): Promise<CoverLook> => ({
  palette: await paletteOf(art, 'book-1'),
  ...(art ? { art } : {}),
});

/**
 * How legible each word is: in its box on the rendered page, the contrast between its darkest and
 * lightest twentieth of pixels (the ink and what is behind it).
 */
function wordContrasts(
  image: Awaited<ReturnType<typeof render>>,
  boxes: Array<{ xMin: number; yMin: number; xMax: number; yMax: number; text: string }>,
  scale: number,
) {
  const { data, info } = image;
  return boxes.map((w) => {
    const values: number[] = [];
    for (let y = Math.floor(w.yMin * scale); y < Math.ceil(w.yMax * scale); y++)
      for (let x = Math.floor(w.xMin * scale); x < Math.ceil(w.xMax * scale); x++) {
        const p = (y * info.width + x) * 3;
        values.push(luminance(data[p] as number, data[p + 1] as number, data[p + 2] as number));
      }
    values.sort((a, b) => a - b);
    const dark = values[Math.floor(values.length * 0.05)] ?? 0;
    const light = values[Math.floor(values.length * 0.95)] ?? 0;
    return { text: w.text, contrast: contrastRatio(dark, light) };
  });
}

/** Distinct colours (to 4 bits a channel) in a rendered area: a flat colour has one. */
function colours(image: Awaited<ReturnType<typeof render>>, area: { left: number; right: number }) {
  const { data, info } = image;
  const seen = new Set<number>();
  for (let y = 0; y < info.height; y += 2)
    for (let x = Math.round(area.left); x < Math.round(area.right); x += 2) {
      const p = (y * info.width + x) * 3;
      seen.add(
        (((data[p] as number) >> 4) << 8) |
          (((data[p + 1] as number) >> 4) << 4) |
          ((data[p + 2] as number) >> 4),
      );
    }
  return seen.size;
}

describe('paperback and ebook covers', () => {
  it('set the title and the author on the spine only where they keep 0.0625 in from both folds', async () => {
    const look = await lookOf();
    for (const pages of [82, 90]) {
      const { start, end } = spineEdges(pages);
      const { pdf } = await paperbackWrapPdf(text, look, trim, pages);
      // Too thin for legible text with the clearance: the spine stays blank.
      expect(pdfWords(pdf).filter((w) => w.xMax > start && w.xMin < end)).toEqual([]);
    }
    for (const pages of [200, 400, 600]) {
      const { start, end } = spineEdges(pages);
      const { pdf } = await paperbackWrapPdf(text, look, trim, pages);
      const onSpine = pdfWords(pdf).filter((w) => w.xMax > start && w.xMin < end);
      expect(onSpine.map((w) => w.text).join(' ')).toBe('The Quiet Power of Habits Ada Quill');
      for (const word of onSpine) {
        expect(word.xMin - start).toBeGreaterThanOrEqual(SPINE_TEXT_CLEARANCE * 72);
        expect(end - word.xMax).toBeGreaterThanOrEqual(SPINE_TEXT_CLEARANCE * 72);
      }
      expect(await preflight(pdf, { type: 'cover', trim, pages, paper: 'white' })).toEqual([]);
    }
  });

  it('carry the blurb on the back, inside the safe area, with the barcode box clear', async () => {
    const blurb =
      'Freelancers earn in waves. This handbook turns irregular income into a calm plan: budgets that bend, taxes set aside, savings that grow. '.repeat(
        3,
      );
    for (const [bookTrim, pages] of [
      [TRIMS['non-fiction'], 32],
      [TRIMS.coloring, 82],
      [TRIMS.kids, 26],
    ] as const) {
      const { pdf } = await paperbackWrapPdf({ ...text, blurb }, await lookOf(), bookTrim, pages);
      // KDP's geometry, measured here from the trim: safe area 0.125 in inside the trim, the
      // barcode 2 × 1.2 in a quarter inch from the spine fold and the foot of the back.
      const spineLeft = (BLEED + bookTrim.width) * 72;
      const back = pdfWords(pdf).filter((w) => w.xMax < spineLeft);
      const backText = back.map((w) => w.text).join(' ');
      expect(backText).toContain('Freelancers earn in waves. This handbook turns irregular income');
      expect(backText).toContain(text.title);
      const barcode = {
        left: spineLeft - 0.25 * 72 - 2 * 72,
        right: spineLeft - 0.25 * 72,
        top: (BLEED + bookTrim.height - 0.25 - 1.2) * 72,
        bottom: (BLEED + bookTrim.height - 0.25) * 72,
      };
      for (const w of back) {
        expect(w.xMin).toBeGreaterThanOrEqual((BLEED + 0.125) * 72);
        expect(w.xMax).toBeLessThanOrEqual(spineLeft - 0.125 * 72);
        expect(w.yMin).toBeGreaterThanOrEqual((BLEED + 0.125) * 72);
        expect(w.yMax).toBeLessThanOrEqual((BLEED + bookTrim.height - 0.125) * 72);
        const inBarcode =
          w.xMax > barcode.left && w.xMin < barcode.right && w.yMax > barcode.top && w.yMin < barcode.bottom;
        expect(inBarcode).toBe(false);
      }
      expect(await preflight(pdf, { type: 'cover', trim: bookTrim, pages, paper: 'white' })).toEqual([]);
    }
  });

  it('carry a reader code at the foot of the back: it decodes at 300 dpi, over an inch wide, clear of the barcode box and the words', async () => {
    const url = 'https://studio.example/r/AbCdEf123456';
    const blurb = 'Freelancers earn in waves. This handbook turns irregular income into a calm plan. '.repeat(
      8,
    );
    for (const [bookTrim, pages] of [
      [TRIMS['non-fiction'], 32],
      [TRIMS.kids, 26],
    ] as const) {
      const readerCode = { url, heading: 'Get the bonus chapter' };
      const { pdf } = await paperbackWrapPdf({ ...text, blurb, readerCode }, await lookOf(), bookTrim, pages);
      const spineLeft = BLEED + bookTrim.width;
      const foot = BLEED + bookTrim.height;
      const dpi = 300;
      const { decoded, codeBox, barcodeInk } = await inDirLater(pdf, async (file, dir) => {
        execFileSync('pdftoppm', ['-r', String(dpi), '-png', '-singlefile', file, path.join(dir, 'cover')]);
        const png = path.join(dir, 'cover.png');
        // The back's lower half, left of the barcode box: only the code and its line are there.
        const region = path.join(dir, 'foot.png');
        const px = (inches: number) => Math.round(inches * dpi);
        await sharp(png)
          .extract({ left: 0, top: px(foot - 3), width: px(spineLeft - 2.3), height: px(3) })
          .toFile(region);
        const box = await sharp(png)
          .extract({ left: px(spineLeft - 2.25), top: px(foot - 1.45), width: px(2), height: px(1.2) })
          .greyscale()
          .raw()
          .toBuffer();
        const { data, info } = await sharp(region).greyscale().raw().toBuffer({ resolveWithObject: true });
        // The code's dark modules: their bounding box is the symbol's printed size.
        let [left, right, top, bottom] = [info.width, -1, info.height, -1];
        for (let y = 0; y < info.height; y++)
          for (let x = 0; x < info.width; x++)
            if ((data[y * info.width + x] ?? 255) < 60) {
              left = Math.min(left, x);
              right = Math.max(right, x);
              top = Math.min(top, y);
              bottom = Math.max(bottom, y);
            }
        return {
          decoded: execFileSync('zbarimg', ['--quiet', '--raw', region], { encoding: 'utf8' }).trim(),
          codeBox: { width: (right - left) / dpi, height: (bottom - top) / dpi },
          barcodeInk: box.reduce((a, v) => Math.max(a, v), 0) - box.reduce((a, v) => Math.min(a, v), 255),
        };
      });
      expect(decoded).toBe(url);
      expect(codeBox.width).toBeGreaterThanOrEqual(1);
      expect(codeBox.height).toBeGreaterThanOrEqual(1);
      // KDP's barcode box is one flat colour (the darkest pixel is the lightest): nothing printed there.
      expect(barcodeInk).toBe(0);
      // The line above the code is printed, and the blurb ends above the code's band.
      const back = pdfWords(pdf).filter((w) => w.xMax < spineLeft * 72);
      expect(back.map((w) => w.text).join(' ')).toContain('Get the bonus chapter');
      const blurbWords = back.filter((w) => /Freelancers|handbook|plan/.test(w.text));
      for (const w of blurbWords) expect(w.yMax).toBeLessThan((foot - 0.25 - 1.6 - 0.5) * 72);
      expect(await preflight(pdf, { type: 'cover', trim: bookTrim, pages, paper: 'white' })).toEqual([]);
    }
  });

  it('cut a long blurb at a sentence so that it fits above the barcode', async () => {
    const long = `${'A sentence about the book that goes on for a while. '.repeat(40)}The end.`;
    const cut = backCoverText(long) ?? '';
    expect(cut.length).toBeLessThanOrEqual(BACK_TEXT_MAX);
    expect(cut.endsWith('a while.')).toBe(true);
    const { pdf } = await paperbackWrapPdf({ ...text, blurb: long }, await lookOf(), trim, 40);
    expect(await preflight(pdf, { type: 'cover', trim, pages: 40, paper: 'white' })).toEqual([]);
  });

  it('make the spine as wide as the chosen paper: white, cream or premium colour', async () => {
    // KDP's thickness per page: white 0.002252 in, cream 0.0025 in, premium colour 0.002347 in.
    for (const [paper, perPage] of [
      ['white', 0.002252],
      ['cream', 0.0025],
      ['premium-color', 0.002347],
    ] as const) {
      const { pdf, width } = await paperbackWrapPdf(text, await lookOf(), trim, 200, paper);
      expect(width).toBeCloseTo(2 * 6 + 2 * 0.125 + 200 * perPage, 6);
      expect(inspectPdf(pdf).width / 72).toBeCloseTo(width, 2);
      expect(await preflight(pdf, { type: 'cover', trim, pages: 200, paper })).toEqual([]);
    }
  });

  it('paint a thin spine in the cover colour, with no contrasting strip at the folds', async () => {
    const { pdf } = await paperbackWrapPdf(text, await lookOf(), trim, 32);
    const { data, info } = await render(pdf);
    const { start, end } = spineEdges(32);
    const at = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    expect(at(Math.round((start + end) / 2), 300)).toEqual(at(100, 300));
  });

  it('draw the front from its art, full bleed when it holds 150 ppi there, with the words legible over it', async () => {
    const art = await drawnArt('a lighthouse on a rocky coast at sunset');
    const { pdf, sources } = await paperbackWrapPdf(text, await lookOf(art), trim, 120);
    // The front picture is the whole front with its bleed, 300 ppi of real detail (drawn at size).
    expect(sources).toEqual([
      { pixels: printPixels(frontFrame(trim)), source: printPixels(frontFrame(trim)) },
    ]);
    expect(await preflight(pdf, { type: 'cover', trim, pages: 120, paper: 'white', sources })).toEqual([]);
    const image = await render(pdf, 144);
    const frontLeft = (BLEED + trim.width + spineWidth(120)) * 144;
    // Not a flat colour: the drawing's many colours.
    expect(colours(image, { left: frontLeft, right: image.info.width })).toBeGreaterThan(40);
    const front = pdfWords(pdf).filter((w) => w.xMin * 2 > frontLeft);
    expect(front.map((w) => w.text).join(' ')).toContain('The Quiet Power of Habits');
    expect(front.map((w) => w.text).join(' ')).toContain('Ada Quill');
    for (const word of wordContrasts(image, front, 2))
      expect({ ...word, legible: word.contrast >= MIN_TEXT_CONTRAST }).toMatchObject({ legible: true });
  });

  it('keep the words legible over the hardest art: white, black, and stripes of both', async () => {
    const frame = frontFrame(trim);
    const size = printPixels(frame);
    const make = async (svg: string) =>
      ({
        kind: 'picture',
        source: await sharp(
          Buffer.from(svg.replaceAll('W', String(size.width)).replaceAll('H', String(size.height))),
        )
          .png()
          .toBuffer(),
      }) as const;
    const stripes = Array.from(
      { length: 60 },
      (_, i) => `<rect x="0" y="${i * 50}" width="W" height="25" fill="#000"/>`,
    ).join('');
    /** The worst contrast of `ink` with a band of the front's picture: against its lightest (or darkest) twentieth. */
    const worst = async (png: Buffer, top: number, height: number, ink: string) => {
      const { data, info } = await sharp(png)
        .extract({ left: 0, top: Math.round(top * 300), width: size.width, height: Math.round(height * 300) })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const values: number[] = [];
      for (let i = 0; i < data.length; i += info.channels * 7)
        values.push(luminance(data[i] as number, data[i + 1] as number, data[i + 2] as number));
      values.sort((a, b) => a - b);
      const text = ink === '#ffffff' ? 1 : luminance(0x1c, 0x1c, 0x1c);
      const behind =
        text > 0.5 ? values[Math.floor(values.length * 0.95)] : values[Math.floor(values.length * 0.05)];
      return contrastRatio(text, behind ?? 0);
    };
    for (const svg of [
      '<svg xmlns="http://www.w3.org/2000/svg" width="W" height="H"><rect width="W" height="H" fill="#fff"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" width="W" height="H"><rect width="W" height="H" fill="#000"/></svg>',
      `<svg xmlns="http://www.w3.org/2000/svg" width="W" height="H"><rect width="W" height="H" fill="#fff"/>${stripes}</svg>`,
    ]) {
      const art = await make(svg);
      const look = await lookOf(art);
      const bands = printBands(trim);
      const design = await designFront(art, frame, bands, look.palette);
      expect(design.layout).toBe('full');
      // The picture behind each band, as printed (its scrim painted in), against the band's ink.
      expect(
        await worst(design.file.data, bands.titleTop, bands.titleHeight, design.titleInk),
      ).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      const authorTop = frame.height - bands.authorBottom - bands.authorHeight;
      expect(
        await worst(design.file.data, authorTop, bands.authorHeight, design.authorInk),
      ).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      // And the words are set inside those bands (poppler's boxes, in points from the top).
      const { pdf } = await paperbackWrapPdf(text, look, trim, 120);
      const frontLeft = (BLEED + trim.width + spineWidth(120)) * 72;
      const front = pdfWords(pdf).filter((w) => w.xMin > frontLeft);
      expect(front.length).toBeGreaterThan(5);
      for (const w of front) {
        const inTitle =
          w.yMin >= bands.titleTop * 72 - 1 && w.yMax <= (bands.titleTop + bands.titleHeight) * 72 + 1;
        const inAuthor = w.yMin >= authorTop * 72 - 1 && w.yMax <= (authorTop + bands.authorHeight) * 72 + 1;
        expect({ word: w.text, y: [w.yMin, w.yMax], inBand: inTitle || inAuthor }).toEqual({
          word: w.text,
          y: [w.yMin, w.yMax],
          inBand: true,
        });
      }
    }
  });

  it("draw a model's 1024 px square smaller on an 8.5 in kids front, at 150 ppi or more, between the title and the author", async () => {
    const kids = TRIMS.kids;
    const art = await drawnArt('Mia and a dragon', kids, { width: 1024, height: 1024 });
    const { pdf, sources } = await paperbackWrapPdf(text, await lookOf(art), kids, 26, 'premium-color');
    expect(sources).toHaveLength(1);
    const [declared] = sources;
    // Drawn in a panel: its source pixels over its inches stay at or above the floor.
    const inches = (declared?.pixels.width ?? 0) / 300;
    expect(inches).toBeLessThan(frontFrame(kids).width);
    expect(1024 / inches).toBeGreaterThanOrEqual(MIN_REAL_PPI - 1);
    expect(
      await preflight(pdf, { type: 'cover', trim: kids, pages: 26, paper: 'premium-color', sources }),
    ).toEqual([]);
    // The same square over the whole front would hold 117 ppi: the preflight would refuse it.
    const wholeFront = [
      { pixels: declared?.pixels ?? { width: 0, height: 0 }, source: { width: 384, height: 384 } },
    ];
    expect(
      await preflight(pdf, {
        type: 'cover',
        trim: kids,
        pages: 26,
        paper: 'premium-color',
        sources: wholeFront,
      }),
    ).toEqual([
      expect.stringMatching(/^Page 1: a picture holds \d+ ppi of real detail \(384 × 384 source pixels/),
    ]);
  });

  it("show a coloring book's first design coloured in on its front", async () => {
    const design = await traceLineArt(
      await ai.image('a friendly fox (design 1)', {
        style: 'coloring',
        signal,
        size: printPixels(FRAMES.coloring),
      }),
      FRAMES.coloring,
    );
    const art = { kind: 'line-art', art: design } as const;
    const coloring = TRIMS.coloring;
    const { pdf, sources } = await paperbackWrapPdf(text, await lookOf(art), coloring, 24);
    // Vectors: no picture to measure.
    expect(sources).toEqual([]);
    expect(inspectPdf(pdf).images).toEqual([]);
    const image = await render(pdf, 72);
    const frontLeft = (BLEED + coloring.width + spineWidth(24)) * 72;
    expect(colours(image, { left: frontLeft, right: image.info.width })).toBeGreaterThan(6);
    for (const word of wordContrasts(
      image,
      pdfWords(pdf).filter((w) => w.xMin > frontLeft),
      1,
    ))
      expect(word.contrast).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('give the ebook cover the same art and words as the print front', async () => {
    const art = await drawnArt('a lighthouse on a rocky coast at sunset');
    const jpeg = await ebookCoverJpeg(text, await lookOf(art));
    const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 1600, height: 2560 });
    expect(colours({ data, info }, { left: 0, right: info.width })).toBeGreaterThan(40);
    // The print front's colours: the ebook shows the same picture (its middle, away from the words).
    const { pdf } = await paperbackWrapPdf(text, await lookOf(art), trim, 32);
    const wrap = await render(pdf, 72);
    const mean = (
      image: { data: Buffer; info: { width: number; height: number } },
      left: number,
      top: number,
      w: number,
      h: number,
    ) => {
      let sum = 0;
      for (let y = top; y < top + h; y++)
        for (let x = left; x < left + w; x++) sum += image.data[(y * image.info.width + x) * 3] as number;
      return sum / (w * h);
    };
    const frontLeft = Math.round((BLEED + trim.width + spineWidth(32)) * 72);
    const printMiddle = mean(wrap, frontLeft + 150, 330, 100, 60);
    const ebookMiddle = mean({ data, info }, 700, 1250, 200, 120);
    expect(Math.abs(printMiddle - ebookMiddle)).toBeLessThan(60);
  });

  it('set a front title of several lines in lines of about even length, never a last word alone', async () => {
    const { pdf } = await paperbackWrapPdf(text, await lookOf(), trim, 32);
    // The title's words (the largest on the front), one run of them per line.
    const front = pdfWords(pdf).filter((w) => w.xMin > (BLEED + trim.width) * 72);
    const tallest = Math.max(...front.map((w) => w.yMax - w.yMin));
    const lines = new Map<number, { left: number; right: number }>();
    for (const w of front.filter((w) => w.yMax - w.yMin > tallest * 0.9)) {
      const line = lines.get(Math.round(w.yMin)) ?? { left: w.xMin, right: w.xMax };
      lines.set(Math.round(w.yMin), {
        left: Math.min(line.left, w.xMin),
        right: Math.max(line.right, w.xMax),
      });
    }
    const widths = [...lines.values()].map((l) => l.right - l.left);
    expect(widths.length).toBeGreaterThanOrEqual(2);
    expect(Math.min(...widths) / Math.max(...widths)).toBeGreaterThan(0.5);
  });
});
