import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { capturingLogger } from '../../testing/helpers';
import { outboxMail } from '../../testing/mail';
import { startSmtpServer } from '../../testing/smtp-server.fixture';
import { loadConfig } from '../config';
import { openMailSender } from './open-mail';
import type { MailMessage } from './port';

const message: MailMessage = {
  to: 'reader@example.com',
  subject: 'Your receipt: Basic plan, $29.99',
  text: 'Hello Zoë,\n\nThank you.',
  html: '<p>Hello Zoë,</p><p>Thank you.</p>',
  messageId: 'evt-1@studio.example',
};

describe('mail through a real SMTP server (SMTP_URL)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer({ user: 'mailer', password: 's3cret' });
  });
  afterAll(() => smtp.stop());

  it('delivers text and HTML from MAIL_FROM, signed in with the URL credentials, with the given Message-ID', async () => {
    const config = loadConfig(
      {
        SMTP_URL: `smtp://mailer:s3cret@127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'Studio <no-reply@studio.example>',
      },
      { embedded: true },
    );
    const { logger, lines } = capturingLogger();
    const sender = openMailSender(config, logger);
    await sender.send(message);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({
      user: 'mailer',
      envelopeFrom: 'no-reply@studio.example',
      envelopeTo: ['reader@example.com'],
      from: 'Studio <no-reply@studio.example>',
      to: 'reader@example.com',
      subject: message.subject,
      messageId: '<evt-1@studio.example>',
      text: message.text,
      html: message.html,
    });
    expect(lines.map((l) => l.msg)).toContain(
      `mail: sending through the SMTP server at 127.0.0.1:${smtp.port}`,
    );
  });

  it('fails the send (for the mailer to try again) when the server refuses the credentials', async () => {
    const config = loadConfig({ SMTP_URL: `smtp://mailer:wrong@127.0.0.1:${smtp.port}` }, { embedded: true });
    const before = smtp.received.length;
    await expect(openMailSender(config, capturingLogger().logger).send(message)).rejects.toThrow();
    expect(smtp.received).toHaveLength(before);
  });
});

describe('mail without SMTP_URL: the outbox folder', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-outbox-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('says so at start-up and writes every message, whole, to DATA_DIR/outbox', async () => {
    const config = loadConfig({ DATA_DIR: dataDir }, { embedded: true });
    const outbox = path.join(dataDir, 'outbox');
    expect(config.mail).toEqual({ kind: 'outbox', dir: outbox });
    const { logger, lines } = capturingLogger();
    const sender = openMailSender(config, logger);
    expect(lines).toContainEqual(
      expect.objectContaining({
        outbox,
        msg: 'mail: SMTP_URL is not set, so no mail is sent: every message is written to the outbox folder instead',
      }),
    );
    await sender.send(message);
    await sender.send({ ...message, messageId: 'evt-2@studio.example', subject: 'Second' });
    expect(readdirSync(outbox).filter((name) => !name.endsWith('.eml'))).toEqual([]);
    const written = outboxMail(outbox);
    expect(written.map((m) => [m.subject, m.messageId])).toEqual([
      [message.subject, '<evt-1@studio.example>'],
      ['Second', '<evt-2@studio.example>'],
    ]);
    expect(written[0]).toMatchObject({
      from: 'AI Book Studio <no-reply@aibookstudio.example>',
      to: 'reader@example.com',
      text: message.text,
      html: message.html,
    });
  });
});
