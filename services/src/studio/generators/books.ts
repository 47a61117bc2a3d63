import { epubIncluded, type GenerationKind, KIDS_BOOK_PAGES } from '@studio/events';
import { OFFLINE_LABEL } from '../ai/offline';
import type { AiProvider, CharacterReference } from '../ai/provider';
import { ebookCoverJpeg, paperbackWrapPdf, pictureWidthFor } from '../outputs/covers';
import { buildEpub } from '../outputs/epub';
import { coloringInterior, type Interior, kidsInterior, nonFictionInterior } from '../outputs/interior';
import { MIN_PPI, type Paper } from '../outputs/kdp';
import { characterPng, coloringPagePng, DRAWING_PX, kidsPagePictures } from '../outputs/pictures';
import { MIN_REAL_PPI, pictureDetailPpi } from '../preflight/enlargement';
import { assertPreflight } from '../preflight/preflight';
import { type BookOutline, type ChapterText, parseOutline, renderOutline } from '../writing/book-text';
import { coloringBookTitle } from '../writing/titles';
import type {
  GeneratedFile,
  Generator,
  GeneratorJob,
  GeneratorOutput,
  GeneratorTools,
  PartLedger,
} from './generator';
import { inParallel } from './parallel';

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
  subtitle: string | undefined,
  interior: Interior,
  paperback: Paperback,
  picture?: Buffer,
): Promise<GeneratedFile[]> {
  const cover = {
    title,
    author: byline.author,
    ...(subtitle ? { subtitle } : {}),
    description: paperback.description,
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

/** A book's words as the author set them, or the tool's defaults for a new book. */
interface Matter {
  title: string;
  /** What the files show: the author's subtitle, else the tool's. */
  subtitle?: string;
  /** The subtitle the author set, kept with the book's text. */
  ownSubtitle?: string;
  byline: Byline;
}

/** The author's subtitle, else the tool's (the offline demo label). */
const matterOf = (job: GeneratorJob<GenerationKind>, ai: AiProvider, title: string): Matter => {
  const edition = job.rebuild?.edition;
  const subtitle = edition ? (edition.subtitle ?? subtitleFor(ai)) : subtitleFor(ai);
  return {
    title: edition?.title ?? title,
    ...(subtitle ? { subtitle } : {}),
    ...(edition?.subtitle ? { ownSubtitle: edition.subtitle } : {}),
    byline: { ...bylineOf(job), ...(edition ? { author: edition.author } : {}) },
  };
};

/** The author and subtitle the book's result keeps (what its Edit view shows). */
const keptMatter = (matter: Matter) => ({
  author: matter.byline.author,
  ...(matter.ownSubtitle ? { subtitle: matter.ownSubtitle } : {}),
});

type Chapters = Array<ChapterText & { label?: string }>;

async function writeChapters(
  book: { title: string; description: string; outline: BookOutline },
  { ai, signal, progress, parts: ledger }: GeneratorTools,
): Promise<Chapters> {
  const { title, description, outline } = book;
  const parts = [
    ...(outline.introduction
      ? [{ title: 'Introduction', summary: outline.introduction, introduction: true }]
      : []),
    ...outline.chapters.map((c) => ({ ...c, introduction: false })),
  ];
  const numberOf = (i: number, introduction: boolean) =>
    introduction ? 0 : i + (outline.introduction ? 0 : 1);
  await progress(10, `Writing ${parts.length} chapters`);
  // Every chapter depends on the outline only: they are written side by side.
  const written = await inParallel(
    parts,
    signal,
    (part, i, partSignal) =>
      ledger.text(`chapter-${i}`, () =>
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
            },
          },
          { signal: partSignal },
        ),
      ),
    (done, total) => progress(10 + Math.round((70 * done) / total), `Written ${done} of ${total} chapters`),
  );
  return written.map((text, i) =>
    parts[i]?.introduction ? text : { ...text, label: `Chapter ${numberOf(i, false)}` },
  );
}

