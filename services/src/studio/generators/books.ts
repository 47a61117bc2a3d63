import { type BookBrief, type ChapterLength, docxIncluded, epubIncluded, lengthOf } from '@studio/events';
import { DEFAULT_AI_CONCURRENCY } from '../ai/call-gate';
import { paletteOf } from '../outputs/cover-art';
import { buildDocx } from '../outputs/docx';
import { buildEpub } from '../outputs/epub';
import { nonFictionInterior } from '../outputs/interior';
import { type Paper, TRIMS } from '../outputs/kdp';
import { assertPreflight } from '../preflight/preflight';
import { artStyleOf } from '../styles/art-style';
import { composedBlurb, writeBlurb } from '../writing/blurbs';
import { effectiveBrief } from '../writing/book-brief';
import {
  type BookOutline,
  type ChapterText,
  parseOutline,
  type RememberedChapter,
  renderOutline,
  type WrittenChapter,
} from '../writing/book-text';
import {
  bookCovers,
  drawCoverArt,
  ebookOffer,
  file,
  keptMatter,
  type Matter,
  matterOf,
  notices,
  pictureFile,
  readerOffer,
  storedFile,
} from './book-parts';
import type { Generator, GeneratorJob, GeneratorOutput, GeneratorTools } from './generator';
import { inParallel } from './parallel';

/**
 * The non-fiction tools, v1 and Gen 2.0 (the coloring and kids books have files of their own).
 * Each writes its text and its cover's art through the AI provider, typesets the KDP files
 * (interior PDF, covers, and an EPUB on the plans that include it), and runs the preflight on
 * every file before returning: a file KDP would refuse fails the job, which is then refunded.
 */

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

type Chapters = Array<ChapterText & { label?: string }>;

/**
 * Writes every chapter with the book brief and a running memory of the chapters before it.
 * The chapters go in waves as wide as the provider's gate (docs/decisions/0019-running-memory-in-waves.md):
 * a wave is written side by side, as the gate would let them through anyway, and each chapter is
 * told what the earlier waves' chapters actually say (their own summaries) and what the earlier
 * chapters of its own wave are planned to say (the outline's summaries).
 */
async function writeChapters(
  book: {
    title: string;
    description: string;
    outline: BookOutline;
    length: ChapterLength;
    brief: BookBrief;
  },
  { ai, signal, progress, parts: ledger, parallelCalls }: GeneratorTools,
): Promise<Chapters> {
  const { title, description, outline, length, brief } = book;
  const parts = [
    ...(outline.introduction
      ? [{ title: 'Introduction', summary: outline.introduction, introduction: true }]
      : []),
    ...outline.chapters.map((c) => ({ ...c, introduction: false })),
  ];
  const numberOf = (i: number, introduction: boolean) =>
    introduction ? 0 : i + (outline.introduction ? 0 : 1);
  await progress(10, `Writing ${parts.length} chapters`);
  const written: WrittenChapter[] = [];
  const width = Math.max(1, parallelCalls ?? DEFAULT_AI_CONCURRENCY);
  for (let start = 0; start < parts.length; start += width) {
    const memory: RememberedChapter[] = parts.map((part, j) => ({
      number: numberOf(j, part.introduction),
      title: part.title,
      summary: written[j]?.summary || part.summary,
      written: Boolean(written[j]?.summary),
    }));
    const wave = await inParallel(
      parts.slice(start, start + width),
      signal,
      (part, k, partSignal) => {
        const i = start + k;
        return ledger.text(`chapter-${i}`, () =>
          ai.write(
            {
              task: 'chapter',
              brief: {
                bookTitle: title,
                description,
                chapter: { title: part.title, summary: part.summary },
                number: numberOf(i, part.introduction),
                total: outline.chapters.length,
                ...(part.introduction ? { introduction: true } : {}),
                words: length.words,
                paragraphs: length.paragraphs,
                bookBrief: brief,
                memory: memory.slice(0, i),
              },
            },
            { signal: partSignal },
          ),
        );
      },
      (done) =>
        progress(
          10 + Math.round((70 * (start + done)) / parts.length),
          `Written ${start + done} of ${parts.length} chapters`,
        ),
    );
    written.push(...wave);
  }
  // The summaries were the later chapters' memory; the book keeps the title and the text.
  return written.map(({ title: chapterTitle, paragraphs }, i) =>
    parts[i]?.introduction
      ? { title: chapterTitle, paragraphs }
      : { title: chapterTitle, paragraphs, label: `Chapter ${numberOf(i, false)}` },
  );
}

