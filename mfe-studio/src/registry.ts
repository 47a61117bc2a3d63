// The studio's half of the tool registry: what the screen needs beyond the contract in
// @studio/events (route, schema, cost, tiers, texts the server shares): its screen, its nav entry
// and the words of its own screen. Nav, routes and the generic tool screen are derived from it;
// the order here is the sidebar's order inside each section. No React here: the route list is read
// at build time from this file (docs/frontend.md).
import type { GenerationKind } from '@studio/events';
import type { NavBadge, NavIconName, NavSectionName } from '@studio/kit';

/** A short message as a toast shows it: a title line and a body line. */
export interface Message {
  title: string;
  body: string;
}

/** The start response, as the screens read it. */
export interface StartReply {
  message?: string;
  creditsUsed?: number;
  remainingCredits?: number;
  bookId?: string;
  listingId?: string;
  generationId?: string;
}

export interface StudioTool {
  /** The key of the tool's screen in `screens.tsx` (its own lazily loaded chunk). */
  screen: string;
  nav: { section: NavSectionName; icon: NavIconName; badge?: NavBadge };
  intro: string;
  /** The submit button; the cost is the registry's for the values on the form. */
  submit: (cost: number) => string;
  submitting: string;
  /** The cost line above the button ("Cost: 4 credits"). */
  costLine: (cost: number) => string;
  /** Shown when nobody is signed in (the route needs a session, so only if it lapsed). */
  loginRequired: Message;
  /** The check before sending: absent, the contract's INSUFFICIENT_CREDITS text. */
  notEnough?: (cost: number, values: Record<string, unknown>, have: number) => Message;
  /** A failed start the server did not explain. */
  failure: Message;
  /** The legacy writer's rule: a body that is not JSON reads 'Server error: {status} {statusText}'. */
  serverErrorText?: boolean;
  /** The toast once started; the confirmation on the page takes its title unless it names one. */
  started: (reply: StartReply) => Message;
  confirmationTitle?: string;
  /** Also toast the first validation message (the spec writes these tools' messages as toasts). */
  toastInvalid?: boolean;
  /** Upgrade Required, for tools some tiers may not use. */
  upgrade?: Message;
  /** The card of plain points beside the form ("Tips", "How It Works"), for a tool that has one. */
  side?: { title: string; items: readonly string[] };
}

const PLAIN_FAILURE = (body: string): Message => ({ title: 'Error', body });

