// docs/product/creation-tools-qr.md (Data, API) QR requests: create, update, the public signup and image uploads.
import * as yup from 'yup';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  landingColorsProblem,
  NAME_MAX_LENGTH,
  QR_BULK_MAX_CSV_CHARS,
  QR_DESCRIPTION_MAX_LENGTH,
  QR_HONEYPOT_FIELD,
  QR_LOGO_SIZE_MESSAGE,
  QR_MESSAGES,
  QR_SETTINGS_TEXT_MAX_LENGTH,
  QR_TITLE_MAX_LENGTH,
  QR_URL_MAX_LENGTH,
  qrColorsProblem,
  qrLogoProblem,
} from './rules';
import { text } from './text';

/** An absolute http(s) address: no `javascript:`, `data:`, relative targets or credentials. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    // No `user:pass@`: it disguises the real host in front of a visitor.
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname !== '' &&
      url.username === '' &&
      url.password === ''
    );
  } catch {
    return false;
  }
}

/** Uploaded landing images live on this server only (no third-party trackers on the public page). */
export const QR_IMAGE_PATH = /^\/qr-images\/qr-(img|hero)-[0-9a-f-]{36}\.(webp|png)$/;

const httpUrl = (message: string) =>
  text(message)
    .max(QR_URL_MAX_LENGTH, message)
    .test('http-url', message, (v) => !v || isHttpUrl(v));
