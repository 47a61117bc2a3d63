import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { type ReceivedMail, readMail } from './mail';

/** A message as the SMTP server received it: the envelope, who signed in, and the message read. */
export interface Delivery extends ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  user?: string;
}

/**
 * A real SMTP server on loopback (smtp-server) that keeps what it receives: the mail tests'
 * mailbox. It asks for a user and password (plain AUTH, allowed without TLS on loopback), so an
 * SMTP_URL's credentials are proven to be sent.
 */
export async function startSmtpServer(
  options: { user: string; password: string; port?: number } = { user: 'mailer', password: 'secret' },
): Promise<{ port: number; received: Delivery[]; stop(): Promise<void> }> {
  const received: Delivery[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.password) {
        callback(null, { user: auth.username });
      } else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mailFrom = session.envelope.mailFrom;
        received.push({
          ...readMail(Buffer.concat(chunks).toString('utf8')),
          envelopeFrom: mailFrom ? mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          ...(typeof session.user === 'string' ? { user: session.user } : {}),
        });
        callback();
      });
    },
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
