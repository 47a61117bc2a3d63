import * as yup from 'yup';
import { BOOK_LENGTH_MESSAGE, BOOK_LENGTHS, type BookBrief, BRIEF_LABELS, BRIEF_LIMITS } from './book-length';
import type { GenerationKind, PaperType } from './generation';
import { printable } from './requests/printable';
import { numeric, text } from './requests/text';
import { styleField } from './styles';
import type { Tier } from './subscription';
import { COLORING_BOOK_COSTS, type ColoringBookLength, TOOL_CATALOG, type ToolListing } from './tool-catalog';

/**
 * The contract half of the tool registry (docs/product/creation-tools-qr.md (Data, Validation, API, Limits and costs)): what the form sends, the
 * route that receives it, the spec's validation messages, what it costs and who may use it.
 * Screens and the server read the same entry; the server half (generator, input preparation)
 * is `services/src/studio/tools/registry.ts`.
 */

/** The most a prompt-like field may hold; longer is refused rather than cut. */
export const PROMPT_MAX = 2000;
const TOO_LONG = `The prompt is too long (${PROMPT_MAX} characters at most)`;

/**
 * Trimmed text that must not be blank, with the spec's message for blank (and for a non-string).
 * Prompts and descriptions are typed in a text area: they keep line breaks and tabs; every other
 * control character (a NUL) is refused, naming the field.
 */
const required = (blank: string, max = PROMPT_MAX, tooLong = TOO_LONG) =>
  text(blank, { lines: 'many' }).required(blank).max(max, tooLong);
/** The same with a minimum length; one line (a title, a name) unless `lines` says many. */
const atLeast = (
  min: number,
  message: string,
  { max = PROMPT_MAX, tooLong = TOO_LONG, lines = 'one' as 'one' | 'many' } = {},
) => text(message, { lines }).required(message).min(min, message).max(max, tooLong);
/** The spec's clients send the user id; the server only checks that it is the caller's own. */
const userId = text('userId is invalid').max(100, 'userId is invalid').optional();

export const COLORING_BOOK_LENGTHS = [10, 20, 30, 40] as const satisfies readonly ColoringBookLength[];
export const DEFAULT_COLORING_BOOK_LENGTH: ColoringBookLength = 30;
export const CHAPTERS = { min: 1, max: 12, default: 5 } as const;
export const KIDS_BOOK_PAGES = 24;
/** docs/product/creation-tools-qr.md (Limits and costs): the image editor's upload limit. */
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/**
 * docs/product/accounts-billing-admin.md (Limits and costs): "PDF and EPUB" (Standard), "all formats" (Premium); Basic lists no format beyond the
 * PDF every book has ("EPUB is offered on higher plans"). Books requested on another plan get no EPUB.
 */
export const EPUB_TIERS = ['Standard', 'Premium'] as const satisfies readonly Tier[];
/** Whether a book requested on this plan gets its EPUB; requests from before plans were recorded did. */
export const epubIncluded = (tier: Tier | undefined): boolean =>
  tier === undefined || (EPUB_TIERS as readonly Tier[]).includes(tier);
/**
 * The Word manuscript (DOCX) is one of Premium's "all formats": Standard lists "PDF and EPUB"
 * (docs/product/accounts-billing-admin.md (Limits and costs)).
 */
export const docxIncluded = (tier: Tier | undefined): boolean => tier === 'Premium';
export const EPUB_NOT_INCLUDED =
  'EPUB is included in the Standard and Premium plans. This book was created on another plan, so it has a PDF only.';

/** KDP's black-and-white paper stocks; the spine's width follows the one chosen (white when absent). */
export const PAPER_TYPES = ['white', 'cream'] as const satisfies readonly PaperType[];
const paperType = text('Paper type must be white or cream')
  .oneOf([...PAPER_TYPES], 'Paper type must be white or cream')
  .optional();

/** A non-fiction book's length (docs/product/creation-tools-qr.md (Limits and costs)); absent is standard. */
const length = text(BOOK_LENGTH_MESSAGE)
  .oneOf([...BOOK_LENGTHS], BOOK_LENGTH_MESSAGE)
  .optional();
