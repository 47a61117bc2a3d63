import { type PDFContext, PDFDocument, type PDFPage, type PDFRef } from 'pdf-lib';
import { MAX_PAGES, TRIMS } from '../outputs/kdp';
import { checkPdfStructure, type PdfRules, preflightPdf } from './pdf';

/** A dictionary as pdf-lib's `context.obj` takes it (names as strings). */
type LiteralObject = NonNullable<Parameters<PDFContext['stream']>[1]>;

/** Content checks only: no page size, no page count. */
const ANY: PdfRules = { interior: false };

/** A page whose content stream and resources are written by hand, as another tool could have. */
async function onePage(
  content: string | string[],
  resources: (doc: PDFDocument) => LiteralObject = () => ({}),
): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([6 * 72, 9 * 72]);
  setPage(doc, page, content, resources(doc));
  return doc;
}

function setPage(doc: PDFDocument, page: PDFPage, content: string | string[], resources: LiteralObject) {
  const streams = (Array.isArray(content) ? content : [content]).map((c) =>
    doc.context.register(doc.context.stream(c)),
  );
  page.node.set(
    doc.context.obj('Contents'),
    streams.length === 1 ? (streams[0] as PDFRef) : doc.context.obj(streams),
  );
  page.node.set(doc.context.obj('Resources'), doc.context.obj(resources));
}

/** An image XObject of `width`×`height` pixels (the checks read its dictionary only). */
const image = (doc: PDFDocument, width: number, height: number, extra: LiteralObject = {}) =>
  doc.context.register(
    doc.context.stream(new Uint8Array(4), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: width,
      Height: height,
      ColorSpace: 'DeviceGray',
      BitsPerComponent: 8,
      ...extra,
    }),
  );

/** A form XObject drawing `content` (its own resources when given). */
const form = (doc: PDFDocument, content: string, extra: LiteralObject = {}) =>
  doc.context.register(
    doc.context.stream(content, { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 500, 500], ...extra }),
  );

const embeddedDescriptor = (doc: PDFDocument, file = 'FontFile2') =>
  doc.context.obj({ Type: 'FontDescriptor', [file]: doc.context.register(doc.context.stream('font')) });

async function pages(count: number, size: [number, number] = [6 * 72, 9 * 72]): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < count; i++) doc.addPage(size);
  return doc;
}

const interior: PdfRules = { interior: true, trim: TRIMS['non-fiction'] };

describe('PDF preflight: pages', () => {
  it('accepts an even count from 24 to 828 pages, and says which rule a count breaks', async () => {
    expect(checkPdfStructure(await pages(24), interior)).toEqual([]);
    expect(checkPdfStructure(await pages(MAX_PAGES), interior)).toEqual([]);
    expect(checkPdfStructure(await pages(MAX_PAGES + 2), interior)).toEqual([
      `The interior has more than ${MAX_PAGES} pages`,
    ]);
    expect(checkPdfStructure(await pages(22), interior)).toEqual([
      'The interior has 22 pages; KDP needs at least 24',
    ]);
    expect(checkPdfStructure(await pages(23), interior)).toEqual([
      'The interior has 23 pages; KDP needs at least 24',
      'The interior has an odd page count (23)',
    ]);
  });

  it('allows half a point either way on the page size, in width and in height', async () => {
    const sized = async (width: number, height: number) =>
      checkPdfStructure(await pages(1, [width, height]), { interior: false, trim: TRIMS['non-fiction'] });
    expect(await sized(432.4, 648)).toEqual([]);
    expect(await sized(432.5, 647.5)).toEqual([]);
    expect(await sized(431.6, 647.6)).toEqual([]);
    expect(await sized(432.6, 648)).toEqual(['Page 1 is 6.008×9.000 in; expected 6.000×9.000 in']);
    expect(await sized(432, 647.4)).toEqual(['Page 1 is 6.000×8.992 in; expected 6.000×9.000 in']);
  });

  it('expects the bleed on a full-bleed trim, an exact size when one is given, and any size otherwise', async () => {
    const kids: PdfRules = { interior: false, trim: TRIMS.kids };
    expect(checkPdfStructure(await pages(1, [8.625 * 72, 8.75 * 72]), kids)).toEqual([]);
    expect(checkPdfStructure(await pages(1, [8.5 * 72, 8.5 * 72]), kids)).toEqual([
      'Page 1 is 8.500×8.500 in; expected 8.625×8.750 in',
    ]);
    // An exact size wins over the trim.
    const cover: PdfRules = { interior: false, trim: TRIMS.kids, size: { width: 12.5, height: 9.25 } };
    expect(checkPdfStructure(await pages(1, [12.5 * 72, 9.25 * 72]), cover)).toEqual([]);
    expect(checkPdfStructure(await pages(3, [100, 100]), ANY)).toEqual([]);
  });

  it('names each page of the wrong size, and a file that is no PDF at all', async () => {
    const doc = await pages(2);
    doc.addPage([100, 100]);
    expect(checkPdfStructure(doc, { interior: false, trim: TRIMS['non-fiction'] })).toEqual([
      'Page 3 is 1.389×1.389 in; expected 6.000×9.000 in',
    ]);
    expect(await preflightPdf(new TextEncoder().encode('not a pdf'), ANY)).toEqual([
      'Not a readable PDF: Failed to parse PDF document (line:0 col:18 offset=9): No PDF header found',
    ]);
    expect(await preflightPdf(await doc.save(), ANY)).toEqual([]);
  });
});

