import { epubIncluded, KIDS_BOOK_PAGES } from '@studio/events';
import { OFFLINE_LABEL } from '../ai/offline';
import type { AiProvider } from '../ai/provider';
import { ebookCoverJpeg, paperbackWrapPdf, pictureWidthFor } from '../outputs/covers';
import { buildEpub } from '../outputs/epub';
import { coloringInterior, type Interior, kidsInterior, nonFictionInterior } from '../outputs/interior';
import type { Paper } from '../outputs/kdp';
import { characterPng, coloringPagePng, DRAWING_PX, kidsPagePictures } from '../outputs/pictures';
import { assertPreflight } from '../preflight/preflight';
import { type BookOutline, type ChapterText, parseOutline, renderOutline } from '../writing/book-text';
import type { GeneratedFile, Generator, GeneratorOutput, GeneratorTools } from './generator';

/**
 * The book tools: non-fiction v1 and Gen 2.0, coloring books and kids books. Each one writes its
 * text and pictures through the AI provider, typesets the KDP files (interior PDF, covers, and for
 * non-fiction an EPUB on the plans that include it), and runs the preflight on every file before
 * returning: a file KDP would refuse fails the job, which is then refunded.
 */

/** The book's name on its files: recorded with the request (pen name, else profile name). */
interface Byline {
  author: string;
  /** The copyright year, from the request's recorded time: a rebuild gives the same files. */
  year?: number;
}
const bylineOf = (job: { author?: string; requestedAt?: string }): Byline => ({
  author: job.author ?? '',
  ...(job.requestedAt ? { year: new Date(job.requestedAt).getUTCFullYear() } : {}),
});

const file = (role: string, contentType: string, extension: string, data: Buffer): GeneratedFile => ({
  role,
  contentType,
  extension,
  data,
});

/** Offline output says so, on the title page and the copyright page. */
const notices = (ai: AiProvider): string[] =>
  ai.name === 'offline'
    ? [`${OFFLINE_LABEL}: text and pictures were made on this machine without an AI model, as a demo.`]
    : ['Written with the help of AI.'];
const subtitleFor = (ai: AiProvider) => (ai.name === 'offline' ? `${OFFLINE_LABEL} (demo)` : undefined);

/** What the paperback's back cover and spine need beyond the title: its copy and its paper. */
interface Paperback {
  description: string;
  paper: Paper;
}

/** Covers and their checks, shared by every book kind. */
async function covers(
  title: string,
  byline: Byline,
  ai: AiProvider,
  interior: Interior,
  paperback: Paperback,
  picture?: Buffer,
): Promise<GeneratedFile[]> {
  const subtitle = subtitleFor(ai);
  const cover = {
    title,
    author: byline.author,
    description: paperback.description,
    ...(subtitle ? { subtitle } : {}),
    ...(picture ? { picture, pictureWidth: await pictureWidthFor(picture) } : {}),
  };
  const jpeg = await ebookCoverJpeg(cover);
  const wrap = await paperbackWrapPdf(cover, interior.trim, interior.pages, paperback.paper);
  await assertPreflight('paperback cover', wrap.pdf, {
    type: 'cover',
    trim: interior.trim,
    pages: interior.pages,
    paper: paperback.paper,
  });
  return [file('cover', 'image/jpeg', 'jpg', jpeg), file('cover-pdf', 'application/pdf', 'pdf', wrap.pdf)];
}

