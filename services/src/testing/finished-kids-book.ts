import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { type Embedded, startEmbedded } from '../main/embedded';
import type { FakeOpenAi } from './fake-openai.fixture';
import { type Member, member, PASSWORD } from './givens';
import { eventually, tempDataDir } from './helpers';
import { listedBook, submitKidsBook } from './reader-books';
import { withFakeOpenAi } from './test-runtime';

/**
 * A finished kids book as a suite's given, drawn once per jest run: the first suite that asks
 * starts an embedded server, has a member (premium plan and 300 credits) ask for the book with the
 * offline provider, waits until it is done and stops the server; that server's data folder
 * (SQLite files and blobs) is the template. Every suite then starts its own server on its own copy
 * of the folder, so no suite sees another's writes, and signs the owner in again.
 *
 * The template lives in the run's fixture folder (STUDIO_TEST_FIXTURES, made by the integration
 * project's global setup): a folder made with mkdir is the lock, so one worker draws while the
 * others wait for its `book.json`. Without that variable (a jest run outside the project) each
 * suite draws its own.
 */

export interface KidsBookOwner extends Member {
  /** The finished kids book's id. */
  id: string;
  /** Its interior PDF as My Books lists it. */
  pdf: string;
}

interface Template {
  dir: string;
  book: { email: string; userId: string; id: string };
}

const OWNER_EMAIL = 'kids-book-owner@example.com';
const serverEnv = (dataDir: string) => ({
  DATA_DIR: dataDir,
  PORT: '0',
  LOG_LEVEL: 'silent',
  AUTH_RATE_LIMIT: '1000',
});

/** Draws the book in `dataDir` and stops the server that drew it. */
async function drawInto(dataDir: string): Promise<Template['book']> {
  const server = await startEmbedded(serverEnv(dataDir));
  try {
    const { agent, userId } = await member(server, OWNER_EMAIL, { plan: 'premium', credits: 300 });
    const id = await submitKidsBook(agent, userId);
    await listedBook(agent, userId, id, (b) => b.status === 'Done' && Boolean(b.finalBookFile), 240_000);
    return { email: OWNER_EMAIL, userId, id };
  } finally {
    await server.stop();
  }
}

/** The template's folder and book; drawn straight into `own` when the run shares no fixtures. */
async function template(own: string): Promise<Template> {
  const shared = process.env.STUDIO_TEST_FIXTURES;
  if (!shared) return { dir: own, book: await drawInto(own) };
  const dir = path.join(shared, 'kids-book');
  const ready = path.join(dir, 'book.json');
  const failed = path.join(shared, 'kids-book.failed');
  const read = (): Template => ({ dir, book: JSON.parse(readFileSync(ready, 'utf8')) });
  try {
    mkdirSync(path.join(shared, 'kids-book.lock'));
  } catch {
    // Another suite draws it: wait for its book (or its failure).
    return eventually(async () => {
      if (existsSync(failed)) throw new Error(`The shared kids book failed: ${readFileSync(failed, 'utf8')}`);
      return existsSync(ready) && read();
    }, 300_000);
  }
  const building = path.join(shared, 'kids-book.building');
  try {
    const book = await drawInto(building);
    writeFileSync(path.join(building, 'book.json'), JSON.stringify(book));
    renameSync(building, dir);
    return read();
  } catch (error) {
    writeFileSync(failed, String(error));
    throw error;
  }
}

/**
 * An embedded server for the enclosing describe block started on a copy of the finished kids
 * book's data folder (`env` adds to its settings), and the book's owner signed in on it.
 */
export function useServerWithFinishedKidsBook(env: () => Record<string, string> = () => ({})): {
  server: () => Embedded;
  owner: () => KidsBookOwner;
} {
  let embedded: Embedded | undefined;
  let signedIn: KidsBookOwner | undefined;
  const tmp = tempDataDir();
  beforeAll(async () => {
    const { dir, book } = await template(tmp.dir);
    if (dir !== tmp.dir) cpSync(dir, tmp.dir, { recursive: true });
    embedded = await startEmbedded({ ...serverEnv(tmp.dir), ...env() });
    const agent = request.agent(embedded.url);
    const res = await agent.post('/api/login').send({ email: book.email, password: PASSWORD });
    if (res.status !== 200) throw new Error(`login ${book.email}: ${res.status} ${res.text}`);
    const cookie = String(res.headers['set-cookie']?.[0] ?? '').split(';')[0] as string;
    const listed = await listedBook(agent, book.userId, book.id, (b) => b.status === 'Done');
    signedIn = {
      agent,
      userId: book.userId,
      email: book.email,
      cookie,
      id: book.id,
      pdf: listed.finalBookFile,
    };
  }, 400_000);
  afterAll(async () => {
    await embedded?.stop();
    tmp.remove();
  });
  return {
    server: () => {
      if (!embedded) throw new Error('The embedded server has not started');
      return embedded;
    },
    owner: () => {
      if (!signedIn) throw new Error('The kids book owner has not signed in');
      return signedIn;
    },
  };
}

/**
 * `useServerWithFinishedKidsBook` with its AI provider pointed at a fake OpenAI server started for
 * the same describe block (the book itself was drawn offline; the fake stops after the server).
 */
export function useFinishedKidsBookWithFakeOpenAi(): {
  server: () => Embedded;
  owner: () => KidsBookOwner;
  fake: () => FakeOpenAi;
} {
  return withFakeOpenAi((providerEnv) => useServerWithFinishedKidsBook(providerEnv));
}
