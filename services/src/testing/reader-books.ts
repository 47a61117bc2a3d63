import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PlanId } from '@studio/events';
import sharp from 'sharp';
import request from 'supertest';
import type { Embedded } from '../main/embedded';
import { member } from './givens';
import { bytesBody, eventually } from './helpers';

/** What the books' reader-code tests share: a book's files over HTTP, and a printed code read back. */

const DPI = 300;

/** The page (1-based) of a PDF whose text holds `words`. */
function pageWith(pdf: string, words: string): number {
  const pages = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).split('\f');
  const index = pages.findIndex((text) => text.replace(/\s+/g, ' ').includes(words));
  if (index < 0) throw new Error(`No page holds "${words}"`);
  return index + 1;
}

/**
 * The tallest band of rows with ink on a rendered page (gaps under a module's height bridged):
 * on the reader page, the code. Its height and width in inches at DPI.
 */
async function tallestInk(png: string): Promise<{ width: number; height: number }> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const rows: Array<[number, number] | null> = [];
  for (let y = 0; y < info.height; y++) {
    let first = -1;
    let last = -1;
    for (let x = 0; x < info.width; x++)
      if ((data[y * info.width + x] as number) < 128) {
        if (first < 0) first = x;
        last = x;
      }
    rows.push(first < 0 ? null : [first, last]);
  }
  let best = { width: 0, height: 0 };
  let start = -1;
  let gap = 0;
  let left = Number.POSITIVE_INFINITY;
  let right = -1;
  for (let y = 0; y <= rows.length; y++) {
    const row = rows[y];
    if (row) {
      if (start < 0) start = y;
      gap = 0;
      left = Math.min(left, row[0]);
      right = Math.max(right, row[1]);
      continue;
    }
    if (start >= 0 && ++gap > 10) {
      const height = (y - gap - start + 1) / DPI;
      if (height > best.height) best = { width: (right - left + 1) / DPI, height };
      start = -1;
      left = Number.POSITIVE_INFINITY;
      right = -1;
    }
  }
  return best;
}

