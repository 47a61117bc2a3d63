import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { inspectPdf } from '../../testing/debian-tools';
import { sourdoughChapters } from '../../testing/offline-books';
import { buildEpub } from '../outputs/epub';
import { nonFictionInterior } from '../outputs/interior';
import { TRIMS } from '../outputs/kdp';
import { assertPreflight, PreflightError, preflight } from './preflight';

/** A PDF KDP would refuse, made on purpose: each rule the preflight knows, broken once. */
async function brokenPdf(options: {
  pages: number;
  width: number;
  height: number;
  ppi?: number;
  font?: boolean;
}) {
  const doc = await PDFDocument.create();
  const font = options.font ? await doc.embedFont(StandardFonts.Helvetica) : undefined; // standard 14: not embedded
  const png = options.ppi
    ? await doc.embedPng(
        await sharp({ create: { width: 300, height: 300, channels: 3, background: '#888' } })
          .png()
          .toBuffer(),
      )
    : undefined;
  for (let i = 0; i < options.pages; i++) {
    const page = doc.addPage([options.width * 72, options.height * 72]);
    if (font) page.drawText('Hello', { x: 72, y: 72, size: 12, font });
    if (png && options.ppi) {
      const inches = 300 / options.ppi;
      page.drawImage(png, { x: 36, y: 36, width: inches * 72, height: inches * 72 });
    }
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

const trim = TRIMS['non-fiction'];

describe('KDP preflight', () => {
  it('passes a real interior and, with the same input, it is byte-identical', async () => {
    const chapters = sourdoughChapters(2);
    const book = { title: 'Sourdough at Home', author: 'A', notices: ['demo'], chapters };
    const first = await nonFictionInterior(book);
    expect((await nonFictionInterior(book)).pdf.equals(first.pdf)).toBe(true);
    const cover = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
    const epub = { id: 'g1', title: 'T', author: 'A', language: 'en', cover, notices: [], chapters };
    expect(buildEpub(epub).equals(buildEpub(epub))).toBe(true);
    return expect(preflight(first.pdf, { type: 'interior', trim })).resolves.toEqual([]);
  });

  it('refuses the wrong page size', async () => {
    const problems = await preflight(await brokenPdf({ pages: 24, width: 8.5, height: 11 }), {
      type: 'interior',
      trim,
    });
    expect(problems).toContain('Page 1 is 8.500×11.000 in; expected 6.000×9.000 in');
  });

  it('refuses an odd page count and fewer than 24 pages', async () => {
    expect(
      await preflight(await brokenPdf({ pages: 25, width: 6, height: 9 }), { type: 'interior', trim }),
    ).toEqual(['The interior has an odd page count (25)']);
    expect(
      await preflight(await brokenPdf({ pages: 20, width: 6, height: 9 }), { type: 'interior', trim }),
    ).toEqual(['The interior has 20 pages; KDP needs at least 24']);
  });

  it('refuses a 150-ppi image and a font that is not embedded, as pdfimages and pdffonts see them', async () => {
    const pdf = await brokenPdf({ pages: 24, width: 6, height: 9, ppi: 150, font: true });
    const problems = await preflight(pdf, { type: 'interior', trim });
    expect(problems).toContain('Page 1: an image is 150 ppi; KDP needs at least 300');
    expect(problems).toContain('Font Helvetica is not embedded');
    const report = inspectPdf(pdf);
    expect(report.images[0]?.xppi).toBe(150);
    expect(report.fonts.some((f) => !f.embedded)).toBe(true);
  });

  it('checks a cover against the size its page count and paper give, without the interior page rules', async () => {
    const trim = TRIMS['non-fiction'];
    // 112 pages of white paper: a 0.2522 in spine.
    const cover = await brokenPdf({ pages: 1, width: 12.25 + 112 * 0.002252, height: 9.25 });
    expect(await preflight(cover, { type: 'cover', trim, pages: 112, paper: 'white' })).toEqual([]);
    expect(await preflight(cover, { type: 'cover', trim, pages: 112, paper: 'cream' })).toEqual([
      'Page 1 is 12.502×9.250 in; expected 12.530×9.250 in',
    ]);
    expect(await preflight(cover, { type: 'cover', trim, pages: 90, paper: 'white' })).not.toEqual([]);
  });

  it('a file KDP would refuse stops delivery with the file named and its first five reasons', async () => {
    const bad = await brokenPdf({ pages: 25, width: 6, height: 9 });
    await expect(
      assertPreflight('interior.pdf', await brokenPdf({ pages: 24, width: 6, height: 9 }), {
        type: 'interior',
        trim,
      }),
    ).resolves.toBeUndefined();
    const error = await assertPreflight('interior.pdf', bad, { type: 'interior', trim }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PreflightError);
    expect(error).toMatchObject({
      name: 'PreflightError',
      file: 'interior.pdf',
      problems: ['The interior has an odd page count (25)'],
      message: 'The interior.pdf failed the KDP preflight: The interior has an odd page count (25)',
    });
    const many = new PreflightError('book.epub', ['a', 'b', 'c', 'd', 'e', 'f']);
    expect(many.message).toBe('The book.epub failed the KDP preflight: a; b; c; d; e');
  });

  it('refuses an EPUB whose mimetype is not first and stored', async () => {
    const { zipSync } = await import('fflate');
    const bad = Buffer.from(
      zipSync({
        'META-INF/container.xml': new Uint8Array([1]),
        mimetype: new TextEncoder().encode('application/epub+zip'),
      }),
    );
    expect(await preflight(bad, { type: 'epub' })).toContain('The first file is not mimetype');
  });

  it('npm run preflight exits 1 with the reasons for a broken file, 0 for a good one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'preflight-'));
    try {
      const bad = path.join(dir, 'bad.pdf');
      writeFileSync(bad, await brokenPdf({ pages: 23, width: 6, height: 9 }));
      const cli = path.join(__dirname, '../../main/preflight.ts');
      let output = '';
      let code = 0;
      try {
        execFileSync('npx', ['tsx', cli, bad, '--trim', '6x9'], { encoding: 'utf8' });
      } catch (error) {
        const e = error as { status: number; stdout: string };
        code = e.status;
        output = e.stdout;
      }
      expect(code).toBe(1);
      expect(output).toContain('The interior has an odd page count (23)');
      const good = path.join(dir, 'good.pdf');
      writeFileSync(good, await brokenPdf({ pages: 24, width: 6, height: 9 }));
      expect(execFileSync('npx', ['tsx', cli, good, '--trim', '6x9'], { encoding: 'utf8' })).toContain(
        'passes',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
