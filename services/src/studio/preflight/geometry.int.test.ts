import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { onePageKidsBook } from '../../testing/pictures';
import { createOfflineProvider } from '../ai/offline';
import { paletteOf } from '../outputs/cover-art';
import { paperbackWrapPdf } from '../outputs/covers';
import { coloringInterior, kidsInterior, nonFictionInterior } from '../outputs/interior';
import { type Paper, TRIMS, type Trim } from '../outputs/kdp';
import { traceLineArt } from '../outputs/line-art';
import { FRAMES, frontFrame, placePicture, printPixels } from '../outputs/pictures';
import { typesetPdf } from '../outputs/typst';
import { writeChapter, writeOutlines } from '../writing/offline-writer';
import { preflight, preflightFile } from './preflight';

/**
 * A KDP-style geometry check, independent of the preflight's own reading: poppler measures where
 * each word is (`pdftotext -bbox`), and the safe area is worked out here from KDP's published
 * rules, then the preflight must agree with it. Interior: live content at least 0.25 in from the
 * trim on the outside, top and bottom (0.375 in on a bleed book), and the gutter from KDP's table
 * by page count (0.375 in up to 150 pages, 0.5 in up to 300 …) on the inside. A bleed page is
 * 0.125 in wider on its outside edge and taller by 0.125 in at top and bottom. Cover: 0.125 in
 * inside the trim, spine text 0.0625 in from each fold, the barcode box clear.
 */
const KDP = {
  bleed: 0.125,
  outside: (trim: Trim) => (trim.bleed ? 0.375 : 0.25),
  gutter: (pages: number) => (pages <= 150 ? 0.375 : pages <= 300 ? 0.5 : pages <= 500 ? 0.625 : 0.75),
};

