// The numbers and messages of the request rules (spec 01 §5), without yup: screens that only
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

/** spec 01 §5 validation texts, word for word. */
export const ACCOUNT_MESSAGES = {
  name: 'Name must be at least 2 characters',
  email: 'Please enter a valid email',
  password: 'Password must be at least 6 characters',
} as const;

export const BILLING_MESSAGES = { plan: 'Plan must be basic, standard or premium' } as const;

export const ADMIN_MESSAGES = {
  userId: 'userId is required',
  tier: 'Tier must be Demo, Basic, Standard or Premium',
  paidTier: 'Choose a paid tier',
  creditsNumber: 'Credits must be a number',
  creditsWhole: 'Credits must be a whole number',
  creditsNegative: 'Credits cannot be negative',
} as const;

/** QR codes (spec 02 §3, §5, §8) and the limits this product adds. */
export const QR_TITLE_MAX_LENGTH = 120;
export const QR_DESCRIPTION_MAX_LENGTH = 500;
export const QR_URL_MAX_LENGTH = 2000;
export const QR_SETTINGS_TEXT_MAX_LENGTH = 300;
export const QR_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const QR_MIN_CONTRAST = 4.5;
export const QR_MESSAGES = {
  title: 'Please enter a title',
  url: 'Please enter a valid http(s) URL',
  redirectUrl: 'The redirect URL must be an http(s) address',
  color: 'Colours must be written as #RRGGBB',
  contrast: 'The QR colours need a contrast of at least 4.5:1 to scan reliably',
  darkOnLight: 'The QR code must be darker than its background',
  image: 'Images must be uploaded here first',
  linkType: 'Link type must be landing or direct',
  emailRequiredTitle: 'Email Required',
  emailRequired: 'Please enter your email address.',
  email: 'Please enter a valid email address.',
  uploadType: 'Invalid File Type: Please select an image file (JPG, PNG, etc.)',
  uploadTooLarge: 'File Too Large: Please select an image smaller than 5MB',
} as const;

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

/** The landing page's newsletter box (issue 12: it stores the address and says so). */
export const NEWSLETTER_MESSAGES = {
  emailRequired: 'Please enter your email address.',
  email: 'Please enter a valid email address.',
  subscribed: "Thanks! You're subscribed.",
  alreadySubscribed: "You're already subscribed. Thanks!",
} as const;
