import { strFromU8, strToU8, unzipSync, type Zippable, zipSync } from 'fflate';
import { buildEpub } from '../outputs/epub';
import { preflightEpub } from './epub';

const good = buildEpub({
  id: 'g1',
  title: 'Sourdough at Home',
  author: 'A',
  language: 'en',
  cover: Buffer.from([0xff, 0xd8, 0xff, 0xd9]),
  notices: [],
  chapters: [{ title: 'Starter', paragraphs: ['Flour and water.'] }],
});
const OPF = 'OEBPS/content.opf';

/** The good book again, with some files changed (undefined removes one); mimetype first and stored. */
function repack(changes: Record<string, string | undefined>, opfPath = OPF): Buffer {
  const { mimetype, ...rest } = unzipSync(good);
  const files: Zippable = { mimetype: [mimetype!, { level: 0 }] };
  for (const [name, bytes] of Object.entries(rest)) files[name] = bytes;
  for (const [name, text] of Object.entries(changes)) {
    if (text === undefined) delete files[name];
    else files[name] = name === 'mimetype' ? [strToU8(text), { level: 0 }] : strToU8(text);
  }
  if (opfPath !== OPF) {
    files[opfPath] = files[OPF]!;
    delete files[OPF];
  }
  return Buffer.from(zipSync(files));
}
const opf = strFromU8(unzipSync(good)[OPF]!);

describe('EPUB preflight', () => {
  it('passes the EPUB the product makes, and the same book repacked', () => {
    expect(preflightEpub(good)).toEqual([]);
    expect(preflightEpub(repack({}))).toEqual([]);
  });

  it('refuses what is not a zip, and a zip it cannot read', () => {
    expect(preflightEpub(Buffer.from('%PDF-1.7 not a book'))).toEqual(['Not a zip container']);
    const truncated = good.subarray(0, 200);
    expect(preflightEpub(truncated)).toEqual(['The zip container cannot be read']);
  });

  it('refuses a compressed mimetype and one that does not say application/epub+zip', () => {
    const { mimetype, ...rest } = unzipSync(good);
    const compressed = Buffer.from(zipSync({ mimetype: [mimetype!, { level: 9 }], ...rest }));
    expect(preflightEpub(compressed)).toEqual(['mimetype is compressed; it must be stored']);
    expect(preflightEpub(repack({ mimetype: 'application/zip' }))).toEqual([
      'mimetype must be exactly application/epub+zip',
    ]);
  });

  it('refuses a book without a package document', () => {
    const noOpf = ['No package document (META-INF/container.xml → OPF)'];
    expect(preflightEpub(repack({ 'META-INF/container.xml': undefined }))).toEqual(noOpf);
    expect(preflightEpub(repack({ 'META-INF/container.xml': '<container/>' }))).toEqual(noOpf);
    expect(preflightEpub(repack({ [OPF]: undefined }))).toEqual(noOpf);
  });

  it('finds manifest files relative to the package document, wherever it sits', () => {
    const atRoot = repack({ 'META-INF/container.xml': '<rootfile full-path="content.opf"/>' }, 'content.opf');
    // The manifest's hrefs now point at the root, where the files are not.
    expect(preflightEpub(atRoot)).toContain('The manifest lists nav.xhtml, which is missing');
  });

  it('names every rule the package breaks', () => {
    const broken = opf
      .replace('version="3.0"', 'version="2.0"')
      .replace(' properties="nav"', '')
      .replace(' properties="cover-image"', '')
      .replace(/<dc:language>[^<]*<\/dc:language>/, '');
    expect(preflightEpub(repack({ [OPF]: broken, 'OEBPS/style.css': undefined }))).toEqual([
      'The package is not EPUB 3',
      'The manifest lists style.css, which is missing',
      'No navigation document',
      'No cover image',
      'The package metadata lacks identifier, title or language',
    ]);
    for (const tag of ['dc:identifier', 'dc:title']) {
      const without = opf.replace(new RegExp(`<${tag}[^>]*>[^<]*</${tag}>`), '');
      expect(preflightEpub(repack({ [OPF]: without }))).toEqual([
        'The package metadata lacks identifier, title or language',
      ]);
    }
  });

  it('refuses a page with a script, and only pages are searched for one', () => {
    const page = strFromU8(unzipSync(good)['OEBPS/title.xhtml']!);
    expect(
      preflightEpub(repack({ 'OEBPS/title.xhtml': page.replace('</body>', '<SCRIPT>x()</SCRIPT></body>') })),
    ).toEqual(['title.xhtml has a script']);
    expect(preflightEpub(repack({ 'OEBPS/style.css': '/* <script> */' }))).toEqual([]);
  });
});
