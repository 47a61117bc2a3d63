// The numbers and messages of the request rules (docs/product/accounts-billing-admin.md (Validation)), without yup: screens that only
// print a message or a limit import this (`@studio/events/rules`) and never load the schema
// library; the kit re-exports the limits and must stay out of yup's way too.
export const NAME_MIN_LENGTH = 2;
export const PASSWORD_MIN_LENGTH = 6;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MAX_LENGTH = 200;
export const PHONE_MAX_LENGTH = 40;

/** Something before one @, a dotted domain after it, no spaces, no doubled or edge dots. */
export const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+\-.]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** docs/product/accounts-billing-admin.md (Validation) validation texts, word for word. */
export const ACCOUNT_MESSAGES = {
  name: 'Name must be at least 2 characters',
  email: 'Please enter a valid email',
  password: 'Password must be at least 6 characters',
} as const;

/**
 * Verifying the address and the password's own screens. One text for a forged, expired, spent or
 * replaced link: which it was is nobody's business.
 */
export const CREDENTIAL_MESSAGES = {
  linkInvalid: 'This link is invalid or has expired. Please ask for a new one.',
  currentPassword: 'Please enter your current password',
  wrongCurrentPassword: 'Your current password is not correct',
  passwordChangedMeanwhile: 'Your password was changed meanwhile. Please log in again.',
  resetSent:
    'If an account uses that address, we have sent it a link to reset its password. The link works for one hour.',
  passwordReset: 'Your password has been changed. Log in with your new password.',
  passwordChanged: 'Your password has been changed. You have been signed out everywhere else.',
  verificationSent: (email: string) =>
    `We have sent a new verification link to ${email}. It works for 48 hours.`,
  verified: 'Your email address is verified. Thank you!',
  alreadyVerified: 'Your email address is already verified.',
} as const;

/** How long a mailed link works (docs/product/accounts-billing-admin.md (Limits and costs)). */
export const RESET_LINK_HOURS = 1;
export const VERIFICATION_LINK_HOURS = 48;

export const BILLING_MESSAGES = { plan: 'Plan must be basic, standard or premium' } as const;

export const ADMIN_MESSAGES = {
  userId: 'userId is required',
  tier: 'Tier must be Demo, Basic, Standard or Premium',
  paidTier: 'Choose a paid tier',
  creditsNumber: 'Credits must be a number',
  creditsWhole: 'Credits must be a whole number',
  creditsNegative: 'Credits cannot be negative',
} as const;

/** QR codes (docs/product/creation-tools-qr.md (Data, Validation, Messages)) and the limits this product adds. */
export const QR_TITLE_MAX_LENGTH = 120;
export const QR_DESCRIPTION_MAX_LENGTH = 500;
export const QR_URL_MAX_LENGTH = 2000;
export const QR_SETTINGS_TEXT_MAX_LENGTH = 300;
export const QR_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/**
 * What one account may upload for its landing pages. Uploads are free (no plan, no credit), and a
 * hero is costly to make (seven encoded widths, seconds of CPU): 30 uploads in any 24 hours is
 * a dozen pages' logos and heroes with room to try again, and a loop of uploads stops there. An
 * account holds at most 50 MB of uploads (a hero keeps 0.5 to 2 MB with its variants, a logo a
 * few KB): what no code uses is deleted a day after its upload and counts no more.
 */
export const QR_UPLOADS_PER_DAY = 30;
export const QR_UPLOAD_STORAGE_BYTES = 50 * 1024 * 1024;

/**
 * Codes made at once from a CSV (columns title and target, a header row): at most 200 rows, the
 * day's allowance of new codes, and the file at most 512 KB (200 rows of the longest title and
 * address fit).
 */
export const QR_BULK_MAX_ROWS = 200;
export const QR_BULK_MAX_CSV_CHARS = 512 * 1024;
export const QR_BULK_COLUMNS = ['title', 'target'] as const;

/**
 * Every upload (editor, kids-book character, QR logo and hero) takes PNG, JPEG and WebP only,
 * judged by the file's bytes; GIF, SVG, TIFF, AVIF and PDF are refused. The pickers' `accept`.
 */
export const IMAGE_UPLOAD_ACCEPT = 'image/png,image/jpeg,image/webp';
export const UPLOAD_MESSAGES = {
  type: 'Invalid File Type: Please select an image file (JPG, PNG or WebP)',
  unreadable: 'Upload Error: Failed to process the image. Please try again.',
  busy: 'Another upload is still being processed. Please wait a moment and try again.',
  serverBusy: 'Many pictures are being processed right now. Please try again in a few seconds.',
} as const;

/**
 * The screens' check before a file is read or sent (the server judges the bytes again): the
 * message to show, or null. A file over `maxBytes` is never encoded nor posted.
 */