/** The interior, the EPUB (on the plans with one) and the covers of a non-fiction book. */
async function typesetNonFiction(
  book: { id: string; matter: Matter; chapters: Chapters; epub: boolean; paperback: Paperback },
  { ai, progress }: GeneratorTools,
): Promise<GeneratorOutput> {
  const { id, matter, chapters } = book;
  const { title, subtitle, byline } = matter;
  await progress(82, 'Typesetting the interior PDF');
  const interior = await nonFictionInterior({
    title,
    ...(subtitle ? { subtitle } : {}),
    ...byline,
    notices: notices(ai),
    chapters,
  });
  await assertPreflight('interior PDF', interior.pdf, { type: 'interior', trim: interior.trim });
  await progress(90, book.epub ? 'Making the covers and the EPUB' : 'Making the covers');
  const coverFiles = await covers(title, byline, subtitle, interior, book.paperback);
  const files = [file('pdf', 'application/pdf', 'pdf', interior.pdf)];
  // Only plans with EPUB get one made (docs/product/accounts-billing-admin.md (Limits and costs)); the others have the PDF and the covers.
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
    // The text is kept with the book: the Edit view shows it and a rebuild typesets it again.
    result: {
      pages: interior.pages,
      chapters: chapters.map((c) => c.title),
      manuscript: chapters,
      ...keptMatter(matter),
    },
  };
}