/** One field of the book brief: optional, one line (each is one line of every chapter's prompt), bounded. */
const briefField = (field: keyof BookBrief) =>
  text(`${BRIEF_LABELS[field]} is invalid`)
    .max(
      BRIEF_LIMITS[field],
      `${BRIEF_LABELS[field]} is too long (${BRIEF_LIMITS[field]} characters at most)`,
    )
    .optional();
/** The book brief's fields, in a request and in the outline editor's edit of it. */
export const BRIEF_SCHEMA_FIELDS = {
  audience: briefField('audience'),
  tone: briefField('tone'),
  keyTerms: briefField('keyTerms'),
  avoid: briefField('avoid'),
};
/** The book's length and brief, on both non-fiction writers. */
const bookShape = { length, ...BRIEF_SCHEMA_FIELDS };

export const TOOL_SCHEMAS = {
  'non-fiction': yup.object({
    Title: atLeast(3, 'Book title must be at least 3 characters.', { max: 200 }).test(printable('The title')),
    Description: atLeast(10, 'Book description must be at least 10 characters.', { lines: 'many' }).test(
      printable('The description'),
    ),
    User: yup.array(text().max(100).required()).max(1).optional(),
    Status: text().max(50).optional(),
    paperType,
    ...bookShape,
    style: styleField(),
  }),
  'non-fiction-v2': yup.object({
    userId,
    title: atLeast(3, 'Title must be at least 3 characters long', { max: 200 }).test(printable('The title')),
    description: atLeast(20, 'Description must be at least 20 characters long', { lines: 'many' }).test(
      printable('The description'),
    ),
    // The spec sends the count as text (a select's value); a JSON number is read too.
    numChapters: numeric('Please select the number of chapters')
      .integer('Please select the number of chapters')
      .min(CHAPTERS.min, 'Please select the number of chapters')
      .max(CHAPTERS.max, 'Please select the number of chapters')
      .default(CHAPTERS.default),
    includeIntroduction: text('Please select whether to include an introduction')
      .oneOf(['yes', 'no'], 'Please select whether to include an introduction')
      .default('yes'),
    paperType,
    ...bookShape,
    style: styleField(),
  }),
  'kdp-listing': yup.object({
    userId,
    bookTitle: atLeast(3, 'Book title must be at least 3 characters long', { max: 200 }),
    bookPrompt: atLeast(20, 'Book prompt must be at least 20 characters long', { lines: 'many' }),
  }),
  'coloring-book': yup.object({
    userId,
    // The book's title and cover are made from the prompt.
    prompt: required('Please provide a prompt for your coloring book.').test(printable('The prompt')),
    // A JSON number, as the spec's request says: "10" or [10] is refused, not read as 10.
    bookLength: yup
      .mixed<ColoringBookLength>()
      .oneOf([...COLORING_BOOK_LENGTHS], 'Choose 10, 20, 30 or 40 pages')
      .default(DEFAULT_COLORING_BOOK_LENGTH),
    paperType,
    // The cover's style: the pages stay line art whatever is chosen.
    style: styleField(),
  }),
  'coloring-page': yup.object({
    userId,
    prompt: required('Please provide a prompt for your coloring page.'),
  }),
  'image-v2': yup.object({
    userId,
    prompt: required('Prompt Required: Please enter a prompt for your image.'),
    style: styleField(),
  }),
  'image-edit': yup.object({
    userId,
    prompt: required('Description Required: Please describe the edits you want to make to your image.'),
    // A data URL of at most 10 MB of image (base64 is 4/3 of the bytes, plus the prefix).
    originalImageUrl: text('Image Required: Please select an image to edit.')
      .required('Image Required: Please select an image to edit.')
      .max(
        Math.ceil((IMAGE_UPLOAD_MAX_BYTES * 4) / 3) + 100,
        'File Too Large: Please select an image smaller than 10MB',
      ),
    style: styleField(),
  }),
  'kids-book': yup.object({
    userId,
    // Multipart fields are text by nature; a JSON body must send text too (12345 is refused).
    storyDescription: atLeast(20, 'Story description must be at least 20 characters long', {
      max: 500,
      tooLong: 'Story description must not exceed 500 characters',
      lines: 'many',
    }).test(printable('The story description')),
    characterName: atLeast(2, 'Character name must be at least 2 characters long', {
      max: 30,
      tooLong: 'Character name must not exceed 30 characters',
    }).test(printable('The character name')),
    characterGender: text('Please select if the character is a boy or girl')
      .required('Please select if the character is a boy or girl')
      .oneOf(['boy', 'girl'] as const, 'Please select if the character is a boy or girl'),
    // "yes": the author chose to go on with a photo smaller than CHARACTER_PHOTO_MIN.
    acceptSmallPhoto: text('acceptSmallPhoto must be yes or no')
      .oneOf(['yes', 'no'], 'acceptSmallPhoto must be yes or no')
      .optional(),
    style: styleField(),
  }),
} satisfies Record<GenerationKind, yup.AnyObjectSchema>;

