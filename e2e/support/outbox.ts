// The mail the server under test wrote: without SMTP_URL every message lands as a `.eml` file in
// DATA_DIR/outbox (the folder playwright.config.ts gives the server), where a test reads its link.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

interface OutboxMail {
  to: string;
  subject: string;
  /** The message's bytes, quoted-printable undone: its links can be read as they were written. */
  body: string;
}

const outbox = () => path.join(process.env.STUDIO_E2E_DATA_DIR ?? '', 'outbox');

const unQuote = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_all, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

function readAll(): OutboxMail[] {
  let names: string[];
  try {
    names = readdirSync(outbox()).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return names.sort().map((name) => {
    const raw = readFileSync(path.join(outbox(), name), 'utf8');
    const header = (field: string) =>
      new RegExp(`^${field}: (.*)$`, 'mi').exec(raw.replace(/\r?\n[ \t]+/g, ' '))?.[1]?.trim() ?? '';
    return { to: header('To'), subject: header('Subject'), body: unQuote(raw) };
  });
}

/**
 * The path and fragment of the link in the `count`-th message to `to` whose subject matches (its
 * origin is the server's configured one; the test opens it on its own): `/reset-password#token=…`.
 */
export async function mailedLink(to: string, subject: RegExp, count = 1): Promise<string> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      () => {
        found = readAll().filter((mail) => mail.to === to && subject.test(mail.subject))[count - 1];
        return Boolean(found);
      },
      { message: `mail to ${to} matching ${subject}`, timeout: 15_000 },
    )
    .toBe(true);
  const link = /https?:\/\/[^/\s"]+(\/[a-z-]+#token=[A-Za-z0-9_.-]+)/.exec(found?.body ?? '')?.[1];
  if (!link) throw new Error(`No link in "${found?.subject}"`);
  return link;
}

/** How many messages to `to` there are now (to prove that none was sent, after a positive signal). */
export const mailCount = (to: string) => readAll().filter((mail) => mail.to === to).length;
