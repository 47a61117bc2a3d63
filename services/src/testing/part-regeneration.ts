// What the suites of one part written or drawn again (a chapter, a picture, a page's text, a
// listing's field) read the same way: the part once it has settled, the request that asks for it,
// and the charges and events it left.
import { accountStream, generationStream } from '@studio/events';
import type request from 'supertest';
import type { Platform } from '../platform/module';
import { eventually } from './helpers';

/** One part from `parts` (the book's or listing's list, read again on every try) once `until` holds. */
export const partWhen = <P extends { part: string }>(
  parts: () => Promise<P[]>,
  part: string,
  until: (p: P) => boolean,
  timeoutMs = 60_000,
) =>
  eventually(async () => {
    const found = (await parts()).find((p) => p.part === part);
    return found && until(found) ? found : undefined;
  }, timeoutMs);

/** A regeneration of `part` under `partsPath` (`/api/books/:id/parts`), with its Idempotency-Key. */
export const regenerator =
  (agent: request.Agent, partsPath: string) =>
  (part: string, body: unknown, key = 'k') =>
    agent
      .post(`${partsPath}/${part}/regenerate`)
      .set('Idempotency-Key', key)
      .send(body as object);

/** The member's credits as the account API shows them. */
export const credits = async (agent: request.Agent) => (await agent.get('/api/user')).body.credits as number;

/** The debits the account's log holds for one book (or listing). */
export const bookDebits = async (platform: Pick<Platform, 'eventStore'>, userId: string, bookId: string) =>
  (await platform.eventStore.readStream(accountStream(userId))).filter(
    (e) => e.type === 'CreditsDebited' && (e.data as { bookId?: string }).bookId === bookId,
  );

/** The book's events of a part asked for again (those of its first writing left out). */
export const regenerationEvents = async (platform: Pick<Platform, 'eventStore'>, id: string) =>
  (await platform.eventStore.readStream(generationStream(id)))
    .map((e) => e.type)
    .filter((t) => t.startsWith('GenerationPart') && t !== 'GenerationPartRecorded');

type Regenerate = ReturnType<typeof regenerator>;

/**
 * Notes that change nothing: one with a control character, one over 500 characters, one with a
 * direction override, one not text, and any `more`, each a 400 naming the instruction; one the
 * moderation's word list stops, a 422.
 */
export async function expectNotesRefused(
  regenerate: Regenerate,
  part: string,
  more: unknown[] = [],
): Promise<void> {
  for (const instruction of ['a\u0000note', 'x'.repeat(501), 'a\u202Eb', 42, ...more]) {
    const res = await regenerate(part, { instruction });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/instruction/i);
  }
  expect((await regenerate(part, { instruction: 'draw them naked' })).status).toBe(422);
}

interface Settled {
  versions: unknown[];
  regeneration?: { status: string; reason?: string };
}

/**
 * A regeneration the provider refused: accepted (202), then failed with no new version, and the
 * member's credits back at `charged`. `part` waits for the part until its check holds.
 */
export async function expectRefunded<P extends Settled>(
  agent: request.Agent,
  asked: PromiseLike<request.Response>,
  part: (until: (p: P) => boolean) => Promise<P>,
  charged: number,
): Promise<void> {
  expect((await asked).status).toBe(202);
  const failed = await part((p) => p.regeneration?.status === 'failed');
  expect(failed.versions).toHaveLength(1);
  expect(failed.regeneration?.reason).toMatch(/refunded/);
  await eventually(async () => (await credits(agent)) === charged);
}

/**
 * The book's (or listing's) and the account's events and the member's credits as they are now;
 * the check it returns expects them unchanged (requests refused append nothing, charge nothing).
 */
export async function unchangedCheck(
  platform: Pick<Platform, 'eventStore'>,
  agent: request.Agent,
  userId: string,
  id: string,
): Promise<() => Promise<void>> {
  const types = async (stream: string) => (await platform.eventStore.readStream(stream)).map((e) => e.type);
  const book = await types(generationStream(id));
  const account = await types(accountStream(userId));
  const before = await credits(agent);
  return async () => {
    expect(await types(generationStream(id))).toEqual(book);
    expect(await types(accountStream(userId))).toEqual(account);
    expect(await credits(agent)).toBe(before);
  };
}