export type ToolBody<K extends GenerationKind> = yup.InferType<(typeof TOOL_SCHEMAS)[K]>;

/** Where a tool's results are listed (docs/product/creation-tools-qr.md (Screens and routes, Data)): My Books, My KDP Listings, My Images. */
export type GalleryPlacement =
  | { list: 'books' }
  | { list: 'listings' }
  | { list: 'images'; source: 'coloring' | 'image-v2' | 'image-editor' };

export type ArtifactType = 'png' | 'pdf' | 'epub' | 'jpeg';

export interface ToolContract<K extends GenerationKind> extends ToolListing {
  kind: K;
  /** What it makes, in plain words for people (the credit history says "Used for: a kids book"). */
  product: string;
  /** docs/product/creation-tools-qr.md (API): the call that starts it; `multipart` where the spec sends a file. */
  route: { method: 'POST'; path: string; body: 'json' | 'multipart' };
  schema: yup.Schema<ToolBody<K>>;
  /** docs/product/creation-tools-qr.md (Limits and costs): credits spent, a function of the request (a coloring book's length). */
  cost(body: ToolBody<K>): number;
  /** The start response's own fields beside the credit fields of docs/product/creation-tools-qr.md (Data). */
  response: { message: string; idField?: 'bookId' | 'listingId' };
  /** docs/product/creation-tools-qr.md (Messages): what the screen says when the server answers INSUFFICIENT_CREDITS. */
  insufficientCredits: string;
  artifacts: readonly ArtifactType[];
  gallery: readonly GalleryPlacement[];
}

export type ToolContracts = { [K in GenerationKind]: ToolContract<K> };

