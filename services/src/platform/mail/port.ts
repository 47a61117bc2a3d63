/** One message the product mails: always both a plain-text and an HTML body. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The message's Message-ID without the angle brackets, made from what caused it: a message sent
   * again after a crash carries the same one, so a mailbox can tell it is a copy.
   */
  messageId: string;
}

/** Where mail goes: an SMTP server, or (embedded default) an outbox folder. */
export interface MailSender {
  /** For the start-up log line: where the messages go. */
  readonly destination: string;
  /** Resolves once the server (or the folder) has the message; rejects so the caller tries again. */
  send(message: MailMessage): Promise<void>;
}
