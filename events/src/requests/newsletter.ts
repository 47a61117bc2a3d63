// The landing page's newsletter box: the form and POST /api/newsletter share this schema.
import * as yup from 'yup';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, NEWSLETTER_MESSAGES } from './rules';
import { lowerCase, text } from './text';

const M = NEWSLETTER_MESSAGES;

/** POST /api/newsletter: the address, trimmed and lower-cased (one subscription per address). */
export const newsletterRequest = yup.object({
  email: text(M.email)
    .transform(lowerCase)
    .required(M.emailRequired)
    .max(EMAIL_MAX_LENGTH, M.email)
    .matches(EMAIL_PATTERN, M.email),
});
export type NewsletterRequest = yup.InferType<typeof newsletterRequest>;