/** An edited non-fiction book typeset again from its stored chapters: no AI call. */
function rebuildNonFiction(job: GeneratorJob<'non-fiction' | 'non-fiction-v2'>, tools: GeneratorTools) {
  const { edition } = job.rebuild as NonNullable<typeof job.rebuild>;
  return typesetNonFiction(
    {
      id: job.generationId,
      matter: matterOf(job, tools.ai, edition.title),
      chapters: edition.chapters ?? [],
      epub: epubIncluded(job.tier),
      paperback: { description: job.input.description, paper: job.input.paperType ?? 'white' },
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
  const chapters = await writeChapters({ title, description, outline: outlines[0] }, tools);
  return typesetNonFiction(
    {
      id: job.generationId,
      matter: matterOf(job, tools.ai, title),
      chapters,
      epub: epubIncluded(job.tier),
      paperback: { description, paper: job.input.paperType ?? 'white' },
    },
    tools,
  );
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
  const chapters = await writeChapters({ title, description, outline }, tools);
  return typesetNonFiction(
    {
      id: job.generationId,
      matter: matterOf(job, tools.ai, title),
      chapters,
      epub: epubIncluded(job.tier),
      paperback: { description, paper: job.input.paperType ?? 'white' },
    },
    tools,
  );
};

/** A rebuild's pictures: the book's own files of each role, in page order. */
async function storedPictures(
  job: GeneratorJob<GenerationKind>,
  { readBlob }: GeneratorTools,
  role: (page: number) => string,
): Promise<Buffer[]> {
  const artifacts = job.rebuild?.artifacts ?? [];
  const pictures: Buffer[] = [];
  for (let page = 1; ; page++) {
    const artifact = artifacts.find((a) => a.role === role(page));
    if (!artifact) return pictures;
    pictures.push(await readBlob(artifact.blobId));
  }
}

/** The interior and covers of a coloring book from its designs. */
async function typesetColoring(
  matter: Matter,
  designs: Buffer[],
  paperback: Paperback,
  { ai, progress }: GeneratorTools,
) {
  await progress(85, 'Typesetting the coloring book');
  const { title, byline } = matter;
  const interior = await coloringInterior({
    title,
    ...(matter.ownSubtitle ? { subtitle: matter.ownSubtitle } : {}),
    ...byline,
    notices: notices(ai),
    pictures: designs,
  });
  await assertPreflight('interior PDF', interior.pdf, { type: 'interior', trim: interior.trim });
  const coverFiles = await covers(title, byline, matter.subtitle, interior, paperback, designs[0]);
  return { interior, files: [file('pdf', 'application/pdf', 'pdf', interior.pdf), ...coverFiles] };
}

/** Coloring book of 10/20/30/40 designs, each on a recto page with a blank back. */
export const coloringBook: Generator<'coloring-book'> = async (job, tools) => {
  const { prompt, bookLength } = job.input;
  const paperback: Paperback = {
    description: `${bookLength} designs to color, each on its own page with a blank back so markers never bleed through: ${prompt.replace(/\s+/g, ' ').trim()}`,
    paper: job.input.paperType ?? 'white',
  };
  if (job.rebuild) {
    const matter = matterOf(job, tools.ai, job.rebuild.edition.title);
    const designs = await storedPictures(job, tools, (page) => `page-${page}`);
    const { files } = await typesetColoring(matter, designs, paperback, tools);
    return { title: matter.title, files, result: keptMatter(matter) };
  }
  const { ai, signal, progress, parts } = tools;
  await progress(5, `Drawing ${bookLength} designs`);
  const designs = await inParallel(
    Array.from({ length: bookLength }, (_, i) => i + 1),
    signal,
    async (n, _i, partSignal) =>
      coloringPagePng(
        await parts.picture(`design-${n}`, () =>
          ai.image(`${prompt} (design ${n})`, {
            style: 'coloring',
            signal: partSignal,
            size: DRAWING_PX.coloring,
          }),
        ),
      ),
    (done, total) => progress(5 + Math.round((75 * done) / total), `Drawn ${done} of ${total} designs`),
  );
  const matter = matterOf(job, ai, coloringBookTitle(prompt));
  const { interior, files } = await typesetColoring(matter, designs, paperback, tools);
  return {
    title: matter.title,
    files: [
      ...files,
      ...(designs[0] ? [file('image', 'image/png', 'png', designs[0])] : []),
      ...designs.map((d, i) => file(`page-${i + 1}`, 'image/png', 'png', d)),
    ],
    result: { pages: interior.pages, designs: designs.length },
  };
};

/**
 * The interior, covers and (on the plans with EPUB) the ebook of a kids book from its pictures and
 * page texts; `ebookPictures` are the pages' smaller JPEGs, made from the pictures when not given.
 */
async function typesetKids(
  job: GeneratorJob<'kids-book'>,
  matter: Matter,
  book: { pictures: Buffer[]; ebookPictures?: Buffer[]; texts: string[]; character?: Buffer | undefined },
  { ai, progress }: GeneratorTools,
) {
  await progress(85, 'Typesetting the book');
  const { title, byline } = matter;
  const { pictures, texts, character } = book;
  const interior = await kidsInterior({
    title,
    ...(matter.ownSubtitle ? { subtitle: matter.ownSubtitle } : {}),
    ...byline,
    notices: notices(ai),
    pictures,
    texts,
    ...(character ? { character } : {}),
  });
  await assertPreflight('interior PDF', interior.pdf, { type: 'interior', trim: interior.trim });
  // A colour book under 72 pages prints on KDP's premium colour paper only.
  const coverFiles = await covers(
    title,
    byline,
    matter.subtitle,
    interior,
    { description: job.input.storyDescription, paper: 'premium-color' },
    character ?? pictures[0],
  );
  const files = [file('pdf', 'application/pdf', 'pdf', interior.pdf), ...coverFiles];
  // The ebook (on the plans with EPUB): each page's picture above its text.
  if (epubIncluded(job.tier)) {
    const ebookPictures =
      book.ebookPictures ?? (await Promise.all(pictures.map(async (p) => (await kidsPagePictures(p)).jpeg)));
    const epub = buildEpub({
      id: job.generationId,
      title,
      author: byline.author,
      language: 'en',
      cover: coverFiles[0]?.data as Buffer,
      notices: notices(ai),
      chapters: texts.map((text, i) => ({
        title: `Page ${i + 1}`,
        paragraphs: [text],
        ...(ebookPictures[i] ? { picture: ebookPictures[i] } : {}),
      })),
    });
    await assertPreflight('EPUB', epub, { type: 'epub' });
    files.push(file('epub', 'application/epub+zip', 'epub', epub));
  }
  return { interior, files, ...(await softPicturesWarning(pictures)) };
}

/**
 * Pages enlarged beyond their real detail (an image model's 1024 px on an 8.5 in page) are a
 * warning for the author, not a failed book (docs/backend.md). Every page comes from the same
 * model at the same size, so the first one speaks for all.
 */
async function softPicturesWarning(pictures: Buffer[]): Promise<{ printWarning?: string }> {
  const first = pictures[0];
  const detail = first ? await pictureDetailPpi(first, MIN_PPI) : undefined;
  if (detail === undefined || detail >= MIN_REAL_PPI) return {};
  return {
    printWarning: `The pictures hold about ${Math.round(detail)} ppi of real detail (they were drawn smaller than the page and enlarged), so they will print soft. KDP accepts them; sharper pictures need a larger source.`,
  };
}

/**
 * The kids book's character reference as a recorded part: its description as text and, when the
 * provider keeps a reference picture, that picture as a blob (recorded first, so a recorded
 * description always has its picture).
 */
async function recordedReference(
  parts: PartLedger,
  make: () => Promise<CharacterReference>,
): Promise<CharacterReference> {
  let made: CharacterReference | undefined;
  const { description, withImage } = await parts.text('character', async () => {
    made = await make();
    const image = made.image;
    if (image) await parts.picture('character-reference', async () => image);
    return { description: made.description, withImage: image !== undefined };
  });
  if (!withImage) return { description };
  // Recorded above or by an earlier attempt; made again only if its blob was lost.
  const image = await parts.picture(
    'character-reference',
    async () => (made ?? (await make())).image ?? Buffer.alloc(0),
  );
  return { description, image };
}

/** Kids book of 24 pages starring the user's character (100 credits). */
export const kidsBook: Generator<'kids-book'> = async (job, tools) => {
  const { storyDescription, characterName, characterGender, characterImageBlobId } = job.input;
  const { ai, signal, progress, readBlob, parts } = tools;
  // The upload, whatever its shape, framed once: the title page, the cover and the provider's
  // reference all show the same crop of the character.
  const framedCharacter = async () =>
    characterImageBlobId ? characterPng(await readBlob(characterImageBlobId)) : undefined;
  if (job.rebuild) {
    const { edition } = job.rebuild;
    const matter = matterOf(job, ai, edition.title);
    const pictures = await storedPictures(job, tools, (page) => `page-${page}-image`);
    const texts = edition.pages ?? [];
    const { interior, files, printWarning } = await typesetKids(
      job,
      matter,
      { pictures, texts, character: await framedCharacter() },
      tools,
    );
    return {
      title: matter.title,
      files,
      result: {
        title: matter.title,
        pages: texts,
        interiorPages: interior.pages,
        ...keptMatter(matter),
        ...(printWarning ? { printWarning } : {}),
      },
    };
  }
  await progress(5, 'Writing the story');
  const story = await parts.text('story', () =>
    ai.write(
      {
        task: 'kids-story',
        brief: { storyDescription, characterName, characterGender, pages: KIDS_BOOK_PAGES },
      },
      { signal },
    ),
  );
  const character = await framedCharacter();
  // One character reference for the whole book, given with every page's picture.
  const reference = await recordedReference(parts, () =>
    ai.character(
      {
        name: characterName,
        gender: characterGender,
        story: storyDescription,
        ...(character ? { image: character } : {}),
      },
      { signal },
    ),
  );
  await progress(10, `Illustrating ${story.pages.length} pages`);
  // Every page depends on the story and the reference only: they are drawn side by side.
  const pages = await inParallel(
    story.pages,
    signal,
    async (text, i, partSignal) => {
      const prompt = `${characterName}, a ${characterGender}, in a children's book: ${text}`;
      return kidsPagePictures(
        await parts.picture(`page-${i + 1}`, () =>
          ai.image(prompt, {
            style: 'illustration',
            signal: partSignal,
            character: reference,
            size: DRAWING_PX.kids,
          }),
        ),
      );
    },
    (done, total) => progress(10 + Math.round((70 * done) / total), `Illustrated ${done} of ${total} pages`),
  );
  const matter = matterOf(job, ai, story.title);
  const pictures = pages.map((p) => p.png);
  const { interior, files, printWarning } = await typesetKids(
    job,
    matter,
    { pictures, ebookPictures: pages.map((p) => p.jpeg), texts: story.pages, character },
    tools,
  );
  return {
    title: story.title,
    files: [...files, ...pictures.map((p, i) => file(`page-${i + 1}-image`, 'image/png', 'png', p))],
    result: {
      title: story.title,
      storyDescription,
      pages: story.pages,
      interiorPages: interior.pages,
      ...(printWarning ? { printWarning } : {}),
    },
  };
};
