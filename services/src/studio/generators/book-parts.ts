import { type GenerationKind, type PictureKind, picturePart, type ReaderQr } from '@studio/events';
import { OFFLINE_LABEL } from '../ai/offline';
import type { AiProvider, ArtStyle, ImageStyle } from '../ai/provider';
import type { BookEdition } from '../book-edition';
import { type CoverLook, ebookCoverJpeg, paperbackWrapPdf } from '../outputs/covers';
import type { Interior } from '../outputs/interior';
import type { Paper, Trim } from '../outputs/kdp';
import { frontFrame, printPixels } from '../outputs/pictures';
import { assertPreflight } from '../preflight/preflight';
import type { GeneratedFile, GeneratorJob, GeneratorTools } from './generator';

/**
 * What every book tool shares: the byline and the matter an author may edit, the notices, the
 * files a rebuild reads back, and the covers with their checks.
 */

/** The book's name on its files: recorded with the request (pen name, else profile name). */
export interface Byline {
  author: string;
  /** The copyright year, from the request's recorded time: a rebuild gives the same files. */
  year?: number;
}
const bylineOf = (job: { author?: string; requestedAt?: string }): Byline => ({
  author: job.author ?? '',
  ...(job.requestedAt ? { year: new Date(job.requestedAt).getUTCFullYear() } : {}),
});

export const file = (role: string, contentType: string, extension: string, data: Buffer): GeneratedFile => ({
  role,
  contentType,
  extension,
  data,
});

/** Offline output says so, on the title page and the copyright page. */
export const notices = (ai: AiProvider, pictures = true): string[] =>
  ai.name === 'offline'
    ? [
        `${OFFLINE_LABEL}: ${pictures ? 'text and pictures were' : 'the text was'} made on this machine without an AI model, as a demo.`,
      ]
    : ['Written with the help of AI.'];
const subtitleFor = (ai: AiProvider) => (ai.name === 'offline' ? `${OFFLINE_LABEL} (demo)` : undefined);

/** A book's words as the author set them, or the tool's defaults for a new book. */
export interface Matter {
  title: string;
  /** What the files show: the author's subtitle, else the tool's. */
  subtitle?: string;
  /** The subtitle the author set, kept with the book's text. */
  ownSubtitle?: string;
  byline: Byline;
  /** The back cover's copy: the author's, else the one written with the book. */
  blurb?: string;
  /** The reader QR code the author added, set on a back-matter page (a link in the EPUB). */
  readerQr?: ReaderQr;
}

/** The author's subtitle (else the tool's, the offline demo label) and blurb, for a new book or an edited one. */
export const matterOf = (job: GeneratorJob<GenerationKind>, ai: AiProvider, title: string): Matter => {
  const edition = job.rebuild?.edition;
  const subtitle = edition ? (edition.subtitle ?? subtitleFor(ai)) : subtitleFor(ai);
  return {
    title: edition?.title ?? title,
    ...(subtitle ? { subtitle } : {}),
    ...(edition?.subtitle ? { ownSubtitle: edition.subtitle } : {}),
    byline: { ...bylineOf(job), ...(edition ? { author: edition.author } : {}) },
    ...(edition?.blurb ? { blurb: edition.blurb } : {}),
    ...(edition?.readerQr ? { readerQr: edition.readerQr } : {}),
  };
};

/** The author, subtitle and blurb the book's result keeps (what its Edit view shows). */
export const keptMatter = (matter: Matter) => ({
  author: matter.byline.author,
  ...(matter.ownSubtitle ? { subtitle: matter.ownSubtitle } : {}),
  ...(matter.blurb ? { blurb: matter.blurb } : {}),
  ...(matter.readerQr ? { readerQr: matter.readerQr } : {}),
});

/** The reader code's words and address, as the interior prints them and the EPUB links them. */
export const readerOffer = ({ readerQr }: Matter) =>
  readerQr
    ? { heading: readerQr.heading, ...(readerQr.words ? { words: readerQr.words } : {}), url: readerQr.url }
    : undefined;