describe('PDF preflight: images', () => {
  const withImage = (content: string | string[], px = 300, py = 300, extra: LiteralObject = {}) =>
    onePage(content, (doc) => ({ XObject: { Im0: image(doc, px, py, extra) } }));

  it('measures an image at the size it is drawn: 300 px over one inch passes, over two inches is 150 ppi', async () => {
    expect(checkPdfStructure(await withImage('q 72 0 0 72 36 36 cm /Im0 Do Q'), ANY)).toEqual([]);
    expect(checkPdfStructure(await withImage('q 144 0 0 144 36 36 cm /Im0 Do Q'), ANY)).toEqual([
      'Page 1: an image is 150 ppi; KDP needs at least 300',
    ]);
  });

  it('takes the lower of the two directions, and rounds: 299.5 ppi passes, 299.4 does not', async () => {
    expect(checkPdfStructure(await withImage('72 0 0 72 0 0 cm /Im0 Do', 600, 200), ANY)).toEqual([
      'Page 1: an image is 200 ppi; KDP needs at least 300',
    ]);
    expect(checkPdfStructure(await withImage('72 0 0 72 0 0 cm /Im0 Do', 200, 600), ANY)).toEqual([
      'Page 1: an image is 200 ppi; KDP needs at least 300',
    ]);
    // 599 px over two inches: 299.5 ppi.
    expect(checkPdfStructure(await withImage('144 0 0 144 0 0 cm /Im0 Do', 599, 599), ANY)).toEqual([]);
    expect(checkPdfStructure(await withImage('144 0 0 144 0 0 cm /Im0 Do', 598.8, 598.8), ANY)).toEqual([
      'Page 1: an image is 299 ppi; KDP needs at least 300',
    ]);
  });

  it('composes the transformations: nested cm, q/Q restoring the state, rotation, numbers in every notation', async () => {
    // 2 × 0.5 × 144 pt = 2 in: 150 ppi; the outer scale alone would say 75.
    expect(
      checkPdfStructure(
        await withImage('2 0 0 2 0 0 cm q .5 0 0 +.5 0 0 cm 144 0 0 144. 0 0 cm /Im0 Do Q'),
        ANY,
      ),
    ).toEqual(['Page 1: an image is 150 ppi; KDP needs at least 300']);
    // The Q drops the 4× scale: the second image is drawn at one inch.
    expect(checkPdfStructure(await withImage('q 4 0 0 4 0 0 cm Q 72 0 0 72 0 0 cm /Im0 Do'), ANY)).toEqual(
      [],
    );
    // A Q without its q goes back to the page's own state.
    expect(checkPdfStructure(await withImage('4 0 0 4 0 0 cm Q 72 0 0 72 0 0 cm /Im0 Do'), ANY)).toEqual([]);
    // Rotated a quarter turn: still two inches each way.
    expect(checkPdfStructure(await withImage('0 144 -144 0 0 0 cm /Im0 Do'), ANY)).toEqual([
      'Page 1: an image is 150 ppi; KDP needs at least 300',
    ]);
    // A cm with too few operands is ignored, as is a translation.
    expect(checkPdfStructure(await withImage('4 0 0 cm 72 0 0 72 -1000 +2000.5 cm /Im0 Do'), ANY)).toEqual(
      [],
    );
  });

  it('reads the content split over several streams as one, even where no space separates them', async () => {
    expect(checkPdfStructure(await withImage(['q 144 0 0 144 0 0', 'cm /Im0 Do Q']), ANY)).toEqual([
      'Page 1: an image is 150 ppi; KDP needs at least 300',
    ]);
  });

  it('refuses an image with a soft mask or a mask: transparency', async () => {
    const drawn = '72 0 0 72 0 0 cm /Im0 Do';
    const soft = await onePage(drawn, (doc) => ({
      XObject: { Im0: image(doc, 300, 300, { SMask: image(doc, 300, 300) }) },
    }));
    expect(checkPdfStructure(soft, ANY)).toEqual(['Page 1: an image has transparency']);
    const masked = await onePage(drawn, (doc) => ({
      XObject: { Im0: image(doc, 300, 300, { Mask: [0, 10] }) },
    }));
    expect(checkPdfStructure(masked, ANY)).toEqual(['Page 1: an image has transparency']);
  });

  it('does not mistake strings, hex strings, comments or inline images for drawing operators', async () => {
    const content = [
      '(144 0 0 144 0 0 cm /Im0 Do) Tj',
      '(a \\) 144 0 0 144 0 0 cm /Im0 Do) Tj',
      '<48656c6c6f> Tj',
      '% 144 0 0 144 0 0 cm /Im0 Do',
      'BI /W 1 /H 1 ID 144 0 0 144 0 0 cm /Im0 Do EI',
      '72 0 0 72 0 0 cm /Im0 Do',
    ].join('\n');
    expect(checkPdfStructure(await withImage(content), ANY)).toEqual([]);
  });

  it('reads a drawing whose name and operator a comment separates', async () => {
    expect(checkPdfStructure(await withImage('144 0 0 144 0 0 cm /Im0 % the picture\nDo'), ANY)).toEqual([
      'Page 1: an image is 150 ppi; KDP needs at least 300',
    ]);
  });

  it('says once what is wrong with an image drawn twice on a page, and again on another page', async () => {
    const doc = await withImage('144 0 0 144 0 0 cm /Im0 Do /Im0 Do');
    const second = doc.addPage([432, 648]);
    setPage(doc, second, '144 0 0 144 0 0 cm /Im0 Do', { XObject: { Im0: image(doc, 300, 300) } });
    expect(checkPdfStructure(doc, ANY)).toEqual([
      'Page 1: an image is 150 ppi; KDP needs at least 300',
      'Page 2: an image is 150 ppi; KDP needs at least 300',
    ]);
  });

  it('survives an unbalanced string and an inline image without its end', async () => {
    expect(checkPdfStructure(await withImage('72 0 0 72 0 0 cm /Im0 Do (never closed'), ANY)).toEqual([]);
    expect(checkPdfStructure(await withImage('144 0 0 144 0 0 cm /Im0 Do BI /W 1 ID xx'), ANY)).toEqual([
      'Page 1: an image is 150 ppi; KDP needs at least 300',
    ]);
  });

  it('passes over a name that is no image, and a Do without a name', async () => {
    const doc = await onePage('144 0 0 144 0 0 cm /Missing Do Do /Other Do', (d) => ({
      XObject: { Other: d.context.register(d.context.stream('x', { Subtype: 'PS' })) },
    }));
    expect(checkPdfStructure(doc, ANY)).toEqual([]);
  });

  it('looks into forms: their matrix scales what they draw, their resources or else the page’s', async () => {
    // The form halves: an image drawn at 2 in inside it is 1 in on the page.
    const halved = await onePage('/Fm0 Do', (doc) => ({
      XObject: {
        Fm0: form(doc, '144 0 0 144 0 0 cm /Im0 Do', {
          Matrix: [0.5, 0, 0, 0.5, 10, 10],
          Resources: { XObject: { Im0: image(doc, 300, 300) } },
        }),
      },
    }));
    expect(checkPdfStructure(halved, ANY)).toEqual([]);
    // No matrix, no resources: the page's image, at the page's scale (2 × 72 pt).
    const plain = await onePage('2 0 0 2 0 0 cm /Fm0 Do', (doc) => ({
      XObject: { Fm0: form(doc, '72 0 0 72 0 0 cm /Im0 Do'), Im0: image(doc, 300, 300) },
    }));
    expect(checkPdfStructure(plain, ANY)).toEqual(['Page 1: an image is 150 ppi; KDP needs at least 300']);
  });

  it('stops following forms that draw themselves', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([432, 648]);
    const self = doc.context.nextRef();
    const stream = doc.context.stream('/Fm0 Do', {
      Subtype: 'Form',
      BBox: [0, 0, 1, 1],
      Resources: { XObject: { Fm0: self } },
    });
    doc.context.assign(self, stream);
    setPage(doc, page, '/Fm0 Do', { XObject: { Fm0: self } });
    expect(checkPdfStructure(doc, ANY)).toEqual([]);
  });
});

