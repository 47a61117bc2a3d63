import { epubIncluded, KIDS_BOOK_PAGES } from '@studio/events';
import type { CharacterReference } from '../ai/provider';
import { paleTint, paletteOf } from '../outputs/cover-art';
import { buildEpub } from '../outputs/epub';
import { kidsInterior, TITLE_ART_FRAME } from '../outputs/interior';
import { TRIMS } from '../outputs/kdp';
import { characterPng, ebookJpeg, FRAMES, placePicture, printPixels } from '../outputs/pictures';
import type { DeclaredSource } from '../preflight/enlargement';
import { assertPreflight } from '../preflight/preflight';
import { artStyleOf, styled } from '../styles/art-style';
import { composedBlurb, writeBlurb } from '../writing/blurbs';
import {
  bookCovers,
  chosenPicture,
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
  storedPages,
} from './book-parts';
import type { Generator, GeneratorJob, GeneratorTools, PartLedger } from './generator';
import { inParallel } from './parallel';

/**
 * Kids book of 24 pages starring the user's character (100 credits). The character is drawn on
 * every page and on the cover from one reference made once per book (from the brief, and from the
 * photo when there is one); the photo itself is never printed. Each page's picture is asked for
 * in the page's 3:2 frame and placed above its text, which has a band of its own.
 */

/** The book's character reference picture, kept so that a page drawn again shows the same character. */
export const CHARACTER_REFERENCE_ROLE = 'character-reference';

/** The pictures and words a kids book is typeset from. */
interface KidsPages {
  /** Each page's picture as the provider drew it (the book keeps these). */
  sources: Buffer[];
  texts: string[];
  /** The cover's picture, drawn for it (books from before use their first page). */
  coverArt?: Buffer | undefined;
}

const inParallelAll = <T, R>(items: readonly T[], work: (item: T) => Promise<R>) =>
  Promise.all(items.map(work));

async function inTurn<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const done: R[] = [];
  for (const item of items) done.push(await work(item));
  return done;
}

/** The interior, the covers and (on the plans with EPUB) the ebook of a kids book. */
async function typesetKids(
  job: GeneratorJob<'kids-book'>,
  matter: Matter,
  book: KidsPages,
  { ai, progress }: GeneratorTools,
) {
  await progress(85, 'Typesetting the book');
  // A free rebuild works one picture at a time: it holds one thread of the image pool, never all
  // of them, while paid jobs run beside it.
  const each = job.rebuild ? inTurn : inParallelAll;
  const placed = await each(book.sources, (source) => placePicture(source, FRAMES.kids));
  const tints = await each(placed, (p) => paleTint(p.png));
  const titleArt = book.coverArt ? await placePicture(book.coverArt, TITLE_ART_FRAME) : undefined;
  // What each placed picture was made from: its real detail is checked, not the 300 ppi it declares.
  const sources: DeclaredSource[] = [
    ...placed.map((p) => ({ pixels: printPixels(FRAMES.kids), source: p.source })),
    ...(titleArt ? [{ pixels: printPixels(TITLE_ART_FRAME), source: titleArt.source }] : []),
  ];
  const reader = readerOffer(matter);
  const ebookLink = ebookOffer(matter);
  const interior = await kidsInterior({
    title: matter.title,
    ...(matter.ownSubtitle ? { subtitle: matter.ownSubtitle } : {}),
    ...matter.byline,
    notices: notices(ai),
    pictures: placed.map((p) => p.png),
    texts: book.texts,
    tints,
    ...(titleArt ? { titleArt: titleArt.png } : {}),
    ...(reader ? { readerQr: reader } : {}),
  });
  await assertPreflight('interior PDF', interior.pdf, { type: 'interior', trim: interior.trim, sources });
  const art = book.coverArt ? ({ kind: 'picture', source: book.coverArt } as const) : undefined;
  // A colour book under 72 pages prints on KDP's premium colour paper only.
  const covers = await bookCovers(matter, interior, 'premium-color', {
    palette: await paletteOf(art, job.generationId),
    ...(art ? { art } : {}),
  });
  const files = [file('pdf', 'application/pdf', 'pdf', interior.pdf), ...covers];
  // The ebook (on the plans with EPUB): each page's picture above its text.
  if (epubIncluded(job.tier)) {
    const pictures = await each(placed, (p) => ebookJpeg(p.png));
    const epub = buildEpub({
      id: job.generationId,
      title: matter.title,
      author: matter.byline.author,
      language: 'en',
      cover: covers[0]?.data as Buffer,
      notices: notices(ai),
      ...(ebookLink ? { readerLink: ebookLink } : {}),
      chapters: book.texts.map((text, i) => ({
        title: `Page ${i + 1}`,
        paragraphs: [text],
        ...(pictures[i] ? { picture: pictures[i] } : {}),
      })),
    });
    await assertPreflight('EPUB', epub, { type: 'epub' });
    files.push(file('epub', 'application/epub+zip', 'epub', epub));
  }
  return { interior, files };
}

