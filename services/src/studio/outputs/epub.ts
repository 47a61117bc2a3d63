import { zipSync } from 'fflate';
import sanitizeHtml from 'sanitize-html';
import { nameBasedId } from '../../platform/ids';

/**
 * A small EPUB 3 packager: `mimetype` first and stored, the OCF container, a package document
 * with a cover image and a nav document, one XHTML file per chapter. Text is sanitised to plain
 * paragraphs (no markup from a model reaches the reader). Deterministic: the identifier comes
 * from the job, the modification date and the zip timestamps are fixed.
 */
export interface EpubBook {
  /** Stable id of the book (the generation id): the package's identifier derives from it. */
  id: string;
  title: string;
  author: string;
  language: string;
  cover: Buffer;
  /** Shown as a note on the title page (the offline demo label). */
  notices: string[];
  /**
   * A picture book's pages carry a picture (JPEG) shown above their text, and their title only
   * names them in the contents (a page has no heading).
   */
  chapters: Array<{ title: string; paragraphs: string[]; picture?: Buffer }>;
  /** The reader QR code's offer as a back-matter page with its link (a screen needs no code). */
  readerLink?: { heading: string; words?: string; url: string };
}

/** Fixed, so the same book always packs to the same bytes. */
const MODIFIED = '2000-01-01T00:00:00Z';
const ZIP_TIME = new Date(Date.UTC(2000, 0, 1));

