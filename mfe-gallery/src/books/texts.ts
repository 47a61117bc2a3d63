// The My Books texts of docs/product/creation-tools-qr.md (Screens and routes, States, Validation, Messages), word for word.
export const MY_BOOKS = {
  title: 'My Books',
  subtitle: 'Manage your book projects',
  createGen2: 'Create Non-Fiction 2.0',
  createColoring: 'Create Coloring Book',
  createKids: 'Create Kids Book',
  createNonFiction: 'Create Non-Fiction',
  searchPlaceholder: 'Search books...',
  searchLabel: 'Search books',
  statusLabel: 'Filter by status',
  viewLabel: 'View',
  grid: 'Grid',
  list: 'List',
  loading: 'Loading books…',
  emptyTitle: 'No books found',
  emptyWithSearch: 'Try adjusting your search or filters',
  emptyWithoutSearch: 'Start creating your first book',
  createdOn: (date: string) => `Created on ${date}`,
  progress: 'Progress',
  loadFailed: 'Failed to load books data. Please try again later.',
  fetchFailed: 'Failed to fetch books',
  noUserId: 'User ID not found',
  download: 'Download',
  downloadEpub: 'Download EPUB',
  downloadDocx: 'Download Word (DOCX)',
  /** docs/product/accounts-billing-admin.md (Limits and costs): EPUB comes with Standard ("PDF and EPUB") and Premium ("all formats"). */
  pdfOnly: 'PDF only: EPUB is included in the Standard and Premium plans.',
  fileMissing: 'The file of this book is not available. Please contact support.',
  view: 'View',
  processing: 'Processing...',
  viewOutlines: 'View Outlines',
  chooseOutline: 'Choose outline',
  edit: 'Edit',
  coverOf: (title: string) => `Cover of ${title}`,
} as const;

export const STATUS_FILTERS = [
  { value: 'all', label: 'All Status' },
  { value: 'draft', label: 'Draft' },
  { value: 'in-progress', label: 'In Progress' },
  { value: 'complete', label: 'Complete' },
] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number]['value'];

/**
 * The product's progress messages, word for word. Their times are the fallback: where the tool's
 * real duration has been measured, the timed variants below say that time in the same words.
 */
export const PROGRESS_MESSAGES = {
  outlineCreation: 'Creating your outline (5-10 minutes)',
  outlineFinished: 'Outline ready. Book generation will start soon.',
  bookCreation: 'Generating your book (15-20 minutes)',
  coloringBook: 'Creating your coloring book (1-2 minutes)',
  default: 'Processing (typically takes 15-20 minutes)',
  rebuilding: 'Rebuilding the files with your changes (under a minute)',
} as const;

/** The same messages with a measured time ("under a minute", "about 3 minutes"). */
export const TIMED_PROGRESS_MESSAGES = {
  coloringBook: (time: string) => `Creating your coloring book (${time})`,
  default: (time: string) => `Processing (typically takes ${time})`,
} as const;

export const OUTLINE_DIALOG = {
  title: (bookTitle: string) => `Book Outlines: ${bookTitle}`,
  description: 'View the generated outlines for your non-fiction book',
  option: (n: number) => `Outline Option ${n}`,
  generate: 'Generate Book',
  generating: 'Generating...',
  close: 'Close',
  noOutlines:
    'No outlines are available for this book. This feature is only available for Non-Fiction Gen 2.0 books with completed outlines.',
  stillCreating:
    'Your outline is still being created. Please check back later when the book status is "Outline finished".',
  selected: 'Selected',
  successTitle: 'Success!',
  successBody: "Your book is now being generated. It will appear in your 'My Books' section when complete.",
  errorTitle: 'Error',
  errorFallback: 'Failed to generate book. Please try again.',
} as const;

/** Book type badges. */
export const TYPE_LABELS: Record<string, string> = {
  'non-fiction': 'Non-Fiction',
  'non-fiction-v2': 'Non-Fiction 2.0',
  'coloring-book': 'Coloring Book',
  'kids-book': 'Kids Book',
};