/**
 * The kids book's character reference as a recorded part: its description (and the look the
 * offline provider draws) as text and, when the provider keeps a reference picture, that picture
 * as a blob (recorded first, so a recorded description always has its picture).
 */
async function recordedReference(
  parts: PartLedger,
  make: () => Promise<CharacterReference>,
): Promise<CharacterReference> {
  let made: CharacterReference | undefined;
  const { description, look, withImage } = await parts.text('character', async () => {
    made = await make();
    const image = made.image;
    if (image) await parts.picture('character-reference', async () => image);
    return { description: made.description, look: made.look, withImage: image !== undefined };
  });
  const kept = { description, ...(look ? { look } : {}) };
  if (!withImage) return kept;
  // Recorded above or by an earlier attempt; made again only if its blob was lost.
  const image = await parts.picture(
    'character-reference',
    async () => (made ?? (await make())).image ?? Buffer.alloc(0),
  );
  return { ...kept, image };
}

/** An edited kids book typeset again from its stored pages and pictures: no AI call. */
async function rebuildKids(job: GeneratorJob<'kids-book'>, tools: GeneratorTools) {
  const { edition } = job.rebuild as NonNullable<typeof job.rebuild>;
  const matter = matterOf(job, tools.ai, edition.title);
  const sources = await storedPages(
    job,
    tools,
    (page) => `page-${page}-image`,
    chosenPicture(edition, 'page-picture'),
  );
  const texts = edition.pages ?? [];
  const blurb =
    matter.blurb ??
    composedBlurb({
      kind: 'kids-book',
      title: matter.title,
      name: job.input.characterName,
      story: job.input.storyDescription,
      pages: texts,
    });
  const coverArt = (await storedFile(job, tools, 'cover-art')) ?? sources[0];
  const { interior, files } = await typesetKids(
    job,
    { ...matter, blurb },
    { sources, texts, coverArt },
    tools,
  );
  return {
    title: matter.title,
    files,
    result: {
      title: matter.title,
      pages: texts,
      interiorPages: interior.pages,
      ...keptMatter({ ...matter, blurb }),
    },
  };
}

export const kidsBook: Generator<'kids-book'> = async (job, tools) => {
  if (job.rebuild) return rebuildKids(job, tools);
  const { storyDescription, characterName, characterGender, characterImageBlobId } = job.input;
  const { ai, signal, progress, readBlob, parts } = tools;
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
  // The upload, whatever its shape, framed once: the reference every picture is drawn from.
  const photo = characterImageBlobId ? await characterPng(await readBlob(characterImageBlobId)) : undefined;
  // One character reference for the whole book, given with every picture, the cover's too.
  const reference = await recordedReference(parts, () =>
    ai.character(
      {
        name: characterName,
        gender: characterGender,
        story: storyDescription,
        ...(photo ? { image: photo } : {}),
      },
      { signal },
    ),
  );
  const artStyle = await artStyleOf(job.input.style, readBlob);
  await progress(10, `Illustrating ${story.pages.length} pages and the cover`);
  const hero = `${characterName}, a ${characterGender}`;
  // Every picture depends on the story and the reference only: they are drawn side by side.
  const pictures = await inParallel(
    [...story.pages.map((text) => ({ text })), { cover: true as const }],
    signal,
    (item, i, partSignal) =>
      'cover' in item
        ? drawCoverArt(
            { ...tools, signal: partSignal },
            `${hero}, on the cover of the children's picture book "${story.title}": ${storyDescription}. No words or letters.`,
            TRIMS.kids,
            { character: reference, artStyle },
          )
        : parts.picture(`page-${i + 1}`, () =>
            ai.image(`${hero}, in a children's book: ${item.text}`, {
              style: 'illustration',
              signal: partSignal,
              character: reference,
              size: printPixels(FRAMES.kids),
              ...styled(artStyle),
            }),
          ),
    (done, total) =>
      progress(10 + Math.round((70 * done) / total), `Illustrated ${done} of ${total} pictures`),
  );
  const sources = pictures.slice(0, story.pages.length);
  const coverArt = pictures.at(-1);
  const blurb = await parts.text('blurb', () =>
    writeBlurb(
      ai,
      {
        kind: 'kids-book',
        title: story.title,
        name: characterName,
        story: storyDescription,
        pages: story.pages,
      },
      signal,
    ),
  );
  const matter = { ...matterOf(job, ai, story.title), blurb };
  const { interior, files } = await typesetKids(
    job,
    matter,
    { sources, texts: story.pages, coverArt },
    tools,
  );
  return {
    title: story.title,
    files: [
      ...files,
      ...sources.map((png, i) => pictureFile(`page-${i + 1}-image`, png)),
      ...(coverArt ? [pictureFile('cover-art', coverArt)] : []),
      ...(reference.image ? [pictureFile(CHARACTER_REFERENCE_ROLE, reference.image)] : []),
    ],
    result: {
      title: story.title,
      storyDescription,
      pages: story.pages,
      interiorPages: interior.pages,
      ...keptMatter(matter),
    },
  };
};
