import type { Event } from './envelope';

/**
 * A landing-page visitor asked for the newsletter. `email` is the normalised address
 * (trimmed, lower-cased); the stream is named after its hash, so the address is in the data only.
 */
export type NewsletterSubscribed = Event<'NewsletterSubscribed', { email: string }>;

export type NewsletterEvent = NewsletterSubscribed;
