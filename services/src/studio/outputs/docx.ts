import { AlignmentType, Document, HeadingLevel, Packer, PageBreak, Paragraph, TextRun } from 'docx';
import type { NonFictionInterior } from './interior';

/**
 * A non-fiction book as a Word document, for authors who finish their manuscript in a word
 * processor: the title page and the copyright lines the interior PDF has, then each chapter under
 * a Heading 1 (Word's own style, so the navigation pane and a table of contents find it) with its
 * text as plain paragraphs. Control characters (XML cannot hold them) are dropped.
 */
export type DocxBook = Omit<NonFictionInterior, 'readerQr'>;

const clean = (text: string) => text.replace(/(?![\t\n\r])\p{Cc}/gu, '');

const centred = (text: string, options: { size?: number; bold?: boolean; before?: number } = {}) =>
  new Paragraph({
    alignment: AlignmentType.CENTER,
    spacing: { before: options.before ?? 0, after: 240 },
    children: [new TextRun({ text: clean(text), size: options.size, bold: options.bold })],
  });

/** The copyright line as the PDF prints it: "Copyright © 2026 Jane Doe". */
export const copyrightLine = (book: Pick<DocxBook, 'year' | 'author'>) =>
  ['Copyright ©', book.year ? String(book.year) : '', book.author].filter(Boolean).join(' ');

function frontMatter(book: DocxBook): Paragraph[] {
  return [
    new Paragraph({ heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER, text: clean(book.title) }),
    ...(book.subtitle ? [centred(book.subtitle, { size: 28 })] : []),
    ...(book.author ? [centred(book.author, { size: 26, before: 480 })] : []),
    new Paragraph({ children: [new PageBreak()] }),
    new Paragraph({ text: copyrightLine(book) }),
    new Paragraph({ text: 'All rights reserved.' }),
    new Paragraph({
      text: 'No part of this book may be reproduced in any form without the written permission of the author, except for brief quotations in reviews.',
    }),
    ...book.notices.map((line) => new Paragraph({ text: clean(line) })),
    new Paragraph({ text: `First edition${book.year ? `, ${book.year}` : ''}` }),
  ];
}

function chapter(part: DocxBook['chapters'][number]): Paragraph[] {
  return [
    new Paragraph({
      heading: HeadingLevel.HEADING_1,
      pageBreakBefore: true,
      // "Chapter 3: Habits that stay"; the introduction has no label.
      text: clean(part.label ? `${part.label}: ${part.title}` : part.title),
    }),
    ...part.paragraphs.map((text) => new Paragraph({ text: clean(text) })),
  ];
}

export async function buildDocx(book: DocxBook): Promise<Buffer> {
  const doc = new Document({
    title: clean(book.title),
    creator: clean(book.author) || 'Unknown',
    sections: [{ children: [...frontMatter(book), ...book.chapters.flatMap(chapter)] }],
  });
  return Packer.toBuffer(doc);
}