async function writeNonFiction(
  book: {
    id: string;
    title: string;
    description: string;
    outline: BookOutline;
    epub: boolean;
    byline: Byline;
    paper: Paper;
  },
  { ai, signal, progress }: GeneratorTools,
): Promise<GeneratorOutput> {
  const { id, title, description, outline, byline } = book;
  const chapters: Array<ChapterText & { label?: string }> = [];
  const parts = [
    ...(outline.introduction
      ? [{ title: 'Introduction', summary: outline.introduction, introduction: true }]
      : []),
    ...outline.chapters.map((c) => ({ ...c, introduction: false })),
  ];
  for (const [i, part] of parts.entries()) {
    await progress(
      10 + Math.round((70 * i) / parts.length),
      `Writing ${part.introduction ? 'the introduction' : part.title}`,
    );
    const number = part.introduction ? 0 : i + (outline.introduction ? 0 : 1);
    const text = await ai.write(
      {
        task: 'chapter',
        brief: {
          bookTitle: title,
          description,
          chapter: { title: part.title, summary: part.summary },
          number,
          total: outline.chapters.length,
          ...(part.introduction ? { introduction: true } : {}),
        },
      },
      { signal },
    );
    chapters.push(part.introduction ? text : { ...text, label: `Chapter ${number}` });
  }
  await progress(82, 'Typesetting the interior PDF');
  const subtitle = subtitleFor(ai);
  const interior = await nonFictionInterior({
    title,
    ...(subtitle ? { subtitle } : {}),
    ...byline,
    notices: notices(ai),
    chapters,
  });
  await assertPreflight('interior PDF', interior.pdf, { type: 'interior', trim: interior.trim });
  await progress(90, book.epub ? 'Making the covers and the EPUB' : 'Making the covers');
  const coverFiles = await covers(title, byline, ai, interior, { description, paper: book.paper });
  const files = [file('pdf', 'application/pdf', 'pdf', interior.pdf)];
  // Only plans with EPUB get one made (spec 01 §9); the others have the PDF and the covers.
  if (book.epub) {
    const epub = buildEpub({
      id,
      title,
      author: byline.author,
      language: 'en',
      cover: coverFiles[0]?.data as Buffer,
      notices: notices(ai),
      chapters,
    });
    await assertPreflight('EPUB', epub, { type: 'epub' });
    files.push(file('epub', 'application/epub+zip', 'epub', epub));
  }
  return {
    title,
    files: [...files, ...coverFiles],
    result: { pages: interior.pages, chapters: chapters.map((c) => c.title) },
  };
}

/** spec 02: non-fiction v1 (20 credits): the first of the writer's outlines, six chapters. */
export const nonFiction: Generator<'non-fiction'> = async (job, tools) => {
  const { title, description } = job.input;
  await tools.progress(3, 'Planning the book');
  const { outlines } = await tools.ai.write(
    { task: 'outlines', brief: { title, description, numChapters: 6, includeIntroduction: true } },
    { signal: tools.signal },
  );
  return writeNonFiction(
    {
      id: job.generationId,
      title,
      description,
      outline: outlines[0],
      epub: epubIncluded(job.tier),
      byline: bylineOf(job),
      paper: job.input.paperType ?? 'white',
    },
    tools,
  );
};

/**
 * spec 02: Gen 2.0 (20 credits). The main phase writes three outlines for the user to choose
 * from; the book phase writes the chosen one with its chapters and the optional introduction.
 */
export const nonFictionV2: Generator<'non-fiction-v2'> = async (job, tools) => {
  const { title, description, numChapters, includeIntroduction } = job.input;
  if (job.phase === 'main') {
    await tools.progress(10, 'Creating your outlines');
    const { outlines } = await tools.ai.write(
      { task: 'outlines', brief: { title, description, numChapters, includeIntroduction } },
      { signal: tools.signal },
    );
    return {
      title,
      files: [],
      outlines: [renderOutline(outlines[0]), renderOutline(outlines[1]), renderOutline(outlines[2])],
    };
  }
  if (!job.outline) throw new Error('No outline was chosen for this book');
  const outline = parseOutline(job.outline);
  if (!includeIntroduction) delete outline.introduction;
  return writeNonFiction(
    {
      id: job.generationId,
      title,
      description,
      outline,
      epub: epubIncluded(job.tier),
      byline: bylineOf(job),
      paper: job.input.paperType ?? 'white',
    },
    tools,
  );
};