/** Escaped for XHTML; control characters (XML cannot hold them) dropped. */
const escapeXml = (text: string) =>
  text
    .replace(/(?![\t\n\r])\p{Cc}/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** Any markup in a paragraph is dropped; what remains is escaped text. */
export function sanitiseParagraph(text: string): string {
  const clean = sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} });
  // sanitize-html escapes &, < and >; decode nothing, but make sure the result is well-formed XML.
  return clean
    .replace(/&(?!(amp|lt|gt|quot|#\d+|#x[0-9a-fA-F]+);)/g, '&amp;')
    .split('')
    .filter((ch) => ch >= ' ' || ch === '\t' || ch === '\n' || ch === '\r') // XML refuses other controls
    .join('');
}

const page = (title: string, body: string, language: string) => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="${language}" lang="${language}">
<head>
<meta charset="UTF-8"/>
<title>${escapeXml(title)}</title>
<link rel="stylesheet" type="text/css" href="style.css"/>
</head>
<body>
${body}
</body>
</html>
`;

const STYLE = `body { font-family: serif; line-height: 1.5; margin: 0 5%; }
h1 { text-align: center; margin: 2em 0 1em; }
p { text-indent: 1.2em; margin: 0; }
p.first, p.note { text-indent: 0; }
.title { text-align: center; margin-top: 20%; }
.cover { text-align: center; margin: 0; padding: 0; }
.cover img { max-width: 100%; max-height: 100%; }
.picture { text-align: center; margin: 0 0 1em; }
.picture img { max-width: 100%; }
`;

/** The back-matter page of a reader QR code: the author's words and the link itself. */
const readerPage = (link: EpubBook['readerLink']) =>
  link
    ? [
        {
          file: 'readers.xhtml',
          id: 'readers',
          title: link.heading,
          picture: undefined,
          body: [
            '<section epub:type="backmatter" id="readers">',
            `<h1>${escapeXml(link.heading)}</h1>`,
            ...(link.words ? [`<p class="first">${escapeXml(link.words)}</p>`] : []),
            `<p class="note"><a href="${escapeXml(link.url)}">${escapeXml(link.url)}</a></p>`,
            '</section>',
          ].join('\n'),
        },
      ]
    : [];

export function buildEpub(book: EpubBook): Buffer {
  const lang = book.language;
  const files: Record<string, Uint8Array | [Uint8Array, { level: 0 | 9 }]> = {};
  const text = (s: string) => new TextEncoder().encode(s);
  files.mimetype = [text('application/epub+zip'), { level: 0 }];
  files['META-INF/container.xml'] = text(`<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
  </rootfiles>
</container>
`);
  const chapters = [
    ...book.chapters.map((chapter, i) => ({
      file: `chapter-${i + 1}.xhtml`,
      id: `chapter-${i + 1}`,
      title: chapter.title,
      picture: chapter.picture ? `images/page-${i + 1}.jpg` : undefined,
      body: [
        `<section epub:type="chapter" id="c${i + 1}">`,
        chapter.picture
          ? `<div class="picture"><img src="images/page-${i + 1}.jpg" alt="${escapeXml(chapter.title)}"/></div>`
          : `<h1>${escapeXml(chapter.title)}</h1>`,
        ...chapter.paragraphs.map(
          (p, j) => `<p${j === 0 ? ' class="first"' : ''}>${sanitiseParagraph(p)}</p>`,
        ),
        '</section>',
      ].join('\n'),
    })),
    ...readerPage(book.readerLink),
  ];
  files['OEBPS/style.css'] = text(STYLE);
  files['OEBPS/cover.jpg'] = book.cover;
  files['OEBPS/cover.xhtml'] = text(
    page(
      book.title,
      `<section class="cover" epub:type="cover"><img src="cover.jpg" alt="${escapeXml(book.title)}"/></section>`,
      lang,
    ),
  );
  files['OEBPS/title.xhtml'] = text(
    page(
      book.title,
      [
        '<section class="title" epub:type="titlepage">',
        `<h1>${escapeXml(book.title)}</h1>`,
        `<p class="note">${escapeXml(book.author)}</p>`,
        ...book.notices.map((n) => `<p class="note">${escapeXml(n)}</p>`),
        '</section>',
      ].join('\n'),
      lang,
    ),
  );
  for (const c of chapters) files[`OEBPS/${c.file}`] = text(page(c.title, c.body, lang));
  book.chapters.forEach((chapter, i) => {
    if (chapter.picture) files[`OEBPS/images/page-${i + 1}.jpg`] = chapter.picture;
  });
  files['OEBPS/nav.xhtml'] = text(
    page(
      'Contents',
      [
        '<nav epub:type="toc" id="toc">',
        '<h1>Contents</h1>',
        '<ol>',
        ...chapters.map((c) => `<li><a href="${c.file}">${escapeXml(c.title)}</a></li>`),
        '</ol>',
        '</nav>',
        '<nav epub:type="landmarks" id="landmarks" hidden="hidden">',
        '<ol>',
        '<li><a epub:type="cover" href="cover.xhtml">Cover</a></li>',
        '<li><a epub:type="toc" href="nav.xhtml">Contents</a></li>',
        `<li><a epub:type="bodymatter" href="${chapters[0]?.file ?? 'title.xhtml'}">Start</a></li>`,
        '</ol>',
        '</nav>',
      ].join('\n'),
      lang,
    ),
  );
  files['OEBPS/content.opf'] = text(`<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${lang}">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="book-id">urn:uuid:${nameBasedId(`epub:${book.id}`)}</dc:identifier>
    <dc:title>${escapeXml(book.title)}</dc:title>
    <dc:creator>${escapeXml(book.author)}</dc:creator>
    <dc:language>${lang}</dc:language>
    <meta property="dcterms:modified">${MODIFIED}</meta>
    <meta name="cover" content="cover-image"/>
  </metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="style" href="style.css" media-type="text/css"/>
    <item id="cover-image" href="cover.jpg" media-type="image/jpeg" properties="cover-image"/>
    <item id="cover" href="cover.xhtml" media-type="application/xhtml+xml"/>
    <item id="title" href="title.xhtml" media-type="application/xhtml+xml"/>
${chapters.map((c) => `    <item id="${c.id}" href="${c.file}" media-type="application/xhtml+xml"/>`).join('\n')}
${chapters
  .flatMap((c) =>
    c.picture ? [`    <item id="${c.id}-picture" href="${c.picture}" media-type="image/jpeg"/>`] : [],
  )
  .join('\n')}
  </manifest>
  <spine>
    <itemref idref="cover" linear="no"/>
    <itemref idref="title"/>
    <itemref idref="nav"/>
${chapters.map((c) => `    <itemref idref="${c.id}"/>`).join('\n')}
  </spine>
</package>
`);
  return Buffer.from(zipSync(files, { level: 9, mtime: ZIP_TIME }));
}
