import { createHash } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import type { Config } from '../config';
import type { Logger } from '../logging';
import type { MailMessage, MailSender } from './port';

/**
 * A server that stops answering must not hold the mailer for minutes (nodemailer's defaults):
 * the send fails, and the mailer tries again with its own backoff.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * The sender the configuration names: SMTP_URL's server, or else the outbox folder in DATA_DIR,
 * where every message is written as a complete `.eml` file (what the server would have received)
 * instead of being sent. Either way nodemailer composes the message, so both carry the same bytes.
 */
export function openMailSender(config: Pick<Config, 'mail' | 'mailFrom'>, logger: Logger): MailSender {
  const { mail, mailFrom } = config;
  const headers = (message: MailMessage) => ({
    from: mailFrom,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: `<${message.messageId}>`,
  });
  if (mail.kind === 'smtp') {
    const transport = createTransport({ url: mail.url, ...SMTP_TIMEOUTS });
    const destination = `the SMTP server at ${new URL(mail.url).host}`;
    logger.info({ smtp: new URL(mail.url).host }, `mail: sending through ${destination}`);
    return {
      destination,
      async send(message) {
        await transport.sendMail(headers(message));
      },
    };
  }
  const compose = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  logger.info(
    { outbox: mail.dir },
    'mail: SMTP_URL is not set, so no mail is sent: every message is written to the outbox folder instead',
  );
  return {
    destination: `the outbox folder ${mail.dir}`,
    async send(message) {
      const { message: bytes } = await compose.sendMail(headers(message));
      await mkdir(mail.dir, { recursive: true });
      const name = outboxFileName(new Date(), message.messageId);
      // Written aside, then renamed: a reader never sees half a message.
      const partial = path.join(mail.dir, `.${name}.partial`);
      await writeFile(partial, bytes as Buffer);
      await rename(partial, path.join(mail.dir, name));
    },
  };
}

/** Names sort by the time they were written; the hash tells messages of one instant apart. */
function outboxFileName(at: Date, messageId: string): string {
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  return `${stamp}-${createHash('sha256').update(messageId).digest('hex').slice(0, 16)}.eml`;
}