/** The Edit view of a finished book. */
export const BOOK_EDIT = {
  title: 'Edit Book',
  loading: 'Loading the book…',
  backToBooks: 'Back to My Books',
  notFoundTitle: 'Book not found',
  notFoundBody: 'This book does not exist or is not yours.',
  notEditable:
    'This book cannot be edited: it is not finished, or it was made before its text was kept with it.',
  rebuilding: 'Rebuilding your files',
  rebuildProgress: 'Rebuild progress',
  formLabel: 'Book text',
  details: 'Title, author and blurb',
  titleLabel: 'Title',
  subtitleLabel: 'Subtitle',
  subtitleHint: 'Leave empty for none.',
  authorLabel: 'Author',
  blurbLabel: 'Back cover blurb',
  blurbHint: (max: number) => `The copy printed on the back cover, ${max} characters at most.`,
  chapters: 'Chapters',
  introduction: 'Introduction',
  chapterTitle: (n: number) => `Title of part ${n}`,
  chapterText: (n: number) => `Text of part ${n}`,
  paragraphHint: 'Separate paragraphs with an empty line.',
  pages: 'Pages',
  pageText: (n: number) => `Page ${n}`,
  save: 'Save and rebuild files',
  saving: 'Saving…',
  free: 'Saving rebuilds the PDF, covers and EPUB from your text. It costs no credits.',
  nothingChanged: 'Nothing has changed yet.',
  saveFailed: 'Your changes could not be saved. Please try again.',
  interior: 'Interior PDF',
  cover: 'Cover PDF',
  epub: 'EPUB',
} as const;

/** The "Add a reader QR" dialog. */
export const READER_QR = {
  button: 'Add a reader QR',
  title: 'Add a reader QR code',
  description: (title: string) =>
    `A QR code on a page at the back of "${title}" leads readers to your offer. The ebook gets a link.`,
  offerLabel: 'Offer',
  offers: { bonus: 'A bonus download', newsletter: 'My newsletter', review: 'A review page' },
  defaultHeading: {
    bonus: 'Get the bonus chapter',
    newsletter: 'Join my readers',
    review: 'Tell others what you thought',
  } as Record<'bonus' | 'newsletter' | 'review', string>,
  headingLabel: 'Line above the code',
  headingHint: 'Up to 60 characters, printed in the book.',
  wordsLabel: 'Words under the code (optional)',
  wordsHint: 'Up to 200 characters.',
  urlLabel: (offer: string) =>
    offer === 'newsletter' ? 'Link after signing up (optional)' : 'Link to the download or review page',
  urlHint: 'Readers sign up on your landing page first; you can change it later in QR codes.',
  backCoverLabel: 'Also print the code on the back cover',
  backCoverHint: 'Paperback only: at the foot of the back, clear of the barcode area.',
  free: 'Adding the code rebuilds the PDF, covers and EPUB. It costs no credits.',
  cancel: 'Cancel',
  add: 'Add the code and rebuild',
  adding: 'Adding…',
  successTitle: 'Reader QR code added',
  successBody: 'Your book files are being rebuilt with the code.',
  errorTitle: 'The code could not be added',
  errorFallback: 'Please try again.',
} as const;

/** The chapter versions screen and its "Write again" dialog (docs/product/creation-tools-qr.md (Screens and routes: Regenerating a part)). */
export const PART_VERSIONS = {
  title: 'Chapter versions',
  pagesTitle: 'Page versions',
  open: 'Chapter versions',
  openPages: 'Page versions',
  loading: 'Loading the versions…',
  backToEdit: 'Back to Edit Book',
  empty: 'This book has no chapters to write again.',
  notFinished: 'Parts can be written again once the book is done.',
  inBook: (version: number | null) =>
    version === null ? 'In the book: your own edit of this part' : `In the book: version ${version}`,
  version: (n: number) => (n === 1 ? 'Version 1 (original)' : `Version ${n}`),
  asked: (instruction: string) => `Asked: “${instruction}”`,
  readFull: 'Read this version',
  inBookBadge: 'In the book',
  inListingBadge: 'In the listing',
  credits: (n: number) => `${n} credit${n === 1 ? '' : 's'}`,
  versionsOf: (field: string, n: number) => `${field}: ${n} versions`,
  listingDialogDescription:
    'A new version is written and kept beside the others. Your listing changes only when you choose to use it.',
  use: 'Use this version',
  using: 'Saving…',
  pending: 'Being written again… the new version appears here when it is ready.',
  writeAgain: 'Write again',
  dialogTitle: (part: string) => `Write “${part}” again`,
  dialogDescription:
    'A new version is written and kept beside the others. Your book changes only when you choose to use it.',
  instructionLabel: 'Note to the writer (optional)',
  instructionHint: 'One line, up to 500 characters: “more practical”, “shorter, with an example”.',
  price: (cost: number, balance: number | undefined) =>
    `This costs ${cost} credit${cost === 1 ? '' : 's'}${balance === undefined ? '' : `. Your balance: ${balance} credits`}. If it fails, the credits are refunded.`,
  confirm: (cost: number) => `Write again for ${cost} credit${cost === 1 ? '' : 's'}`,
  sending: 'Sending…',
  cancel: 'Cancel',
  notEnough: (cost: number, balance: number) =>
    `You need ${cost} credits. You currently have ${balance} credits.`,
  started: 'It is being written again.',
  failed: 'It could not be sent. Please try again.',
  chooseFailed: 'This version could not be put in the book. Please try again.',
} as const;