/** spec 02: coloring book of 10/20/30/40 designs, each on a recto page with a blank back. */
export const coloringBook: Generator<'coloring-book'> = async (job, tools) => {
  const { prompt, bookLength } = job.input;
  const { ai, signal, progress } = tools;
  const designs: Buffer[] = [];
  for (let i = 0; i < bookLength; i++) {
    await progress(5 + Math.round((75 * i) / bookLength), `Drawing design ${i + 1} of ${bookLength}`);
    designs.push(
      await coloringPagePng(
        await ai.image(`${prompt} (design ${i + 1})`, {
          style: 'coloring',
          signal,
          size: DRAWING_PX.coloring,
        }),
      ),
    );
  }
  await progress(85, 'Typesetting the coloring book');
  const title = `${prompt.replace(/\s+/g, ' ').trim().slice(0, 80)} Coloring Book`;
  const byline = bylineOf(job);
  const interior = await coloringInterior({ title, ...byline, notices: notices(ai), pictures: designs });
  await assertPreflight('interior PDF', interior.pdf, { type: 'interior', trim: interior.trim });
  const description = `${bookLength} designs to color, each on its own page with a blank back so markers never bleed through: ${prompt.replace(/\s+/g, ' ').trim()}`;
  const paper = job.input.paperType ?? 'white';
  const coverFiles = await covers(title, byline, ai, interior, { description, paper }, designs[0]);
  return {
    title,
    files: [
      file('pdf', 'application/pdf', 'pdf', interior.pdf),
      ...coverFiles,
      ...(designs[0] ? [file('image', 'image/png', 'png', designs[0])] : []),
      ...designs.map((d, i) => file(`page-${i + 1}`, 'image/png', 'png', d)),
    ],
    result: { pages: interior.pages, designs: designs.length },
  };
};

/** spec 02: kids book of 24 pages starring the user's character (100 credits). */
export const kidsBook: Generator<'kids-book'> = async (job, tools) => {
  const { storyDescription, characterName, characterGender, characterImageBlobId } = job.input;
  const { ai, signal, progress, readBlob } = tools;
  await progress(5, 'Writing the story');
  const story = await ai.write(
    {
      task: 'kids-story',
      brief: { storyDescription, characterName, characterGender, pages: KIDS_BOOK_PAGES },
    },
    { signal },
  );
  // The upload, whatever its shape, framed once: the title page, the cover and the provider's
  // reference all show the same crop of the character.
  const character = characterImageBlobId
    ? await characterPng(await readBlob(characterImageBlobId))
    : undefined;
  // One character reference for the whole book, given with every page's picture.
  const reference = await ai.character(
    {
      name: characterName,
      gender: characterGender,
      story: storyDescription,
      ...(character ? { image: character } : {}),
    },
    { signal },
  );
  const pictures: Buffer[] = [];
  const ebookPictures: Buffer[] = [];
  for (const [i, text] of story.pages.entries()) {
    await progress(
      10 + Math.round((70 * i) / story.pages.length),
      `Illustrating page ${i + 1} of ${story.pages.length}`,
    );
    const prompt = `${characterName}, a ${characterGender}, in a children's book: ${text}`;
    const page = await kidsPagePictures(
      await ai.image(prompt, { style: 'illustration', signal, character: reference, size: DRAWING_PX.kids }),
    );
    pictures.push(page.png);
    ebookPictures.push(page.jpeg);
  }
  await progress(85, 'Typesetting the book');
  const byline = bylineOf(job);
  const interior = await kidsInterior({
    title: story.title,
    ...byline,
    notices: notices(ai),
    pictures,
    texts: story.pages,
    ...(character ? { character } : {}),
  });
  await assertPreflight('interior PDF', interior.pdf, { type: 'interior', trim: interior.trim });
  // A colour book under 72 pages prints on KDP's premium colour paper only.
  const coverFiles = await covers(
    story.title,
    byline,
    ai,
    interior,
    { description: storyDescription, paper: 'premium-color' },
    character ?? pictures[0],
  );
  // The ebook (on the plans with EPUB): each page's picture above its text.
  const files = [file('pdf', 'application/pdf', 'pdf', interior.pdf), ...coverFiles];
  if (epubIncluded(job.tier)) {
    const epub = buildEpub({
      id: job.generationId,
      title: story.title,
      author: byline.author,
      language: 'en',
      cover: coverFiles[0]?.data as Buffer,
      notices: notices(ai),
      chapters: story.pages.map((text, i) => ({
        title: `Page ${i + 1}`,
        paragraphs: [text],
        ...(ebookPictures[i] ? { picture: ebookPictures[i] } : {}),
      })),
    });
    await assertPreflight('EPUB', epub, { type: 'epub' });
    files.push(file('epub', 'application/epub+zip', 'epub', epub));
  }
  return {
    title: story.title,
    files: [...files, ...pictures.map((p, i) => file(`page-${i + 1}-image`, 'image/png', 'png', p))],
    result: { title: story.title, storyDescription, pages: story.pages, interiorPages: interior.pages },
  };
};
