import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { accountStream } from '@studio/events';
import { OPERATOR } from '../account/admin-rights';
import { accountDecider } from '../account/decider';
import { newLink } from '../account/links';
import { changeAdminRights } from '../admin/grant-admin';
import type { Embedded } from '../main/embedded';
import type { CommandHandler } from '../platform/command-handler';
import { eventually } from './helpers';

/** A mailed message as a reader sees it (tests only): headers decoded, both bodies as text. */
export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  messageId: string;
  text: string;
  html: string;
  /** The message's own bytes. */
  raw: string;
}

const unfold = (headers: string) => headers.replace(/\r?\n[ \t]+/g, ' ');

function headerOf(headers: string, name: string): string {
  const line = unfold(headers)
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return decodeWords(line ? line.slice(name.length + 1).trim() : '');
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), as nodemailer writes non-ASCII headers. */
function decodeWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g,
    (_all, _charset, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_all, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeBody(headers: string, body: string): string {
  const encoding = headerOf(headers, 'Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

const split = (part: string) => {
  const at = part.search(/\r?\n\r?\n/);
  return at < 0
    ? { headers: part, body: '' }
    : { headers: part.slice(0, at), body: part.slice(at).replace(/^\r?\n\r?\n/, '') };
};

/** Reads a message as nodemailer composes it: one part, or multipart/alternative text + HTML. */
export function readMail(raw: string): ReceivedMail {
  // SMTP speaks CRLF, the outbox LF: read both as LF.
  const { headers, body } = split(raw.replace(/\r\n/g, '\n'));
  const type = headerOf(headers, 'Content-Type');
  const parts: Array<{ type: string; content: string }> = [];
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      // The line break before the next boundary belongs to that boundary, not to the part.
      const part = split(chunk.replace(/^\n/, '').replace(/\n$/, ''));
      parts.push({
        type: headerOf(part.headers, 'Content-Type'),
        content: decodeBody(part.headers, part.body),
      });
    }
  } else {
    parts.push({ type, content: decodeBody(headers, body) });
  }
  return {
    to: headerOf(headers, 'To'),
    from: headerOf(headers, 'From'),
    subject: headerOf(headers, 'Subject'),
    messageId: headerOf(headers, 'Message-ID'),
    text: parts.find((p) => p.type.startsWith('text/plain'))?.content ?? '',
    html: parts.find((p) => p.type.startsWith('text/html'))?.content ?? '',
    raw,
  };
}

/** Every message written to an outbox folder so far, oldest first. */
export function outboxMail(dir: string): ReceivedMail[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return names.sort().map((name) => readMail(readFileSync(path.join(dir, name), 'utf8')));
}

/** The outbox of an embedded server started without SMTP_URL. */
export function outboxOf(server: Embedded): string {
  const { mail } = server.platform.config;
  if (mail.kind !== 'outbox') throw new Error('This server sends mail by SMTP, not to an outbox');
  return mail.dir;
}

/** The link token a message carries (`…#token=…`). */
export function tokenIn(mail: ReceivedMail): string {
  const token = /#token=([A-Za-z0-9_.-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`No link in "${mail.subject}"`);
  return token;
}

/** Waits until `count` messages to `to` whose subject matches have arrived; answers them, oldest first. */
export function mailTo(
  messages: () => ReceivedMail[],
  to: string,
  subject: RegExp,
  count = 1,
): Promise<ReceivedMail[]> {
  return eventually(async () => {
    const found = messages().filter((m) => m.to === to && subject.test(m.subject));
    return found.length >= count ? found : undefined;
  });
}

/** Verifies an address the way its owner does: the link of the verification mail, opened. */
export async function verifyThroughMail(server: Embedded, email: string): Promise<void> {
  const [mail] = await mailTo(() => outboxMail(outboxOf(server)), email, /^Verify your email/);
  const res = await fetch(`${server.url}/api/email/verify`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token: tokenIn(mail!) }),
  });
  if (res.status !== 200) throw new Error(`verification answered ${res.status}: ${await res.text()}`);
}

/**
 * For servers that run no mailer (no reactors): the account's owner verifies as if the mailed link
 * had been opened, through the account's own commands.
 */
export async function verifyWithoutMail(commands: CommandHandler, userId: string): Promise<void> {
  const link = newLink(userId);
  const at = new Date().toISOString();
  const context = { at, correlationId: 'test', causationId: 'test', userId };
  const expiresAt = new Date(Date.now() + 3600_000).toISOString();
  await commands.handle(
    accountStream(userId),
    accountDecider,
    { type: 'IssueEmailVerification', tokenHash: link.tokenHash, expiresAt },
    context,
  );
  await commands.handle(
    accountStream(userId),
    accountDecider,
    { type: 'VerifyEmail', tokenHash: link.tokenHash, at },
    context,
  );
}

/** An admin as the operator makes one: the address verified through its mail, then granted by the operator. */
export async function grantedAdmin(server: Embedded, email: string): Promise<void> {
  await verifyThroughMail(server, email);
  await changeAdminRights(server.platform.commands, {
    email,
    grant: true,
    by: OPERATOR,
    at: new Date().toISOString(),
  });
}
