import { strFromU8, unzipSync } from 'fflate';
import { buildDocx } from './docx';

const book = {
  title: 'The Quiet Power of Habits',
  subtitle: 'Small steps',
  author: 'Jane Doe',
  year: 2026,
  notices: ['Written with the help of AI.'],
  chapters: [
    { title: 'Introduction', paragraphs: ['Why habits matter.'] },
    {
      title: 'Start small',
      label: 'Chapter 1',
      paragraphs: ['One push-up a day.', 'Then two & <more>\u0007.'],
    },
  ],
};

describe('DOCX export of a non-fiction book', () => {
  it('has the front matter, the chapters under Word heading styles and their text as paragraphs', async () => {
    const files = unzipSync(new Uint8Array(await buildDocx(book)));
    const document = strFromU8(files['word/document.xml'] as Uint8Array);
    const styles = strFromU8(files['word/styles.xml'] as Uint8Array);
    // The title page and the copyright lines the PDF has.
    expect(document).toMatch(/<w:pStyle w:val="Title"\/>.*The Quiet Power of Habits/s);
    expect(document).toContain('Small steps');
    expect(document).toContain('Jane Doe');
    expect(document).toContain('Copyright © 2026 Jane Doe');
    expect(document).toContain('All rights reserved.');
    expect(document).toContain('Written with the help of AI.');
    // Each chapter is a Heading 1 paragraph, its text follows as plain paragraphs.
    const headings = [
      ...document.matchAll(
        /<w:p>(?:(?!<\/w:p>).)*?<w:pStyle w:val="Heading1"\/>(?:(?!<\/w:p>).)*?<w:t[^>]*>([^<]*)<\/w:t>/gs,
      ),
    ].map((m) => m[1]);
    expect(headings).toEqual(['Introduction', 'Chapter 1: Start small']);
    expect(document).toContain('One push-up a day.');
    // Escaped, and the control character dropped (Word refuses a document holding one).
    expect(document).toContain('Then two &amp; &lt;more&gt;.');
    expect(document).not.toContain('\u0007');
    // The styles the paragraphs name are defined.
    expect(styles).toMatch(/<w:style [^>]*w:styleId="Heading1"/);
    expect(styles).toMatch(/<w:style [^>]*w:styleId="Title"/);
  });

  it('leaves out the year and subtitle a book does not have', async () => {
    const files = unzipSync(
      new Uint8Array(await buildDocx({ ...book, year: undefined, subtitle: undefined })),
    );
    const document = strFromU8(files['word/document.xml'] as Uint8Array);
    expect(document).toContain('Copyright © Jane Doe');
    expect(document).not.toContain('Small steps');
  });
});