/** The same screen for a kids book's pages and a coloring book's designs: their pictures. */
export const PICTURE_VERSIONS = {
  title: 'Picture versions',
  open: 'Picture versions',
  loading: 'Loading the pictures…',
  notFinished: 'Pictures can be drawn again once the book is done.',
  inBook: (version: number | null) => `In the book: version ${version ?? 1}`,
  picture: (label: string, version: string, instruction?: string) =>
    `${label}, ${version}${instruction ? `, drawn as asked: ${instruction}` : ''}`,
  pending: 'Being drawn again… the new version appears here when it is ready.',
  drawAgain: 'Draw again',
  dialogTitle: (label: string) => `Draw ${label.toLowerCase()} again`,
  dialogDescription:
    'A new picture is drawn and kept beside the others. Your book changes only when you choose to use it.',
  instructionLabel: 'Note to the illustrator (optional)',
  instructionHint: 'One line, up to 500 characters: “draw a fox instead”, “at night”.',
  confirm: (cost: number) => `Draw again for ${cost} credit${cost === 1 ? '' : 's'}`,
  started: 'The picture is being drawn again.',
} as const;

/** Continuing a failed book from the part it failed at (docs/product/creation-tools-qr.md (Screens and routes: My Books)). */
export const RESUME = {
  button: (from: string, credits: number) =>
    `Continue from ${from} — ${credits} ${credits === 1 ? 'credit' : 'credits'}`,
  checking: 'Checking what is left…',
  title: 'Continue this book?',
  description: (title: string, from: string) =>
    `"${title}" will continue from ${from}. Everything it made before it failed is kept.`,
  price: (credits: number, left: number, total: number) =>
    `${left} of its ${total} parts are left to make: ${credits} ${credits === 1 ? 'credit' : 'credits'}, a share of its price. If it fails again, they are refunded.`,
  cancel: 'Cancel',
  confirm: (credits: number) => `Continue for ${credits} ${credits === 1 ? 'credit' : 'credits'}`,
  continuing: 'Continuing…',
  successTitle: 'Your book is continuing',
  successBody: (from: string) => `It picks up from ${from}. It will be ready in My Books.`,
  errorTitle: 'The book could not be continued',
  errorFallback: 'Please try again.',
} as const;

/** The Readers panel of a book with reader QR codes. */
export const READERS = {
  button: 'Readers',
  title: (title: string) => `Readers: ${title}`,
  description: 'Scans, signups and conversion per edition, and the readers who signed up.',
  loading: 'Loading readers…',
  errorTitle: 'The readers could not be loaded',
  retry: 'Try again',
  numbersCaption: 'Readers per edition',
  edition: 'Edition',
  scans: 'Scans',
  visitors: 'Visitors',
  signups: 'Signups',
  conversion: 'Conversion',
  total: 'All editions',
  conversionNote:
    'Conversion is signups from counted visits; signups without a counted visit are listed, not divided.',
  emailsHeading: 'Email list',
  emailsCaption: 'Readers who signed up, newest first',
  email: 'Email',
  name: 'Name',
  date: 'Date',
  empty: 'No readers have signed up yet',
  csv: 'Download CSV',
  magnetHeading: 'Reader magnet',
  magnetHint:
    'Readers get it on the thank-you page after signing up, with a link of their own for seven days.',
  pdfLabel: 'Upload a PDF bonus',
  pdfHint: 'A PDF of at most 20 MB.',
  upload: 'Upload the PDF',
  pagesLabel: 'Or give pages of this book',
  pagesHint: 'Pages such as 1-3, 7 (printable coloring pages, a chapter).',
  usePages: 'Use these pages',
  saving: 'Saving…',
  saved: (fileName: string) => `Readers now get ${fileName}.`,
  magnetErrorFallback: 'The bonus could not be saved. Please try again.',
} as const;