const hexColor = () =>
  text(QR_MESSAGES.color)
    .matches(/^#[0-9a-fA-F]{6}$/, QR_MESSAGES.color)
    .optional();
const settingText = () => text(undefined, { lines: 'many' }).max(QR_SETTINGS_TEXT_MAX_LENGTH).optional();
/** A code's or page's description is typed in a text area: it keeps its line breaks. */
const description = () => text(undefined, { lines: 'many' }).max(QR_DESCRIPTION_MAX_LENGTH).optional();
const imagePath = () =>
  text(QR_MESSAGES.image)
    .transform((v: string | undefined) => v || undefined)
    .matches(QR_IMAGE_PATH, QR_MESSAGES.image)
    .optional();

export const landingPageSettingsSchema = yup
  .object({
    title: text().max(QR_TITLE_MAX_LENGTH).optional(),
    description: description(),
    logoUrl: imagePath(),
    heroImage: imagePath(),
    buttonText: text().max(40).optional(),
    buttonColor: hexColor(),
    textColor: hexColor(),
    backgroundColor: hexColor(),
    redirectUrl: httpUrl(QR_MESSAGES.redirectUrl)
      .transform((v: string | undefined) => v || undefined)
      .optional(),
    thankYouMessage: settingText(),
  })
  .noUnknown()
  .default(undefined)
  .test('readable', QR_MESSAGES.landingTextContrast, function (value) {
    const problem = value ? landingColorsProblem(value) : null;
    return problem ? this.createError({ message: problem }) : true;
  });

export const qrColorsSchema = yup
  .object({
    dark: hexColor().required(QR_MESSAGES.color),
    light: hexColor().required(QR_MESSAGES.color),
  })
  .default(undefined);

/** The code's centre logo: an uploaded image and a width the code still scans with. */
export const qrLogoSchema = yup
  .object({
    url: imagePath().required(QR_MESSAGES.image),
    size: yup
      .number()
      .strict()
      .typeError(QR_LOGO_SIZE_MESSAGE)
      .required(QR_LOGO_SIZE_MESSAGE)
      .test('scans', QR_LOGO_SIZE_MESSAGE, (v) => v === undefined || qrLogoProblem(v) === null),
  })
  .noUnknown()
  .default(undefined);

/** POST /api/qr-codes. A landing code's url is the landing page; its target is the redirect. */
export const createQrCodeRequest = yup.object({
  title: text(QR_MESSAGES.title).required(QR_MESSAGES.title).max(QR_TITLE_MAX_LENGTH),
  description: description(),
  linkType: text(QR_MESSAGES.linkType)
    .oneOf(['landing', 'direct'] as const, QR_MESSAGES.linkType)
    .required(QR_MESSAGES.linkType),
  url: httpUrl(QR_MESSAGES.url).when('linkType', {
    is: 'direct',
    // biome-ignore lint/suspicious/noThenProperty: yup's conditional schema vocabulary.
    then: (s) => s.required(QR_MESSAGES.url),
    otherwise: (s) => s.transform((v: string | undefined) => v || undefined).optional(),
  }),
  // A JSON boolean only: "false" and 0 are refused, not read as false (update is strict too).
  trackingEnabled: yup
    .boolean()
    .transform((value: unknown, original: unknown) => (typeof original === 'boolean' ? value : original))
    .default(true),
  landingPage: landingPageSettingsSchema.optional(),
  colors: qrColorsSchema.optional().test('contrast', QR_MESSAGES.contrast, function (value) {
    const problem = value ? qrColorsProblem(value as { dark: string; light: string }) : null;
    return problem ? this.createError({ message: problem }) : true;
  }),
  logo: qrLogoSchema.optional(),
});
export type CreateQrCodeRequest = yup.InferType<typeof createQrCodeRequest>;

/** PUT /api/qr-codes/{id}: any of the editable fields (the encoded address never changes). */
export const updateQrCodeRequest = yup.object({
  title: text(QR_MESSAGES.title).min(1, QR_MESSAGES.title).max(QR_TITLE_MAX_LENGTH).optional(),
  description: description(),
  url: httpUrl(QR_MESSAGES.url).optional(),
  trackingEnabled: yup.boolean().strict().optional(),
  landingPage: landingPageSettingsSchema.optional(),
  colors: qrColorsSchema.optional().test('contrast', QR_MESSAGES.contrast, function (value) {
    const problem = value ? qrColorsProblem(value as { dark: string; light: string }) : null;
    return problem ? this.createError({ message: problem }) : true;
  }),
  /** null removes the logo. */
  logo: qrLogoSchema.nullable().optional(),
});
export type UpdateQrCodeRequest = yup.InferType<typeof updateQrCodeRequest>;

/** POST /api/qr-codes/bulk: the CSV's text as uploaded (each row is checked by the server, by number). */
export const bulkQrCodesRequest = yup.object({
  csv: text('Please choose a CSV file', { trim: false })
    .required('Please choose a CSV file')
    .max(QR_BULK_MAX_CSV_CHARS, 'The CSV is too large: at most 200 rows'),
});

/** POST /api/qr-landing/{id}: a scan beacon or a signup (docs/product/creation-tools-qr.md (API)). */
export const qrLandingPostRequest = yup.object({
  source: text()
    .oneOf(['scan', 'signup'] as const)
    .required(),
  email: text(QR_MESSAGES.email)
    .max(EMAIL_MAX_LENGTH, QR_MESSAGES.email)
    .when('source', {
      is: 'signup',
      // biome-ignore lint/suspicious/noThenProperty: yup's conditional schema vocabulary.
      then: (s) => s.required(QR_MESSAGES.emailRequired).matches(EMAIL_PATTERN, QR_MESSAGES.email),
      otherwise: (s) => s.optional(),
    }),
  name: text().max(NAME_MAX_LENGTH).optional(),
  /** Proof of a page load: the scan beacon's token, or the signup form's. */
  token: text().max(100).optional(),
  /** The honeypot: a field people never see, so only a bot fills it. */
  [QR_HONEYPOT_FIELD]: text().max(500).optional(),
});

/**
 * POST /qr-signup: the landing form sent by a browser without JavaScript (form-encoded), with the
 * code's id and the page's token as hidden fields.
 */
export const qrLandingFormRequest = yup.object({
  qrId: text().required(),
  email: text(QR_MESSAGES.email)
    .required(QR_MESSAGES.emailRequired)
    .max(EMAIL_MAX_LENGTH, QR_MESSAGES.email)
    .matches(EMAIL_PATTERN, QR_MESSAGES.email),
  name: text().max(NAME_MAX_LENGTH).optional(),
  token: text().max(100).optional(),
  [QR_HONEYPOT_FIELD]: text().max(500).optional(),
});

/** POST /api/qr-uploads: a logo or hero image as a data URL, re-encoded by the server. */
export const qrUploadRequest = yup.object({
  kind: text()
    .oneOf(['logo', 'hero'] as const)
    .required(),
  dataUrl: text(QR_MESSAGES.uploadType).required(QR_MESSAGES.uploadType),
});