describe('PDF preflight: fonts', () => {
  const withFonts = (fonts: (doc: PDFDocument) => LiteralObject) =>
    onePage('BT /F1 12 Tf (Hi) Tj ET', (doc) => ({ Font: fonts(doc) }));

  it('accepts fonts embedded as FontFile, FontFile2 or FontFile3, directly or through a Type 0 font', async () => {
    const doc = await withFonts((d) => ({
      F1: d.context.register(
        d.context.obj({
          Type: 'Font',
          Subtype: 'Type1',
          BaseFont: 'A',
          FontDescriptor: embeddedDescriptor(d, 'FontFile'),
        }),
      ),
      F2: d.context.obj({
        Type: 'Font',
        Subtype: 'TrueType',
        BaseFont: 'B',
        FontDescriptor: embeddedDescriptor(d, 'FontFile2'),
      }),
      F3: d.context.obj({
        Type: 'Font',
        Subtype: 'Type1',
        BaseFont: 'C',
        FontDescriptor: embeddedDescriptor(d, 'FontFile3'),
      }),
      F4: d.context.obj({
        Type: 'Font',
        Subtype: 'Type0',
        BaseFont: 'D',
        DescendantFonts: [
          d.context.register(
            d.context.obj({ Subtype: 'CIDFontType2', FontDescriptor: embeddedDescriptor(d) }),
          ),
        ],
      }),
    }));
    expect(checkPdfStructure(doc, ANY)).toEqual([]);
  });

  it('refuses a font without its file, a Type 0 font whose descendant lacks one, and a Type 3 font', async () => {
    const doc = await withFonts((d) => ({
      F1: d.context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica' }),
      F2: d.context.obj({
        Type: 'Font',
        Subtype: 'TrueType',
        BaseFont: 'Arial',
        FontDescriptor: { Type: 'FontDescriptor' },
      }),
      F3: d.context.obj({
        Type: 'Font',
        Subtype: 'Type0',
        BaseFont: 'Cid',
        DescendantFonts: [
          d.context.obj({ Subtype: 'CIDFontType2', FontDescriptor: { Type: 'FontDescriptor' } }),
        ],
      }),
      // Embedded files on the Type 0 font itself do not count: its descendant carries the glyphs.
      F4: d.context.obj({
        Type: 'Font',
        Subtype: 'Type0',
        BaseFont: 'Bare',
        FontDescriptor: embeddedDescriptor(d),
        DescendantFonts: [d.context.obj({ Subtype: 'CIDFontType2' })],
      }),
      F5: d.context.obj({
        Type: 'Font',
        Subtype: 'Type3',
        BaseFont: 'Bitmap',
        FontDescriptor: embeddedDescriptor(d),
      }),
      F6: d.context.obj({ Type: 'Font', Subtype: 'Type3' }),
      F7: d.context.obj(42),
    }));
    expect(checkPdfStructure(doc, ANY)).toEqual([
      'Font Helvetica is not embedded',
      'Font Arial is not embedded',
      'Font Cid is not embedded',
      'Font Bare is not embedded',
      'Font Bitmap is a Type 3 font',
      'Font /F6 is a Type 3 font',
    ]);
  });

  it('names a font once however many pages use it, and checks fonts of the same name on every page', async () => {
    const doc = await PDFDocument.create();
    const shared = doc.context.register(
      doc.context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Shared' }),
    );
    for (const base of ['Embedded', 'Loose']) {
      const page = doc.addPage([432, 648]);
      // Each page's own /F1, not the same font: the second is not embedded.
      const own =
        base === 'Embedded'
          ? doc.context.obj({
              Type: 'Font',
              Subtype: 'TrueType',
              BaseFont: base,
              FontDescriptor: embeddedDescriptor(doc),
            })
          : doc.context.obj({ Type: 'Font', Subtype: 'TrueType', BaseFont: base });
      setPage(doc, page, 'BT /F1 1 Tf ET', { Font: { F1: own, F2: shared } });
    }
    expect(checkPdfStructure(doc, ANY)).toEqual([
      'Font Shared is not embedded',
      'Font Loose is not embedded',
    ]);
  });

  it('checks the fonts of forms too, and a Type 0 font without descendants by its own descriptor', async () => {
    const doc = await onePage('/Fm0 Do', (d) => ({
      XObject: {
        Fm0: form(d, 'BT /F9 1 Tf ET', {
          Resources: {
            Font: {
              F9: d.context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Inner' }),
              F8: d.context.obj({
                Type: 'Font',
                Subtype: 'Type0',
                BaseFont: 'Lone',
                FontDescriptor: embeddedDescriptor(d),
              }),
            },
          },
        }),
      },
    }));
    expect(checkPdfStructure(doc, ANY)).toEqual(['Font Inner is not embedded']);
  });
});