/** The interior, the EPUB (on the plans with one) and the covers of a non-fiction book. */
async function typesetNonFiction(
  book: {
    id: string;
    matter: Matter;
    chapters: Chapters;
    epub: boolean;
    docx: boolean;
    paper: Paper;
    art?: Buffer;
  },
  { ai, progress }: GeneratorTools,
): Promise<GeneratorOutput> {
  const { id, matter, chapters } = book;
  const { title, subtitle, byline } = matter;
  const reader = readerOffer(matter);
  const ebookLink = ebookOffer(matter);
  await progress(82, 'Typesetting the interior PDF');
  const interior = await nonFictionInterior({
    title,
    ...(subtitle ? { subtitle } : {}),
    ...byline,
    notices: notices(ai, false),
    chapters,
    ...(reader ? { readerQr: reader } : {}),
  });
  await assertPreflight('interior PDF', interior.pdf, { type: 'interior', trim: interior.trim });
  await progress(90, book.epub ? 'Making the covers and the EPUB' : 'Making the covers');
  const art = book.art ? ({ kind: 'picture', source: book.art } as const) : undefined;
  const coverFiles = await bookCovers(matter, interior, book.paper, {
    palette: await paletteOf(art, id),
    ...(art ? { art } : {}),
  });
  const files = [file('pdf', 'application/pdf', 'pdf', interior.pdf)];
  // The manuscript for a word processor, with the same front matter as the PDF (Premium's).
  if (book.docx) {
    const docx = await buildDocx({
      title,
      ...(subtitle ? { subtitle } : {}),
      ...byline,
      notices: notices(ai, false),
      chapters,
    });
    files.push(file('docx', DOCX_TYPE, 'docx', docx));
  }
  // Only plans with EPUB get one made (docs/product/accounts-billing-admin.md (Limits and costs)); the others have the PDF and the covers.
  if (book.epub) {
    const epub = buildEpub({
      id,
      title,
      author: byline.author,
      language: 'en',
      cover: coverFiles[0]?.data as Buffer,
      notices: notices(ai, false),
      chapters,
      ...(ebookLink ? { readerLink: ebookLink } : {}),
    });
    await assertPreflight('EPUB', epub, { type: 'epub' });
    files.push(file('epub', 'application/epub+zip', 'epub', epub));
  }
  return {
    title,
    files: [...files, ...coverFiles, ...(book.art ? [pictureFile('cover-art', book.art)] : [])],
    // The text is kept with the book: the Edit view shows it and a rebuild typesets it again.
    result: {
      pages: interior.pages,
      chapters: chapters.map((c) => c.title),
      manuscript: chapters,
      ...keptMatter(matter),
    },
  };
}

/** An edited non-fiction book typeset again from its stored chapters and art: no AI call. */
async function rebuildNonFiction(job: GeneratorJob<'non-fiction' | 'non-fiction-v2'>, tools: GeneratorTools) {
  const { edition } = job.rebuild as NonNullable<typeof job.rebuild>;
  const chapters = edition.chapters ?? [];
  const matter = matterOf(job, tools.ai, edition.title);
  const art = await storedFile(job, tools, 'cover-art');
  return typesetNonFiction(
    {
      id: job.generationId,
      // A book from before blurbs were kept gets one composed from its own chapters.
      matter: {
        ...matter,
        blurb:
          matter.blurb ??
          composedBlurb({
            kind: 'non-fiction',
            title: matter.title,
            description: job.input.description,
            chapters: chapters.map((c) => c.title),
          }),
      },
      chapters,
      epub: epubIncluded(job.tier),
      docx: docxIncluded(job.tier),
      paper: job.input.paperType ?? 'white',
      ...(art ? { art } : {}),
    },
    tools,
  );
}