/** The reader page of an interior PDF: what zbarimg reads at DPI, the code's size, its text. */
export async function readerPage(pdfBytes: Buffer, heading: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'reader-qr-'));
  try {
    const pdf = path.join(dir, 'interior.pdf');
    writeFileSync(pdf, pdfBytes);
    const page = String(pageWith(pdf, heading));
    execFileSync('pdftoppm', [
      '-r',
      String(DPI),
      '-f',
      page,
      '-l',
      page,
      '-png',
      '-singlefile',
      pdf,
      path.join(dir, 'page'),
    ]);
    const png = path.join(dir, 'page.png');
    return {
      decoded: execFileSync('zbarimg', ['--quiet', '--raw', png], { encoding: 'utf8' }).trim(),
      ink: await tallestInk(png),
      text: execFileSync('pdftotext', ['-f', page, '-l', page, pdf, '-'], { encoding: 'utf8' }).replace(
        /\s+/g,
        ' ',
      ),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What zbarimg reads on a paperback cover PDF rendered at DPI ('' when it finds no code). */
export function coverCode(pdfBytes: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'reader-cover-'));
  try {
    const pdf = path.join(dir, 'cover.pdf');
    writeFileSync(pdf, pdfBytes);
    execFileSync('pdftoppm', ['-r', String(DPI), '-png', '-singlefile', pdf, path.join(dir, 'cover')]);
    try {
      return execFileSync('zbarimg', ['--quiet', '--raw', path.join(dir, 'cover.png')], {
        encoding: 'utf8',
      }).trim();
    } catch {
      return ''; // zbarimg exits 4 when the picture has no code
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const BEEKEEPING = {
  title: 'Urban Beekeeping',
  description: 'Keeping healthy bees on a city rooftop, from the first hive to the first honey',
  numChapters: 3,
  includeIntroduction: 'yes',
};

/** A Gen 2.0 book asked for over HTTP (202 expected), three chapters on bees unless `book` says; its id. */
export async function submitGen2(
  agent: request.Agent,
  userId: string,
  book: Record<string, unknown> = BEEKEEPING,
): Promise<string> {
  const submitted = await agent.post('/api/non-fiction-gen2/submit').send({ userId, ...book });
  expect(submitted.status).toBe(202);
  return submitted.body.bookId as string;
}

/** A v1 non-fiction book asked for over HTTP (202 expected); its book id. */
export async function submitNonFiction(
  agent: request.Agent,
  userId: string,
  book: { Title: string; Description: string },
): Promise<string> {
  const submitted = await agent.post('/api/submit-non-fiction-form').send({ ...book, User: [userId] });
  expect(submitted.status).toBe(202);
  return submitted.body.bookId as string;
}

export interface KidsStory {
  description: string;
  name: string;
  gender: 'boy' | 'girl';
}
const PIP: KidsStory = {
  description: 'Pip the puppy learns to swim at the seaside',
  name: 'Pip',
  gender: 'boy',
};

/** The kids-book form for `userId` telling `story` (Pip's by default); a photo is the caller's to attach. */
export const kidsBookForm = (agent: request.Agent, userId: string, story: KidsStory = PIP) =>
  agent
    .post('/api/generate-kids-book')
    .field('storyDescription', story.description)
    .field('characterName', story.name)
    .field('characterGender', story.gender)
    .field('userId', userId);

/** A kids book about Pip the puppy asked for over HTTP (202 expected); its book id. */
export async function submitKidsBook(agent: request.Agent, userId: string): Promise<string> {
  const submitted = await kidsBookForm(agent, userId);
  expect(submitted.status).toBe(202);
  return submitted.body.bookId as string;
}

export const downloadFile = async (agent: request.Agent, url: string) => {
  const res = await agent.get(url).buffer(true).parse(bytesBody);
  expect(res.status).toBe(200);
  return res.body as Buffer;
};
export type ListedBook = Record<
  'status' | 'finalBookFile' | 'shareLink' | 'epubFile' | 'coverFile',
  string
> & {
  hasReaders?: boolean;
};
export const listedBook = (
  agent: request.Agent,
  userId: string,
  id: string,
  until: (b: ListedBook) => boolean,
  timeoutMs = 120_000,
) =>
  eventually(async () => {
    const list = await agent.get(`/api/airtable/books/${userId}`);
    const found = list.body.find((b: { id: string }) => b.id === id);
    if (found?.status === 'ERROR' || found?.rebuildError)
      throw new Error(`The book failed: ${found.error ?? found.rebuildError}`);
    return found && until(found) ? (found as ListedBook) : undefined;
  }, timeoutMs);

/** A phone's browser (a headless one is a bot to the scan counter). */
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/**
 * A reader's phone on a network address: scans a code's address (following its redirect to the
 * landing page, which counts it) and signs up from that page with the page's token.
 */
export function readerPhone(serverUrl: string, address: string) {
  const agent = request.agent(serverUrl);
  let page = '';
  const token = () => /name="token" value="([^"]+)"/.exec(page)?.[1];
  return {
    agent,
    async scan(url: string) {
      const short = await agent
        .get(new URL(url).pathname)
        .set('User-Agent', PHONE)
        .set('X-Forwarded-For', address)
        .redirects(0);
      expect(short.status).toBe(302);
      const landing = await agent
        .get(String(short.headers.location))
        .set('User-Agent', PHONE)
        .set('X-Forwarded-For', address);
      expect(landing.status).toBe(200);
      page = landing.text;
      return String(short.headers.location);
    },
    signUp(qrId: string, email: string, name = '') {
      return agent
        .post(`/api/qr-landing/${qrId}`)
        .set('User-Agent', PHONE)
        .set('X-Forwarded-For', address)
        .set('Origin', serverUrl)
        .send({ source: 'signup', email, name, token: token() });
    },
    /** The same signup as the page's plain form sends it, without JavaScript. */
    signUpWithoutScript(qrId: string, email: string) {
      return agent
        .post('/qr-signup')
        .type('form')
        .set('User-Agent', PHONE)
        .set('X-Forwarded-For', address)
        .send({ qrId, email, token: token() });
    },
  };
}

/** A member on `plan` whose v1 non-fiction `book` is Done: the member, the book's id and its row in My Books. */
export async function finishedNonFiction(
  server: Embedded,
  email: string,
  book: { Title: string; Description: string },
  plan: PlanId = 'standard',
) {
  const { agent, userId } = await member(server, email, { plan });
  const id = await submitNonFiction(agent, userId, book);
  const built = await listedBook(agent, userId, id, (b) => b.status === 'Done');
  return { agent, userId, id, built };
}
