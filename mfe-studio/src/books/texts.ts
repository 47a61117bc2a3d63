// Gen 2.0's texts, word for word where the spec gives them. Validation
// messages are not here: they come from TOOL_SCHEMAS in @studio/events.

export const COMMON = {
  goToMyBooks: 'Go to My Books',
  viewPlans: 'View Plans',
  errorTitle: 'Error',
} as const;

export const GEN2 = {
  intro: 'Create an outline, pick the one you like, and generate your book from it.',
  stepsTitle: 'How it works',
  steps: [
    { title: 'Create Outline', body: 'Describe your book and choose its chapters.' },
    { title: 'Select Outline', body: 'Three different outlines are written; pick one.' },
    { title: 'Generate Book', body: 'Your book is written from the outline you picked.' },
  ],
  lowCreditsTitle: 'Low credits',
  lowCredits: (n: number) => `You need 20 credits to create this book. You currently have ${n} credits.`,
  policyTitle: 'Content Policy',
  policy:
    'Do not use violent, graphic, hateful or inappropriate language. Every book must be suitable for all ages.',
  titleLabel: 'Book Title',
  descriptionLabel: 'Book Description',
  chaptersLabel: 'Number of Chapters',
  introductionLabel: 'Include Introduction',
  yes: 'Yes',
  no: 'No',
  submit: 'Create Outline (20 credits)',
  submitting: 'Creating Outline...',
  loginRequired: 'You must be logged in to create a book',
  submitFailed: 'Failed to submit book request',
  generateFailed: 'Failed to generate book',
  selectTitle: 'Select Your Outline',
  selectIntro: 'Pick the outline your book should follow, then generate the book.',
  /** Once generation started, the outlines are gone: the section is about the book. */
  bookTitle: 'Your Book',
  bookIntro: 'Written from the outline you picked.',
  waiting: 'Creating your outline (5-10 minutes)',
  waitingHint: 'This page checks for your outlines every 5 seconds.',
  option: (n: number) => `Outline Option ${n}`,
  select: 'Select',
  selected: 'Selected',
  generate: 'Generate Book',
  generating: 'Generating...',
  createAnother: 'Create Another Book',
  startedTitle: 'Book generation started',
  doneTitle: 'Your book is ready',
  failedTitle: 'Book generation failed',
  inMyBooks: 'It is also kept in My Books.',
  outlineReady: 'Outline ready. Book generation will start soon.',
  bookCreation: 'Generating your book (15-20 minutes)',
  checkMyBooks: 'Your book will appear in My Books when it is complete.',
  downloadPdf: 'Download PDF',
  downloadEpub: 'Download EPUB',
  /** docs/product/accounts-billing-admin.md (Limits and costs): EPUB comes with Standard ("PDF and EPUB") and Premium ("all formats"). */
  pdfOnly: 'PDF only: EPUB is included in the Standard and Premium plans.',
  bookDone: 'Your book is ready.',
  bookFailed: 'Your book could not be generated. Your credits were refunded.',
  outlinesFailed: 'Your outlines could not be created. Your credits were refunded.',
  notFoundTitle: 'Book not found',
  notFoundText:
    'There is no book of yours at this address. Start a new one with Create Another Book, or find your books in My Books.',
  goToMyBooks: 'Go to My Books',
} as const;
