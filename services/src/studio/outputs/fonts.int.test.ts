import { isPrintable, unprintable } from '@studio/events/requests';
import { PDFDocument } from 'pdf-lib';
import { inspectPdf } from '../../testing/debian-tools';
import { sourdoughChapters } from '../../testing/offline-books';
import { checkPdfStructure } from '../preflight/pdf';
import { assertPreflight, PreflightError, preflight } from '../preflight/preflight';
import { nonFictionInterior } from './interior';
import { TRIMS } from './kdp';
import { typesetPdf } from './typst';

/** Every character the forms let through (tab and line breaks aside: they are layout). */
const PRINTABLE = Array.from({ length: 0x10000 }, (_, c) => c)
  .filter((c) => c > 0x20 && isPrintable(c))
  .map((c) => String.fromCodePoint(c));

/** The faces books print with (interiors and covers, kids books), as pdffonts names them. */
const FACES = [
  { family: 'Libertinus Serif', weight: 'regular', style: 'normal', pdfName: /\+LibertinusSerif-Regular\b/ },
  { family: 'Libertinus Serif', weight: 'bold', style: 'normal', pdfName: /\+LibertinusSerif-Bold\b/ },
  { family: 'Libertinus Serif', weight: 'regular', style: 'italic', pdfName: /\+LibertinusSerif-Italic\b/ },
  { family: 'New Computer Modern', weight: 'regular', style: 'normal', pdfName: /\+NewCM10-Regular\b/ },
  { family: 'New Computer Modern', weight: 'bold', style: 'normal', pdfName: /\+NewCM10-Bold\b/ },
];
type Face = (typeof FACES)[number];

/** A page of text in one face, the text given as data (never as markup). */
const specimen = async (text: string, face: Face = FACES[0] as Face) =>
  (
    await typesetPdf({
      source: `#set page(width: 6in, height: 9in)
#set text(font: "${face.family}", weight: "${face.weight}", style: "${face.style}")
#read("/text.txt")`,
      files: { '/text.txt': Buffer.from(text) },
    })
  ).pdf;

const structureProblems = async (pdf: Buffer) =>
  checkPdfStructure(await PDFDocument.load(pdf), { interior: false });

/** A code point of the private use plane: no font anywhere has a glyph for it. */
const NO_FONT_HAS_IT = '\u{10fffd}';

describe('the book fonts', () => {
  it.each(FACES.map((face) => [`${face.family} ${face.weight} ${face.style}`, face] as const))(
    '%s prints every character the forms accept with its own glyphs',
    async (_, face) => {
      const pdf = await specimen(PRINTABLE.join(' '), face);
      // A character the face lacked would come out in another font (the host's, or a bundled
      // fallback) or as an empty box.
      expect(inspectPdf(pdf).fonts.map((f) => f.name)).toEqual([expect.stringMatching(face.pdfName)]);
      expect(await structureProblems(pdf)).toEqual([]);
    },
  );
});

describe('the preflight finds characters printed as empty boxes', () => {
  it('in a page Typst set with a character no font has, as pdftotext misses it', async () => {
    expect(unprintable(`Hello ${NO_FONT_HAS_IT}`)).toEqual([NO_FONT_HAS_IT]); // the forms refuse it
    const pdf = await specimen(`Hello ${NO_FONT_HAS_IT} world ${NO_FONT_HAS_IT}${NO_FONT_HAS_IT}`);
    expect(await structureProblems(pdf)).toEqual([
      'Page 1: 3 characters have no glyph in LibertinusSerif-Regular (printed as an empty box)',
    ]);
    expect(inspectPdf(pdf).text).not.toContain(NO_FONT_HAS_IT);
    expect(await structureProblems(await specimen('Hello world'))).toEqual([]);
  });

  it('in a book: its interior fails the preflight, naming the page', async () => {
    const chapters = sourdoughChapters(1);
    const first = chapters[0] as (typeof chapters)[number];
    // What the validator refuses, put in past it (as a model's text could come).
    const broken = [{ ...first, paragraphs: [`Knead it ${NO_FONT_HAS_IT} well.`, ...first.paragraphs] }];
    const book = { title: 'Sourdough at Home', author: 'A', notices: [], chapters: broken };
    const { pdf } = await nonFictionInterior(book);
    const trim = TRIMS['non-fiction'];
    const problems = await preflight(pdf, { type: 'interior', trim });
    expect(problems).toEqual([
      expect.stringMatching(
        /^Page \d+: a character has no glyph in LibertinusSerif-Regular \(printed as an empty box\)$/,
      ),
    ]);
    await expect(assertPreflight('interior PDF', pdf, { type: 'interior', trim })).rejects.toThrow(
      PreflightError,
    );
    const clean = await nonFictionInterior({ ...book, chapters });
    expect(await preflight(clean.pdf, { type: 'interior', trim })).toEqual([]);
  });
});
