import * as yup from 'yup';
import { PART_INSTRUCTION_MAX_LENGTH } from '../part-versions';
import { hasOnlyVisibleCharacters } from './account';
import { printable } from './printable';
import { printedText } from './printed-text';
import { isHttpUrl } from './qr';
import { NAME_MAX_LENGTH, NAME_MIN_LENGTH } from './rules';
import { numeric, text } from './text';

/** docs/product/creation-tools-qr.md (API): POST /api/non-fiction-gen2/generate-book (outlineId is the book id; outlineIndex 0..2). */
export const generateBookRequest = yup.object({
  outlineId: text('outlineId is required').required('outlineId is required').max(100),
  userId: text('userId is invalid').max(100, 'userId is invalid').optional(),
  outlineIndex: numeric('outlineIndex must be 0, 1 or 2')
    .required('outlineIndex must be 0, 1 or 2')
    .oneOf([0, 1, 2] as const, 'outlineIndex must be 0, 1 or 2'),
});
export type GenerateBookRequest = yup.InferType<typeof generateBookRequest>;

/** Bounds of a book's words in the Edit view (a chapter is sent alone, well under the body limit). */
export const BOOK_EDIT_LIMITS = {
  title: 200,
  subtitle: 200,
  chapterTitle: 200,
  chapterText: 60_000,
  pageText: 1_000,
  /** What fits above the barcode on the back cover. */
  blurb: 900,
} as const;

const visible = (v: string | undefined) => !v || hasOnlyVisibleCharacters(v);

/** A chapter's or a page's text: several lines, required, at most `limit` characters, printable. */
const bodyText = (part: 'Chapter' | 'Page', limit: number) =>
  text(`${part} text cannot be empty`, { lines: 'many' })
    .required(`${part} text cannot be empty`)
    .max(limit, `${part} text is too long`)
    .test(printable(`The ${part.toLowerCase()} text`));

const position = (message: string) =>
  numeric(message).required(message).integer(message).min(0, message).max(999, message);

/**
 * PATCH /api/books/{id}: any of the title, subtitle ('' removes it), author and blurb (the back
 * cover's copy), and the chapters
 * (non-fiction) or pages (kids book) whose text changed, each by its position (0-based). A
 * chapter's text is its paragraphs separated by blank lines.
 */
export const editBookRequest = yup
  .object({
    title: printedText(
      text('Title must be at least 3 characters long')
        .min(3, 'Title must be at least 3 characters long')
        .max(BOOK_EDIT_LIMITS.title, 'Title is too long'),
      'Title',
      'The title',
    ).optional(),
    subtitle: printedText(
      text('Subtitle is invalid').max(BOOK_EDIT_LIMITS.subtitle, 'Subtitle is too long'),
      'Subtitle',
      'The subtitle',
    ).optional(),
    author: printedText(
      text('Author must be at least 2 characters')
        .min(NAME_MIN_LENGTH, 'Author must be at least 2 characters')
        .max(NAME_MAX_LENGTH, 'Author is too long'),
      'Author',
      'The author',
    ).optional(),
    blurb: text('Blurb cannot be empty')
      .min(1, 'Blurb cannot be empty')
      .max(
        BOOK_EDIT_LIMITS.blurb,
        `The blurb is too long (${BOOK_EDIT_LIMITS.blurb} characters at most: it must fit the back cover)`,
      )
      .test(printable('The blurb'))
      .optional(),
    chapters: yup
      .array(
        yup.object({
          index: position('Chapter index is invalid'),
          title: text('Chapter title is required')
            .required('Chapter title is required')
            .max(BOOK_EDIT_LIMITS.chapterTitle, 'Chapter title is too long')
            .test(printable('A chapter title')),
          text: bodyText('Chapter', BOOK_EDIT_LIMITS.chapterText),
        }),
      )
      .typeError('chapters must be a list')
      .max(100, 'Too many chapters')
      .optional(),
    pages: yup
      .array(
        yup.object({
          index: position('Page index is invalid'),
          text: bodyText('Page', BOOK_EDIT_LIMITS.pageText),
        }),
      )
      .typeError('pages must be a list')
      .max(100, 'Too many pages')
      .optional(),
  })
  .test(
    'something',
    'Nothing to change: send a title, subtitle, author, blurb, chapters or pages',
    (v) =>
      v.title !== undefined ||
      v.subtitle !== undefined ||
      v.author !== undefined ||
      v.blurb !== undefined ||
      (v.chapters?.length ?? 0) > 0 ||
      (v.pages?.length ?? 0) > 0,
  );
