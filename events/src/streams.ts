/** Stream names: one place, so that a reader of the log knows what each prefix holds. */
export const accountStream = (userId: string) => `account-${userId}`;
export const generationStream = (generationId: string) => `generation-${generationId}`;
export const qrStream = (qrId: string) => `qr-${qrId}`;
/** A code's scans and signups: appended without reading, so the code's own stream stays small. */
export const qrActivityStream = (qrId: string) => `qractivity-${qrId}`;
/** An account's landing-image uploads: what its upload allowance counts. */
export const qrUploadsStream = (userId: string) => `qruploads-${userId}`;
/** An account's saved styles: one stream, so its limit is one decision. */
export const stylesStream = (userId: string) => `styles-${userId}`;
/**
 * The identity index: one stream per normalised email makes "email already registered" atomic.
 * Named by a hash of the address (computed by the server, as the newsletter's), which keeps
 * addresses out of stream names.
 */
export const emailStream = (emailKey: string) => `email-${emailKey}`;
/**
 * Logs written before the hash named the index by the address itself. Claims there stay where they
 * are (a log is not rewritten) and are read first; nothing new is claimed there.
 */
export const addressEmailStream = (email: string) => `email-${email.trim().toLowerCase()}`;

/**
 * One newsletter subscription per address: appended with `no-stream`, so a second subscription of
 * the same address is refused by the store. The id is a hash of the normalised address (computed
 * by the server), which keeps addresses out of stream names.
 */
export const newsletterStream = (emailHash: string) => `newsletter-${emailHash}`;

export type StreamCategory =
  | 'account'
  | 'generation'
  | 'qr'
  | 'qractivity'
  | 'qruploads'
  | 'styles'
  | 'email'
  | 'newsletter';

export function streamCategory(streamName: string): string {
  const dash = streamName.indexOf('-');
  return dash === -1 ? streamName : streamName.slice(0, dash);
}

export function streamId(streamName: string): string {
  const dash = streamName.indexOf('-');
  return dash === -1 ? '' : streamName.slice(dash + 1);
}