/** A new book's blurb and cover art, side by side once the chapters are written. */
async function blurbAndArt(
  job: GeneratorJob<'non-fiction' | 'non-fiction-v2'>,
  chapters: Chapters,
  tools: GeneratorTools,
): Promise<{ blurb: string; art: Buffer }> {
  const { title, description } = job.input;
  await tools.progress(78, 'Writing the blurb and drawing the cover');
  const artStyle = await artStyleOf(job.input.style, tools.readBlob);
  const [blurb, art] = await Promise.all([
    tools.parts.text('blurb', () =>
      writeBlurb(
        tools.ai,
        { kind: 'non-fiction', title, description, chapters: chapters.map((c) => c.title) },
        tools.signal,
      ),
    ),
    drawCoverArt(
      tools,
      `A cover illustration for the non-fiction book "${title}", about ${description}. No words or letters.`,
      TRIMS['non-fiction'],
      { artStyle },
    ),
  ]);
  return { blurb, art };
}

/** A new non-fiction book's files from its chapters. */
async function finishNonFiction(
  job: GeneratorJob<'non-fiction' | 'non-fiction-v2'>,
  chapters: Chapters,
  tools: GeneratorTools,
) {
  const { blurb, art } = await blurbAndArt(job, chapters, tools);
  return typesetNonFiction(
    {
      id: job.generationId,
      matter: { ...matterOf(job, tools.ai, job.input.title), blurb },
      chapters,
      epub: epubIncluded(job.tier),
      docx: docxIncluded(job.tier),
      paper: job.input.paperType ?? 'white',
      art,
    },
    tools,
  );
}

/** Non-fiction v1 (20 credits): the first of the writer's outlines, six chapters. */
export const nonFiction: Generator<'non-fiction'> = async (job, tools) => {
  if (job.rebuild) return rebuildNonFiction(job, tools);
  const { title, description } = job.input;
  await tools.progress(3, 'Planning the book');
  const { outlines } = await tools.parts.text('outlines', () =>
    tools.ai.write(
      { task: 'outlines', brief: { title, description, numChapters: 6, includeIntroduction: true } },
      { signal: tools.signal },
    ),
  );
  const chapters = await writeChapters(
    {
      title,
      description,
      outline: outlines[0],
      length: lengthOf(job.input),
      brief: effectiveBrief(job.input),
    },
    tools,
  );
  return finishNonFiction(job, chapters, tools);
};

/**
 * Gen 2.0 (20 credits). The main phase writes three outlines for the user to choose
 * from; the book phase writes the chosen one with its chapters and the optional introduction.
 */
export const nonFictionV2: Generator<'non-fiction-v2'> = async (job, tools) => {
  if (job.rebuild) return rebuildNonFiction(job, tools);
  const { title, description, numChapters, includeIntroduction } = job.input;
  if (job.phase === 'main') {
    await tools.progress(10, 'Creating your outlines');
    // Each rewrite's outlines are a part of their own: a retried attempt never offers the old ones.
    const part = job.outlineRound ? `outlines-${job.outlineRound + 1}` : 'outlines';
    const { outlines } = await tools.parts.text(part, () =>
      tools.ai.write(
        {
          task: 'outlines',
          brief: {
            title,
            description,
            numChapters,
            includeIntroduction,
            ...(job.outlineRound ? { round: job.outlineRound } : {}),
          },
        },
        { signal: tools.signal },
      ),
    );
    return {
      title,
      files: [],
      outlines: [renderOutline(outlines[0]), renderOutline(outlines[1]), renderOutline(outlines[2])],
    };
  }
  if (!job.outline) throw new Error('No outline was chosen for this book');
  // The outline decides: the writers leave the introduction out when it was not asked for, and
  // the author's edit may add or remove it.
  const outline = parseOutline(job.outline);
  const chapters = await writeChapters(
    {
      title,
      description,
      outline,
      length: lengthOf(job.input),
      // The brief as the author left it in the outline editor, else the request's.
      brief: job.brief ?? effectiveBrief(job.input),
    },
    tools,
  );
  return finishNonFiction(job, chapters, tools);
};