export const TOOL_CONTRACTS: ToolContracts = {
  'non-fiction': {
    kind: 'non-fiction',
    ...TOOL_CATALOG['non-fiction'],
    product: 'a non-fiction book',
    route: { method: 'POST', path: '/api/submit-non-fiction-form', body: 'json' },
    schema: TOOL_SCHEMAS['non-fiction'],
    cost: () => TOOL_CATALOG['non-fiction'].price,
    response: {
      message: 'Your book is being created. It will appear in My Books when it is ready.',
      idField: 'bookId',
    },
    insufficientCredits:
      'You need at least 20 credits to create a non-fiction book. Please upgrade your subscription.',
    artifacts: ['pdf', 'epub', 'jpeg'],
    gallery: [{ list: 'books' }],
  },
  'non-fiction-v2': {
    kind: 'non-fiction-v2',
    ...TOOL_CATALOG['non-fiction-v2'],
    product: 'a non-fiction book (Gen 2.0)',
    route: { method: 'POST', path: '/api/non-fiction-gen2/submit', body: 'json' },
    schema: TOOL_SCHEMAS['non-fiction-v2'],
    cost: () => TOOL_CATALOG['non-fiction-v2'].price,
    response: { message: 'Your outlines are being created.', idField: 'bookId' },
    insufficientCredits: 'You need 20 credits to create this book.',
    artifacts: ['pdf', 'epub', 'jpeg'],
    gallery: [{ list: 'books' }],
  },
  'kdp-listing': {
    kind: 'kdp-listing',
    ...TOOL_CATALOG['kdp-listing'],
    product: 'a KDP listing',
    route: { method: 'POST', path: '/api/kdp-listings/create', body: 'json' },
    schema: TOOL_SCHEMAS['kdp-listing'],
    cost: () => TOOL_CATALOG['kdp-listing'].price,
    response: { message: 'Your KDP listing is being created.', idField: 'listingId' },
    insufficientCredits: 'You need 10 credits to create a KDP listing.',
    artifacts: [],
    gallery: [{ list: 'listings' }],
  },
  'coloring-book': {
    kind: 'coloring-book',
    ...TOOL_CATALOG['coloring-book'],
    product: 'a coloring book',
    route: { method: 'POST', path: '/api/generate-coloring-book', body: 'json' },
    schema: TOOL_SCHEMAS['coloring-book'],
    cost: (body) => COLORING_BOOK_COSTS[body.bookLength],
    response: { message: 'Your coloring book generation has started!', idField: 'bookId' },
    insufficientCredits: 'You do not have enough credits for this coloring book.',
    artifacts: ['pdf', 'png'],
    gallery: [{ list: 'books' }, { list: 'images', source: 'coloring' }],
  },
  'coloring-page': {
    kind: 'coloring-page',
    ...TOOL_CATALOG['coloring-page'],
    product: 'a coloring page',
    route: { method: 'POST', path: '/api/generate-coloring-book-page', body: 'json' },
    schema: TOOL_SCHEMAS['coloring-page'],
    cost: () => TOOL_CATALOG['coloring-page'].price,
    response: { message: 'Your coloring page generation has started!' },
    insufficientCredits:
      'Insufficient Credits: You need 4 credits to generate a coloring page. Please upgrade your subscription.',
    artifacts: ['png'],
    gallery: [{ list: 'images', source: 'coloring' }],
  },
  'image-v2': {
    kind: 'image-v2',
    ...TOOL_CATALOG['image-v2'],
    product: 'an image',
    route: { method: 'POST', path: '/api/generate-image-v2', body: 'json' },
    schema: TOOL_SCHEMAS['image-v2'],
    cost: () => TOOL_CATALOG['image-v2'].price,
    response: { message: 'Your image is being generated. This may take a few minutes.' },
    insufficientCredits:
      "Insufficient Credits. You don't have enough credits to generate an image. Each image requires 6 credits. Please upgrade your plan.",
    artifacts: ['png'],
    gallery: [{ list: 'images', source: 'image-v2' }],
  },
  'image-edit': {
    kind: 'image-edit',
    ...TOOL_CATALOG['image-edit'],
    product: 'an image edit',
    route: { method: 'POST', path: '/api/edit-image', body: 'json' },
    schema: TOOL_SCHEMAS['image-edit'],
    cost: () => TOOL_CATALOG['image-edit'].price,
    response: { message: 'Your edit has started.' },
    insufficientCredits:
      'Not Enough Credits. You need 6 credits to edit an image. Please purchase more credits to continue.',
    artifacts: ['png'],
    gallery: [{ list: 'images', source: 'image-editor' }],
  },
  'kids-book': {
    kind: 'kids-book',
    ...TOOL_CATALOG['kids-book'],
    product: 'a kids book',
    route: { method: 'POST', path: '/api/generate-kids-book', body: 'multipart' },
    schema: TOOL_SCHEMAS['kids-book'],
    cost: () => TOOL_CATALOG['kids-book'].price,
    response: { message: 'Your kids book is being created.', idField: 'bookId' },
    insufficientCredits:
      'Not Enough Credits. You need at least 100 credits to generate a kids book. Please purchase more credits to continue.',
    artifacts: ['pdf', 'png'],
    gallery: [{ list: 'books' }],
  },
};

/** The list a tool's results appear in, first placement first: where its confirmation links to. */
export const RESULT_PLACES = {
  books: { path: '/my-books', label: 'Go to My Books' },
  listings: { path: '/my-listings', label: 'View My KDP Listings' },
  images: { path: '/my-images', label: 'Go to My Images' },
} as const satisfies Record<GalleryPlacement['list'], { path: string; label: string }>;

export function resultPlace(kind: GenerationKind): { path: string; label: string } {
  const first = TOOL_CONTRACTS[kind].gallery[0];
  return RESULT_PLACES[first?.list ?? 'books'];
}

/** `GET /api/studio/durations`: how long each tool really takes, measured on its recent jobs. */
export const DURATIONS_PATH = '/api/studio/durations';
export interface ToolDuration {
  /** Median seconds from request to Done; null without a finished generation to measure. */
  medianSeconds: number | null;
  samples: number;
}
export type ToolDurations = Record<GenerationKind, ToolDuration>;