export const STUDIO_TOOLS = {
  'non-fiction-v2': {
    screen: 'NonFictionGen2',
    nav: { section: 'Main', icon: 'BookText' },
    intro: 'Create an outline, pick the one you like, and generate your book from it.',
    submit: (cost) => `Create Outline (${cost} credits)`,
    submitting: 'Creating Outline...',
    costLine: (cost) => `Cost: ${cost} credits`,
    loginRequired: PLAIN_FAILURE('You must be logged in to create a book'),
    failure: PLAIN_FAILURE('Failed to submit book request'),
    started: (reply) => ({ title: 'Success!', body: reply.message ?? 'Your outlines are being created.' }),
  },
  'kdp-listing': {
    screen: 'KdpListingGenerator',
    nav: { section: 'Main', icon: 'Tags' },
    intro:
      'An optimised title, subtitle, description and 7 keywords for your book, checked against KDP’s listing rules.',
    submit: (cost) => `Generate Listing (${cost} credits)`,
    submitting: 'Generating...',
    costLine: (cost) => `Cost: ${cost} credits`,
    loginRequired: PLAIN_FAILURE('You must be logged in to create a KDP listing'),
    notEnough: (cost, _values, have) => ({
      title: 'Insufficient credits',
      body: `You need ${cost} credits to create a KDP listing. You currently have ${have} credits.`,
    }),
    failure: PLAIN_FAILURE('Failed to submit KDP listing request'),
    started: (reply) => ({ title: 'Success!', body: reply.message ?? 'Your KDP listing is being created.' }),
    side: {
      title: "What You'll Get",
      items: [
        'Title and subtitle under 200 characters',
        'A description in the HTML KDP accepts, up to 4000 characters',
        'Exactly 7 keywords, none of the terms KDP forbids',
      ],
    },
  },
  'coloring-book': {
    screen: 'ColoringBookGenerator',
    nav: { section: 'Main', icon: 'Palette' },
    intro: 'Describe a theme and get a whole coloring book of line-art designs.',
    submit: (cost) => `Generate Coloring Book (${cost} credits)`,
    submitting: 'Generating...',
    costLine: (cost) => `Cost: ${cost} credits`,
    loginRequired: PLAIN_FAILURE('Please log in to generate coloring books.'),
    notEnough: (cost, values, have) => ({
      title: 'Insufficient credits',
      body: `You need ${cost} credits to generate a ${String(values.bookLength)}-page coloring book. You have ${have} credits.`,
    }),
    failure: PLAIN_FAILURE('Failed to generate coloring book'),
    started: (reply) => ({
      title: 'Success!',
      body: reply.message ?? 'Your coloring book generation has started!',
    }),
    upgrade: {
      title: 'Upgrade Required',
      body: 'The Coloring Book Generator is available on the Standard and Premium plans.',
    },
  },
  'coloring-page': {
    screen: 'ColoringBookPageGenerator',
    nav: { section: 'Main', icon: 'Brush' },
    intro:
      "Describe a single coloring page and we'll draw it as clean black-and-white line art, ready to print.",
    submit: (cost) => `Generate Page (${cost} credits)`,
    submitting: 'Generating...',
    costLine: (cost) => `Cost: ${cost} credits`,
    loginRequired: PLAIN_FAILURE('Please log in to generate coloring pages.'),
    failure: PLAIN_FAILURE('Failed to generate coloring page'),
    started: (reply) => ({
      title: 'Success!',
      body: reply.message || 'Your coloring page generation has started!',
    }),
    side: {
      title: 'Tips',
      items: [
        'Quick coloring activities for kids and adults',
        'Test designs before creating full coloring books',
        'Create individual artwork to print or share',
      ],
    },
  },
  'image-v2': {
    screen: 'ImageGeneratorV2',
    nav: { section: 'Main', icon: 'Sparkles' },
    intro: 'Turn a short description into an image. It appears in My Images when it is ready.',
    submit: () => 'Generate Image',
    submitting: 'Generating...',
    costLine: (cost) => `Cost: ${cost} credits per image`,
    loginRequired: { title: 'Authentication Required', body: 'Please log in to generate images.' },
    failure: PLAIN_FAILURE('Generation Failed'),
    started: () => ({
      title: 'Image Generation Started',
      body: 'Your image is being generated. This may take a few minutes.',
    }),
    toastInvalid: true,
  },
  'image-edit': {
    screen: 'ImageEditor',
    nav: { section: 'Main', icon: 'Wand2' },
    intro: 'Upload an image and describe the changes you want.',
    submit: (cost) => `Edit Image (${cost} credits)`,
    submitting: 'Processing your edit...',
    costLine: (cost) => `Cost: ${cost} credits`,
    loginRequired: { title: 'Authentication Required', body: 'Please log in to edit images.' },
    failure: { title: 'Edit Failed', body: 'Failed to start image editing. Please try again.' },
    started: (reply) => ({
      title: 'Edit Started!',
      body: `${reply.creditsUsed} credits used. ${reply.remainingCredits} credits remaining.`,
    }),
    toastInvalid: true,
    side: {
      title: 'How It Works',
      items: [
        'Upload an image and describe your edit',
        'Both the original and the edited version appear in My Images',
        'Toggle between the original and the edited version',
        'Download both versions as PNG',
      ],
    },
  },
  'kids-book': {
    screen: 'KidsBookGenerator',
    nav: { section: 'Main', icon: 'BookOpen' },
    intro: 'A 24-page personalised picture book starring your own character.',
    submit: (cost) => `Generate Kids Book (${cost} credits)`,
    submitting: 'Generating...',
    costLine: (cost) => `Cost: ${cost} credits`,
    loginRequired: PLAIN_FAILURE('Please log in to generate a kids book.'),
    failure: { title: 'Generation Failed', body: 'Failed to start your kids book. Please try again.' },
    started: (reply) => ({
      title: 'Book Generation Started!',
      body: `Credits used: ${reply.creditsUsed ?? '—'}. Remaining credits: ${reply.remainingCredits ?? '—'}.`,
    }),
  },
  'non-fiction': {
    screen: 'NonFictionBook',
    nav: { section: 'Legacy Models', icon: 'PenTool', badge: 'Legacy' },
    intro: 'Describe your book and it is written for you.',
    submit: (cost) => `Create Book (${cost} credits)`,
    submitting: 'Submitting...',
    costLine: (cost) => `Cost: ${cost} credits`,
    loginRequired: { title: 'Authentication required', body: 'Please log in to create a book' },
    failure: PLAIN_FAILURE('Failed to submit non-fiction book creation request'),
    serverErrorText: true,
    started: (reply) => ({
      title: 'Success!',
      body: reply.message ?? 'Your book is being created. It will appear in My Books when it is ready.',
    }),
    confirmationTitle: 'Your book is on its way',
  },
} as const satisfies Record<GenerationKind, StudioTool>;

export type StudioKind = keyof typeof STUDIO_TOOLS;
export type StudioScreenName = (typeof STUDIO_TOOLS)[StudioKind]['screen'];
