import { paletteOf } from '../outputs/cover-art';
import { coloringInterior } from '../outputs/interior';
import { type Paper, TRIMS } from '../outputs/kdp';
import { type LineArt, traceLineArt } from '../outputs/line-art';
import { coloringPagePng, FRAMES, printPixels } from '../outputs/pictures';
import { assertPreflight } from '../preflight/preflight';
import { artStyleOf } from '../styles/art-style';
import { composedBlurb, writeBlurb } from '../writing/blurbs';
import { coloringBookSubject, coloringBookTitle } from '../writing/titles';
import {
  bookCovers,
  chosenPicture,
  drawCoverArt,
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
import type { Generator, GeneratorJob, GeneratorTools } from './generator';
import { inParallel } from './parallel';

/**
 * Coloring book of 10/20/30/40 designs, each on a recto page with a blank back. Every design is
 * asked for in the page's portrait frame and traced into vector line art (outputs/line-art.ts),
 * whichever provider drew it: the interior draws paths, not pictures. The cover shows the first
 * design coloured in, or, when the request chose an art style, a cover picture drawn in it (the
 * pages stay line art: docs/product/creation-tools-qr.md (Screens and routes: Styles)).
 */

/** Under each offline design, in the page's margin: the art itself carries no words. */
const OFFLINE_DESIGN_NOTE = 'Offline demo drawing, made on this machine without an AI model';

const svgFile = (role: string, art: LineArt) => file(role, 'image/svg+xml', 'svg', art.svg);

/** A design kept as SVG, read back: its size in inches is in its root element. */
export function storedLineArt(svg: Buffer): LineArt {
  const head = svg.subarray(0, 400).toString('utf8');
  const inches = (name: string) => Number(new RegExp(`${name}="([\\d.]+)in"`).exec(head)?.[1] ?? 0);
  return { svg, width: inches('width'), height: inches('height') };
}

/** A rebuild's designs: the vectors kept with the book, or (books from before) its pages traced again. */
async function storedDesigns(job: GeneratorJob<'coloring-book'>, tools: GeneratorTools): Promise<LineArt[]> {
  const edition = job.rebuild?.edition;
  const chosen = edition ? chosenPicture(edition, 'design') : undefined;
  const vectors = await storedPages(job, tools, (page) => `page-${page}-svg`, chosen);
  if (vectors.length > 0) return vectors.map(storedLineArt);
  const pages = await storedPages(job, tools, (page) => `page-${page}`);
  return Promise.all(pages.map((png) => traceLineArt(png, FRAMES.coloring)));
}

/** The interior and covers of a coloring book from its designs. */
async function typesetColoring(
  job: GeneratorJob<'coloring-book'>,
  matter: Matter,
  designs: LineArt[],
  paper: Paper,
  { ai, progress }: GeneratorTools,
  coverArt?: Buffer,
) {
  await progress(85, 'Typesetting the coloring book');
  const interior = await coloringInterior({
    title: matter.title,
    ...(matter.ownSubtitle ? { subtitle: matter.ownSubtitle } : {}),
    ...matter.byline,
    notices: notices(ai),
    designs,
    ...(ai.name === 'offline' ? { designNote: OFFLINE_DESIGN_NOTE } : {}),
    ...(matter.readerQr ? { readerQr: readerOffer(matter) } : {}),
  });
  await assertPreflight('interior PDF', interior.pdf, { type: 'interior', trim: interior.trim });
  const first = designs[0];
  const art = coverArt
    ? ({ kind: 'picture', source: coverArt } as const)
    : first
      ? ({ kind: 'line-art', art: first } as const)
      : undefined;
  const covers = await bookCovers(matter, interior, paper, {
    palette: await paletteOf(art, job.generationId),
    ...(art ? { art } : {}),
  });
  return { interior, files: [file('pdf', 'application/pdf', 'pdf', interior.pdf), ...covers] };
}

export const coloringBook: Generator<'coloring-book'> = async (job, tools) => {
  const { prompt, bookLength } = job.input;
  const paper = job.input.paperType ?? 'white';
  const subject = coloringBookSubject(prompt);
  if (job.rebuild) {
    const matter = matterOf(job, tools.ai, job.rebuild.edition.title);
    const designs = await storedDesigns(job, tools);
    const blurb =
      matter.blurb ??
      composedBlurb({ kind: 'coloring-book', title: matter.title, subject, designs: designs.length });
    const coverArt = await storedFile(job, tools, 'cover-art');
    const { files } = await typesetColoring(job, { ...matter, blurb }, designs, paper, tools, coverArt);
    return {
      title: matter.title,
      files: [...files, ...(coverArt ? [pictureFile('cover-art', coverArt)] : [])],
      result: keptMatter({ ...matter, blurb }),
    };
  }
  const { ai, signal, progress, parts } = tools;
  await progress(5, `Drawing ${bookLength} designs`);
  const designs = await inParallel(
    Array.from({ length: bookLength }, (_, i) => i + 1),
    signal,
    async (n, _i, partSignal) =>
      traceLineArt(
        await parts.picture(`design-${n}`, () =>
          ai.image(`${prompt} (design ${n})`, {
            style: 'coloring',
            signal: partSignal,
            size: printPixels(FRAMES.coloring),
          }),
        ),
        FRAMES.coloring,
      ),
    (done, total) => progress(5 + Math.round((70 * done) / total), `Drawn ${done} of ${total} designs`),
  );
  const title = coloringBookTitle(prompt);
  const blurb = await parts.text('blurb', () =>
    writeBlurb(ai, { kind: 'coloring-book', title, subject, designs: designs.length }, signal),
  );
  const artStyle = await artStyleOf(job.input.style, tools.readBlob);
  const coverArt = artStyle
    ? await drawCoverArt(
        tools,
        `A cover illustration for the coloring book "${title}": ${subject}. No words or letters.`,
        TRIMS.coloring,
        { artStyle },
      )
    : undefined;
  const matter = { ...matterOf(job, ai, title), blurb };
  const { interior, files } = await typesetColoring(job, matter, designs, paper, tools, coverArt);
  // My Images shows the first design as a printable page; every design is kept as its vectors.
  const first = designs[0] ? await coloringPagePng(designs[0]) : undefined;
  return {
    title: matter.title,
    files: [
      ...files,
      ...(first ? [file('image', 'image/png', 'png', first)] : []),
      ...(coverArt ? [pictureFile('cover-art', coverArt)] : []),
      ...designs.map((art, i) => svgFile(`page-${i + 1}-svg`, art)),
    ],
    result: { pages: interior.pages, designs: designs.length, ...keptMatter(matter) },
  };
};