export function imageUploadProblem(
  file: { type: string; size: number },
  maxBytes: number,
  tooLarge: string,
): string | null {
  if (!IMAGE_UPLOAD_ACCEPT.split(',').includes(file.type)) return UPLOAD_MESSAGES.type;
  return file.size > maxBytes ? tooLarge : null;
}
/**
 * A kids book's character photo is the reference every picture of the child is drawn from: under
 * this many pixels on its short and long sides the pictures cannot keep the child's likeness. The
 * author is told before anything is spent, and may still go on with it (`acceptSmallPhoto`).
 */
export const CHARACTER_PHOTO_MIN = { short: 768, long: 1024 } as const;
/** The advice for a photo smaller than CHARACTER_PHOTO_MIN (its upright size), or null. */
export function characterPhotoProblem(width: number, height: number): string | null {
  const short = Math.min(width, height);
  const long = Math.max(width, height);
  if (short >= CHARACTER_PHOTO_MIN.short && long >= CHARACTER_PHOTO_MIN.long) return null;
  const portrait = height >= width;
  const min = portrait
    ? `${CHARACTER_PHOTO_MIN.short}×${CHARACTER_PHOTO_MIN.long}`
    : `${CHARACTER_PHOTO_MIN.long}×${CHARACTER_PHOTO_MIN.short}`;
  return `This photo is ${width}×${height} pixels, too small for the pictures to keep the child's likeness: use one of at least ${min}, or continue with this photo for a simpler, smaller likeness.`;
}

export const QR_MIN_CONTRAST = 4.5;
export const QR_MESSAGES = {
  title: 'Please enter a title',
  url: 'Please enter a valid http(s) URL',
  redirectUrl: 'The redirect URL must be an http(s) address',
  color: 'Colours must be written as #RRGGBB',
  contrast: 'The QR colours need a contrast of at least 4.5:1 to scan reliably',
  landingTextContrast:
    'Text colour and background colour are too close: the page text needs a contrast of at least 4.5:1 to be readable',
  landingButtonContrast:
    'Button colour and background colour are too close: the button needs a contrast of at least 3:1 to be seen',
  darkOnLight: 'The QR code must be darker than its background',
  image: 'Images must be uploaded here first',
  linkType: 'Link type must be landing or direct',
  emailRequiredTitle: 'Email Required',
  emailRequired: 'Please enter your email address.',
  email: 'Please enter a valid email address.',
  uploadType: UPLOAD_MESSAGES.type,
  uploadTooLarge: 'File Too Large: Please select an image smaller than 5MB',
  submissionFailedTitle: 'Submission Failed',
  pageExpired: 'This page has expired. Please press the button again to sign up.',
  tooManySignups: 'Too many signups from this network right now. Please try again in a few minutes.',
  signupsBusy: 'Too many signups right now. Please try again in a few minutes.',
  tooManyUploads: (retryAfterSeconds: number) =>
    `You uploaded ${QR_UPLOADS_PER_DAY} images in the last 24 hours, the most an account may. You can upload again ${inAbout(retryAfterSeconds)}.`,
  storageFull: `Your uploaded images fill the ${QR_UPLOAD_STORAGE_BYTES / 1024 / 1024} MB an account may keep. Images no QR code uses are removed a day after their upload; try again then.`,
} as const;

/**
 * A logo in the middle of a code: its width in percent of the code (modules, quiet zone aside).
 * Made with error correction H (about 30% of the code recoverable); up to 20% of the width hides
 * about 4% of the modules. Measured with zbarimg on busy pictures: full-size codes decode up to
 * 30% and some fail from 33%; printed small (200 px) some fail from 22%. 20% keeps that margin.
 */
export const QR_LOGO_MIN_SIZE = 10;
export const QR_LOGO_MAX_SIZE = 20;
export const QR_LOGO_DEFAULT_SIZE = 15;
export const QR_LOGO_SIZE_MESSAGE = `A logo wider than ${QR_LOGO_MAX_SIZE}% of the code hides too much of it to scan: choose between ${QR_LOGO_MIN_SIZE}% and ${QR_LOGO_MAX_SIZE}%`;

/**
 * The square a centre logo clears, in modules: `size`% of the code's `modules`, odd like the code
 * so it sits exactly in the middle, with a one-module margin of background around the picture.
 */
export function qrLogoBox(modules: number, size: number): { start: number; side: number } {
  let side = Math.max(3, Math.round((modules * size) / 100));
  if (side % 2 !== modules % 2) side += 1;
  return { start: (modules - side) / 2, side };
}

/** Null when a centre logo of this size still scans; the message otherwise. */
export function qrLogoProblem(size: number): string | null {
  return Number.isInteger(size) && size >= QR_LOGO_MIN_SIZE && size <= QR_LOGO_MAX_SIZE
    ? null
    : QR_LOGO_SIZE_MESSAGE;
}