export type EditBookRequest = yup.InferType<typeof editBookRequest>;

/** A chapter's text as the Edit view shows it: paragraphs separated by a blank line. */
export const chapterText = (paragraphs: readonly string[]) => paragraphs.join('\n\n');
/** ...and back: blank lines separate paragraphs; line breaks inside one are spaces. */
export const chapterParagraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);

/** The offers a reader QR code can make: a bonus download, a newsletter signup, a review page. */
export const READER_QR_OFFERS = ['bonus', 'newsletter', 'review'] as const;
export type ReaderQrOffer = (typeof READER_QR_OFFERS)[number];

/** Bounds of the author's words beside the printed code (they share a page with a 1.5 in code). */
export const READER_QR_LIMITS = { heading: 60, words: 200, url: 2048 } as const;

const readerUrl = (v: string | undefined) => !v || isHttpUrl(v);

/**
 * POST /api/books/{id}/reader-qr: the offer, the line printed above the code ("Get the bonus
 * chapter"), an optional sentence under it, and the link the reader is sent to after signing up
 * (the bonus download or the review page; optional for a newsletter). `backCover`: the code is
 * also printed on the paperback's back cover (a book that has its codes takes just this change).
 */
export const readerQrRequest = yup.object({
  offer: text('Choose an offer: bonus, newsletter or review')
    .oneOf(READER_QR_OFFERS, 'Choose an offer: bonus, newsletter or review')
    .required('Choose an offer: bonus, newsletter or review'),
  heading: printedText(
    text('Write the line printed above the code')
      .required('Write the line printed above the code')
      .max(
        READER_QR_LIMITS.heading,
        `The line above the code is too long (${READER_QR_LIMITS.heading} characters at most)`,
      ),
    'The line above the code',
  ),
  words: printedText(
    text('The words under the code are invalid').max(
      READER_QR_LIMITS.words,
      `The words under the code are too long (${READER_QR_LIMITS.words} characters at most)`,
    ),
    'The words under the code',
  ).optional(),
  url: text('The link must be a web address (https://…)')
    .max(READER_QR_LIMITS.url, 'The link is too long')
    .test('http', 'The link must be a web address (https://…)', readerUrl)
    .when('offer', {
      is: (offer: string) => offer !== 'newsletter',
      // biome-ignore lint/suspicious/noThenProperty: yup's conditional schema vocabulary.
      then: (s) => s.required('The link is required for a bonus download or a review page'),
      otherwise: (s) => s.optional(),
    }),
  backCover: yup.boolean().strict().typeError('backCover must be true or false').optional(),
});

/**
 * POST /api/books/{id}/parts/{part}/regenerate: the author's note to the writer, one line
 * ("more practical", "draw a fox instead"), optional. Its `Idempotency-Key` header names the
 * request: sent again, it is the same regeneration, charged once.
 */
export const regeneratePartRequest = yup.object({
  instruction: text('The instruction must be text')
    .max(
      PART_INSTRUCTION_MAX_LENGTH,
      `The instruction is too long (${PART_INSTRUCTION_MAX_LENGTH} characters at most)`,
    )
    .test('visible', 'The instruction must not contain control or invisible characters', visible)
    .optional(),
});
export type RegeneratePartRequest = yup.InferType<typeof regeneratePartRequest>;

/** POST /api/books/{id}/parts/{part}/choose: the version of the part to put in the book. */
export const choosePartVersionRequest = yup.object({
  version: numeric('Choose one of the versions of this chapter')
    .required('Choose one of the versions of this chapter')
    .integer('Choose one of the versions of this chapter')
    .min(1, 'Choose one of the versions of this chapter'),
});