/** The EPUB's link: the ebook edition's own address where the book has one, so its readers count apart. */
export const ebookOffer = (matter: Matter) => {
  const offer = readerOffer(matter);
  const ebook = matter.readerQr?.editions?.ebook;
  return offer && ebook ? { ...offer, url: ebook.url } : offer;
};

/** A rebuild's file of one role, if the book has it. */
export async function storedFile(
  job: GeneratorJob<GenerationKind>,
  { readBlob }: GeneratorTools,
  role: string,
): Promise<Buffer | undefined> {
  const artifact = job.rebuild?.artifacts.find((a) => a.role === role);
  return artifact ? readBlob(artifact.blobId) : undefined;
}

/**
 * A rebuild's files of a role per page, in page order, up to the first page without one; a page
 * whose picture the author chose another version of (`chosen`) gets that version's file.
 */
export async function storedPages(
  job: GeneratorJob<GenerationKind>,
  tools: GeneratorTools,
  role: (page: number) => string,
  chosen: (page: number) => string | undefined = () => undefined,
): Promise<Buffer[]> {
  const found: Buffer[] = [];
  for (let page = 1; ; page++) {
    const data = await storedFile(job, tools, role(page));
    if (!data) return found;
    const picked = chosen(page);
    found.push(picked ? await tools.readBlob(picked) : data);
  }
}

/** The version of each page's picture the author chose, if any (`BookEdition.pictures`). */
export const chosenPicture =
  (edition: BookEdition, kind: PictureKind) =>
  (page: number): string | undefined =>
    edition.pictures?.[picturePart(kind, page)];

/**
 * The cover's art for a new book: one picture in the book's style, asked for in the front's own
 * shape (the part `cover-art`, so a retried job does not pay for it twice).
 */
export function drawCoverArt(
  { ai, signal, parts }: GeneratorTools,
  prompt: string,
  trim: Trim,
  options: {
    style?: ImageStyle;
    character?: Parameters<AiProvider['image']>[1]['character'];
    artStyle?: ArtStyle | undefined;
  } = {},
): Promise<Buffer> {
  return parts.picture('cover-art', () =>
    ai.image(prompt, {
      style: options.style ?? 'illustration',
      signal,
      size: printPixels(frontFrame(trim)),
      ...(options.character ? { character: options.character } : {}),
      ...(options.artStyle ? { artStyle: options.artStyle } : {}),
    }),
  );
}

/** A picture kept as a book's file: the cover's art, a page's source picture. */
export const pictureFile = (role: string, png: Buffer) => file(role, 'image/png', 'png', png);

/** The ebook cover and the paperback wrap, the wrap checked by the preflight (its front picture's real detail too). */
export async function bookCovers(
  matter: Matter,
  interior: Interior,
  paper: Paper,
  look: CoverLook,
): Promise<GeneratedFile[]> {
  const text = {
    title: matter.title,
    author: matter.byline.author,
    ...(matter.subtitle ? { subtitle: matter.subtitle } : {}),
    ...(matter.blurb ? { blurb: matter.blurb } : {}),
  };
  const code = matter.readerQr?.backCover ? matter.readerQr : undefined;
  const jpeg = await ebookCoverJpeg(text, look);
  // The print code on the paperback's back only: the ebook cover is a picture nobody scans.
  const wrap = await paperbackWrapPdf(
    code ? { ...text, readerCode: { url: code.url, heading: code.heading } } : text,
    look,
    interior.trim,
    interior.pages,
    paper,
  );
  await assertPreflight('paperback cover', wrap.pdf, {
    type: 'cover',
    trim: interior.trim,
    pages: interior.pages,
    paper,
    sources: wrap.sources,
  });
  return [file('cover', 'image/jpeg', 'jpg', jpeg), file('cover-pdf', 'application/pdf', 'pdf', wrap.pdf)];
}