/** The landing form's honeypot: hidden from people (and screen readers), so only a bot fills it. */
export const QR_HONEYPOT_FIELD = 'website';

/** WCAG relative luminance of a #RRGGBB colour. */
export function relativeLuminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio (1 to 21) between two #RRGGBB colours. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/**
 * Why a pair of QR colours is refused, or null when it scans. It may run before each colour's own
 * check (`{}`, `{"$gt":""}`), so anything but two #RRGGBB strings is the colour message.
 */
export function qrColorsProblem(colors: { dark?: unknown; light?: unknown }): string | null {
  if (
    typeof colors.dark !== 'string' ||
    typeof colors.light !== 'string' ||
    !HEX_COLOR.test(colors.dark) ||
    !HEX_COLOR.test(colors.light)
  )
    return QR_MESSAGES.color;
  if (relativeLuminance(colors.dark) >= relativeLuminance(colors.light)) return QR_MESSAGES.darkOnLight;
  if (contrastRatio(colors.dark, colors.light) < QR_MIN_CONTRAST) return QR_MESSAGES.contrast;
  return null;
}

/** The public landing page's defaults: the server renders them, the form's preview shows them. */
export const LANDING_DEFAULTS = {
  title: 'Join Our Community',
  description: 'Sign up to receive updates, special offers, and more.',
  buttonText: 'Sign Up',
  buttonColor: '#6C63FF',
  textColor: '#1A1A1A',
  backgroundColor: '#F9F9F9',
  thankYouMessage: "Thank you for signing up! We'll be in touch soon.",
} as const;

/** Text on a filled button: black or white, whichever contrasts more (at least 4.58:1 either way). */
export function readableTextOn(fill: string): '#000000' | '#FFFFFF' {
  return contrastRatio(fill, '#000000') >= contrastRatio(fill, '#FFFFFF') ? '#000000' : '#FFFFFF';
}

/** WCAG AA: 4.5:1 for text, 3:1 for a control's shape against its surroundings. */
export const LANDING_TEXT_CONTRAST = 4.5;
export const LANDING_BUTTON_CONTRAST = 3;

/**
 * Why a landing page's colours are refused (naming the pair), or null when its text is readable
 * and its button visible. Missing colours are the defaults the page would use.
 */
export function landingColorsProblem(settings: {
  buttonColor?: string;
  textColor?: string;
  backgroundColor?: string;
}): string | null {
  const hex = /^#[0-9a-fA-F]{6}$/;
  const pick = (value: string | undefined, fallback: string) => (value && hex.test(value) ? value : fallback);
  const background = pick(settings.backgroundColor, LANDING_DEFAULTS.backgroundColor);
  const text = pick(settings.textColor, LANDING_DEFAULTS.textColor);
  const button = pick(settings.buttonColor, LANDING_DEFAULTS.buttonColor);
  if (contrastRatio(text, background) < LANDING_TEXT_CONTRAST) return QR_MESSAGES.landingTextContrast;
  if (contrastRatio(button, background) < LANDING_BUTTON_CONTRAST) return QR_MESSAGES.landingButtonContrast;
  return null;
}

/** The landing page's newsletter box (it stores the address and says so). */
export const NEWSLETTER_MESSAGES = {
  emailRequired: 'Please enter your email address.',
  email: 'Please enter a valid email address.',
  subscribed: "Thanks! You're subscribed.",
  alreadySubscribed: "You're already subscribed. Thanks!",
} as const;

/** "In about 3 hours", "in about 40 minutes": when a refused request may be sent again. */
export function inAbout(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 60) return `in about ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.round(minutes / 60);
  return `in about ${hours} hour${hours === 1 ? '' : 's'}`;
}

/**
 * Editing a finished book rebuilds its files for free: ten rebuilds per book in any 24 hours. A
 * session of corrections saves a handful of times (each save sends every change of the form); a
 * script saving in a loop is stopped at ten. The kids book, the costliest, takes about 4 to 9
 * CPU-seconds per rebuild, so a book costs at most about a minute and a half of CPU a day, and
 * books themselves are bought with credits. An account rebuilds one book at a time.
 */
export const BOOK_REBUILDS_PER_DAY = 10;
export const BOOK_EDIT_MESSAGES = {
  unchanged: 'Nothing changed: the book keeps its files.',
  anotherRebuilding: 'Another of your books is being rebuilt. Save these changes once it is done.',
  rebuildLimit: (retryAfterSeconds: number) =>
    `This book was rebuilt ${BOOK_REBUILDS_PER_DAY} times in the last 24 hours, the most it is rebuilt for free. You can save new changes ${inAbout(retryAfterSeconds)}.`,
} as const;