interface Word {
  page: number;
  text: string;
  /** Points from the page's top left, as poppler gives them. */
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

function popplerWords(pdf: Buffer): Word[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'geometry-'));
  try {
    const file = path.join(dir, 'book.pdf');
    writeFileSync(file, pdf);
    // Poppler says "no word list" on stderr for each blank page: not news here.
    const html = execFileSync('pdftotext', ['-bbox', file, '-'], {
      encoding: 'utf8',
      maxBuffer: 64 << 20,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const words: Word[] = [];
    html
      .split('<page ')
      .slice(1)
      .forEach((page, i) => {
        for (const m of page.matchAll(
          /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
        ))
          words.push({
            page: i + 1,
            xMin: Number(m[1]),
            yMin: Number(m[2]),
            xMax: Number(m[3]),
            yMax: Number(m[4]),
            text: m[5] ?? '',
          });
      });
    return words;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** KDP's safe area of an interior page, in points from the page's top left. */
function safeArea(trim: Trim, pages: number, page: number) {
  const recto = page % 2 === 1;
  const left = trim.bleed && !recto ? KDP.bleed : 0;
  const top = trim.bleed ? KDP.bleed : 0;
  const outside = KDP.outside(trim);
  const gutter = KDP.gutter(pages);
  return {
    xMin: (left + (recto ? gutter : outside)) * 72,
    xMax: (left + trim.width - (recto ? outside : gutter)) * 72,
    yMin: (top + outside) * 72,
    yMax: (top + trim.height - outside) * 72,
  };
}

const insideArea = (w: Word, a: ReturnType<typeof safeArea>) =>
  w.xMin >= a.xMin - 0.5 && w.xMax <= a.xMax + 0.5 && w.yMin >= a.yMin - 0.5 && w.yMax <= a.yMax + 0.5;

const trims = Object.entries(TRIMS) as Array<[string, Trim]>;

describe('KDP geometry: the safe area of interiors, with and without bleed', () => {
  // One word per page, 0.04 in inside or outside the safe area on one side: the outside, the
  // inside (gutter), the top or the bottom, on a recto and on a verso.
  const sides = ['outside', 'inside', 'top', 'bottom'] as const;
  const placements = sides.flatMap((side) =>
    [0.04, -0.04].flatMap((delta) => [true, false].map((recto) => ({ side, recto, delta }))),
  );

  it.each(trims.flatMap(([name, trim]) => [24, 160].map((pages) => [name, pages, trim] as const)))(
    '%s, %i pages: the preflight flags exactly the pages poppler finds text outside the safe area on',
    async (_name, pages, trim) => {
      const size = {
        width: trim.width + (trim.bleed ? KDP.bleed : 0),
        height: trim.height + (trim.bleed ? 2 * KDP.bleed : 0),
      };
      // Page n (from 3) holds placement n - 3, on a page of the parity it asks for.
      const layout: Array<{ page: number; side: string; distance: number }> = [];
      let page = 3;
      for (const p of placements) {
        if ((page % 2 === 1) !== p.recto) page++;
        const recto = page % 2 === 1;
        const bleedOffset = (edge: 'left' | 'right' | 'top' | 'bottom') =>
          trim.bleed && (edge === 'top' || edge === 'bottom' || (edge === 'right') === recto) ? KDP.bleed : 0;
        const edge =
          p.side === 'top' || p.side === 'bottom'
            ? p.side
            : (p.side === 'outside') === recto
              ? 'right'
              : 'left';
        const margin = p.side === 'inside' ? KDP.gutter(pages) : KDP.outside(trim);
        layout.push({ page, side: edge, distance: bleedOffset(edge) + margin + p.delta });
        page++;
      }
      const anchor: Record<string, string> = {
        left: 'left + horizon',
        right: 'right + horizon',
        top: 'center + top',
        bottom: 'center + bottom',
      };
      const body = Array.from({ length: pages }, (_, i) => {
        const here = layout.find((l) => l.page === i + 1);
        const content = here
          ? `#place(${anchor[here.side]}, dx: ${here.side === 'left' ? here.distance : here.side === 'right' ? -here.distance : 0}in, dy: ${here.side === 'top' ? here.distance : here.side === 'bottom' ? -here.distance : 0}in)[Margin]`
          : '#box[]';
        return `${i > 0 ? '#pagebreak()\n' : ''}${content}`;
      }).join('\n');
      const { pdf } = await typesetPdf({
        source: `#set page(width: ${size.width}in, height: ${size.height}in, margin: 0pt)
#set text(font: "Libertinus Serif", size: 10pt, top-edge: "ascender", bottom-edge: "descender")
${body}`,
      });
      const words = popplerWords(pdf);
      expect(words).toHaveLength(layout.length);
      const outsideSafe = new Set(
        words.filter((w) => !insideArea(w, safeArea(trim, pages, w.page))).map((w) => w.page),
      );
      // Half the placements stand outside: poppler agrees that they do.
      expect(outsideSafe.size).toBe(layout.length / 2);
      const problems = await preflight(pdf, { type: 'interior', trim });
      const flagged = new Set(
        problems.flatMap((p) => {
          const m = /^Page (\d+): text comes/.exec(p);
          return m ? [Number(m[1])] : [];
        }),
      );
      expect([...flagged].sort((a, b) => a - b)).toEqual([...outsideSafe].sort((a, b) => a - b));
    },
  );

  it('on a bleed page, flags a picture that ends near the trim, and passes one that runs into the bleed or stays inside', async () => {
    const trim = TRIMS.kids;
    const png = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#4a90d9' } })
      .withDensity(300)
      .png()
      .toBuffer();
    // Page 3 (recto): the picture covers the whole page, bleed included. Page 4 (verso): it stops
    // 0.2 in inside the outside trim, neither in the bleed nor in the safe area. Page 5: a 2 in
    // picture in the middle of the safe area.
    const pages = [
      '#box[]',
      '#box[]',
      '#place(top + left, image("/p.png", width: 100%, height: 100%, fit: "cover"))',
      `#place(top + left, dx: ${KDP.bleed + 0.2}in, dy: 2in, image("/p.png", width: 2in, height: 2in))`,
      '#place(center + horizon, image("/p.png", width: 2in, height: 2in))',
      ...Array.from({ length: 19 }, () => '#box[]'),
    ];
    const { pdf } = await typesetPdf({
      source: `#set page(width: 8.625in, height: 8.75in, margin: 0pt)\n${pages.join('\n#pagebreak()\n')}`,
      files: { '/p.png': png },
    });
    const problems = await preflight(pdf, { type: 'interior', trim });
    expect(problems.filter((p) => p.includes('picture'))).toEqual([
      'Page 4: a picture ends near the trim (it must run into the bleed or stay 0.375 in inside)',
    ]);
  });
});

describe('pictures enlarged beyond their real resolution', () => {
  const ai = createOfflineProvider();
  const signal = new AbortController().signal;
  /** One 8.5 × 11 page with the picture drawn 7.5 in wide. */
  const onPage = async (png: Buffer) =>
    (
      await typesetPdf({
        source:
          '#set page(width: 8.5in, height: 11in, margin: 0.5in)\n#align(center + horizon, image("/p.png", width: 7.5in))',
        files: { '/p.png': png },
      })
    ).pdf;

  it('flags a 1024 px drawing blown up by the nearest pixel, and passes the same drawing drawn at print size', async () => {
    const small = await ai.image('a fox in a meadow', { style: 'illustration', signal });
    const stairs = await sharp(small)
      .resize(2250, 2250, { kernel: 'nearest' })
      .withDensity(300)
      .png()
      .toBuffer();
    // pdfimages says 300 ppi: the pixel count is right, the detail is not.
    const verdict = await preflightFile(await onPage(stairs));
    expect(verdict.problems.filter((p) => p.includes('picture'))).toEqual([
      expect.stringMatching(
        /^Page 1: a picture holds about \d+ ppi of real detail .*enlarged about 2\.\d× by repeating its pixels/,
      ),
    ]);
    expect(verdict.pictures).toEqual([
      expect.objectContaining({ page: 1, nominalPpi: expect.closeTo(300, 0), measured: 'softness' }),
    ]);
    const crisp = await ai.image('a fox in a meadow', {
      style: 'illustration',
      signal,
      size: { width: 2250, height: 2250 },
    });
    expect((await preflightFile(await onPage(crisp))).problems.filter((p) => p.includes('picture'))).toEqual(
      [],
    );
  });

  it("measures a kids page from an image model's picture by its source pixels: a 1024 px square fails, a 1536 × 1024 passes", async () => {
    const kidsBook = async (source: Buffer) => {
      const { placed, interior } = await onePageKidsBook(source);
      return { interior, sources: [{ pixels: printPixels(FRAMES.kids), source: placed.source }] };
    };
    const square = await ai.image('Mia and a fox in the forest', { style: 'illustration', signal });
    const soft = await kidsBook(square);
    // 1024 × 683 of the square over the 8.63 × 5.75 in frame: 119 ppi, though the file declares 300.
    const problems = await preflight(soft.interior.pdf, {
      type: 'interior',
      trim: TRIMS.kids,
      sources: soft.sources,
    });
    expect(problems).toEqual([
      'Page 3: a picture holds 119 ppi of real detail (1024 × 683 source pixels over 8.63 × 5.75 in; the file declares 300 ppi); it prints visibly blurred below 150',
    ]);
    // Measured from its pixels alone (a file of unknown making), it is found soft too.
    const measured = await preflightFile(soft.interior.pdf);
    expect(measured.problems).toEqual([
      expect.stringMatching(/^Page 3: a picture holds about \d+ ppi of real detail/),
    ]);
    const landscape = await ai.image('Mia and a fox in the forest', {
      style: 'illustration',
      signal,
      size: { width: 1536, height: 1024 },
    });
    const sharp3x2 = await kidsBook(landscape);
    expect(
      await preflight(sharp3x2.interior.pdf, {
        type: 'interior',
        trim: TRIMS.kids,
        sources: sharp3x2.sources,
      }),
    ).toEqual([]);
  });
});

describe('KDP geometry: every interior and cover the product makes', () => {
  const ai = createOfflineProvider();
  const signal = new AbortController().signal;
  const notices = ['OFFLINE SAMPLE: made on this machine without an AI model, as a demo.'];
  const description =
    'Freelancers earn in waves. This handbook turns irregular income into a calm plan: budgets that bend, taxes set aside, savings that grow, and habits that last.';

  async function interiors() {
    const [outline] = writeOutlines({
      title: 'Money Habits for Freelancers',
      description,
      numChapters: 6,
      includeIntroduction: true,
    });
    const chapters = (outline?.chapters ?? []).map((chapter, i) => ({
      ...writeChapter({ bookTitle: 'Money Habits', description, chapter, number: i + 1, total: 6 }),
      label: `Chapter ${i + 1}`,
    }));
    const book = { author: 'Ada Quill', year: 2026, notices };
    const coloring = await Promise.all(
      [1, 2].map(async (n) =>
        traceLineArt(
          await ai.image(`foxes and owls (design ${n})`, {
            style: 'coloring',
            signal,
            size: printPixels(FRAMES.coloring),
          }),
          FRAMES.coloring,
        ),
      ),
    );
    const kids = await Promise.all(
      [1, 2, 3].map(
        async (n) =>
          (
            await placePicture(
              await ai.image(`Mia and a star, page ${n}`, {
                style: 'illustration',
                signal,
                size: printPixels(FRAMES.kids),
              }),
              FRAMES.kids,
            )
          ).png,
      ),
    );
    return [
      [
        'non-fiction 6×9',
        await nonFictionInterior({
          ...book,
          title: 'Money Habits for Freelancers',
          subtitle: 'OFFLINE SAMPLE (demo)',
          chapters,
        }),
      ],
      [
        'coloring 8.5×11',
        await coloringInterior({ ...book, title: 'Foxes and Owls: A Coloring Book', designs: coloring }),
      ],
      [
        'kids 8.5×8.5 with bleed',
        await kidsInterior({
          ...book,
          title: 'Mia and the Lost Star',
          pictures: kids,
          tints: ['#fdf3e7', '#eef6fd', '#f2fbe9'],
          texts: [
            'Mia found a star in the garden.',
            'It was lost and far from home.',
            'So Mia helped it back to the sky.',
          ],
        }),
      ],
    ] as const;
  }

  it('keeps every word of every interior inside the safe area, and the preflight passes it as an interior by itself', async () => {
    for (const [name, interior] of await interiors()) {
      const words = popplerWords(interior.pdf);
      expect(words.length).toBeGreaterThan(20);
      const outside = words.filter((w) => !insideArea(w, safeArea(interior.trim, interior.pages, w.page)));
      expect({ name, outside }).toEqual({ name, outside: [] });
      const verdict = await preflightFile(interior.pdf);
      expect(verdict).toMatchObject({ what: expect.stringContaining('interior'), problems: [] });
    }
  });

  it.each([
    ['white', 'non-fiction'],
    ['cream', 'non-fiction'],
    ['cream', 'coloring'],
    ['premium-color', 'kids'],
  ] as const)(
    'keeps a cover on %s paper (%s) in its safe area, spine text off the folds, the barcode clear',
    async (paper, tool) => {
      const trim = TRIMS[tool];
      // The front's art drawn for it, at its own shape: the words are set over it.
      const art = {
        kind: 'picture',
        source: await ai.image('coins in a jar', {
          style: 'illustration',
          signal,
          size: printPixels(frontFrame(trim)),
        }),
      } as const;
      const look = { art, palette: await paletteOf(art, 'book-1') };
      for (const pages of [24, 130, 400]) {
        const { pdf, width } = await paperbackWrapPdf(
          { title: 'Money Habits for Freelancers', author: 'Ada Quill', blurb: description },
          look,
          trim,
          pages,
          paper as Paper,
        );
        const perPage = { white: 0.002252, cream: 0.0025, 'premium-color': 0.002347 }[paper];
        expect(width).toBeCloseTo(2 * trim.width + pages * perPage + 2 * KDP.bleed, 6);
        const spineLeft = (KDP.bleed + trim.width) * 72;
        const spineRight = spineLeft + pages * perPage * 72;
        for (const w of popplerWords(pdf)) {
          const centre = (w.xMin + w.xMax) / 2;
          const [left, right] =
            centre < spineLeft
              ? [(KDP.bleed + 0.125) * 72, spineLeft - 0.125 * 72]
              : centre > spineRight
                ? [spineRight + 0.125 * 72, (width - KDP.bleed - 0.125) * 72]
                : [spineLeft + 0.0625 * 72, spineRight - 0.0625 * 72];
          expect(w.xMin).toBeGreaterThanOrEqual(left - 0.5);
          expect(w.xMax).toBeLessThanOrEqual(right + 0.5);
          expect(w.yMin).toBeGreaterThanOrEqual((KDP.bleed + 0.125) * 72 - 0.5);
          expect(w.yMax).toBeLessThanOrEqual((KDP.bleed + trim.height - 0.125) * 72 + 0.5);
          const barcode = {
            xMin: spineLeft - 2.25 * 72,
            xMax: spineLeft - 0.25 * 72,
            yMax: (KDP.bleed + trim.height - 0.25) * 72,
          };
          const inBarcode =
            w.xMax > barcode.xMin && w.xMin < barcode.xMax && w.yMax > barcode.yMax - 1.2 * 72;
          expect(inBarcode).toBe(false);
        }
        // The preflight tells it is a cover, and for which page count and paper, by itself.
        const verdict = await preflightFile(pdf);
        expect(verdict.problems).toEqual([]);
        expect(verdict.what).toContain(`${pages} pages`);
      }
    },
  );

  it('flags cover text on the barcode box, across a fold and too near the trim', async () => {
    const trim = TRIMS['non-fiction'];
    const pages = 200;
    const spine = pages * 0.002252;
    const width = 12 + spine + 0.25;
    // Three words: in the barcode box, straddling the spine's left fold, 0.05 in from the top trim.
    const { pdf } = await typesetPdf({
      source: `#set page(width: ${width}in, height: 9.25in, margin: 0pt)
#set text(size: 10pt, top-edge: "ascender", bottom-edge: "descender")
#place(top + left, dx: ${0.125 + 6 - 1.2}in, dy: ${0.125 + 9 - 0.8}in)[Barcode]
#place(top + left, dx: ${0.125 + 6 - 0.1}in, dy: 4in)[Fold]
#place(top + left, dx: ${0.125 + 6 + spine + 2}in, dy: ${0.125 + 0.05}in)[Trim]`,
    });
    const problems = await preflight(pdf, { type: 'cover', trim, pages, paper: 'white' });
    expect(problems).toContain('Cover: text in the barcode area (2 × 1.2 in, bottom right of the back)');
    expect(problems).toContain('Cover: spine text comes within 0.0625 in of a fold');
    expect(problems.some((p) => p.startsWith('Cover: text on the front cover comes'))).toBe(true);
  });
});
