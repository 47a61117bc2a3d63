import type { ReadStore } from '../platform/readstore/port';
import { createSqliteReadStore } from '../platform/readstore/sqlite';
import { tempDataDir } from '../testing/helpers';
import { SESSIONS, SessionStore } from './sessions';

const TTL_MS = 60 * 60 * 1000;
const T0 = new Date('2026-11-22T10:00:00.000Z');
const later = (ms: number) => new Date(T0.getTime() + ms);

describe('session store', () => {
  let tmp: ReturnType<typeof tempDataDir>;
  let reads: ReadStore;
  let sessions: SessionStore;
  beforeEach(() => {
    tmp = tempDataDir();
    reads = createSqliteReadStore(`${tmp.dir}/read.db`);
    sessions = new SessionStore(reads, TTL_MS);
  });
  afterEach(async () => {
    await reads.close();
    tmp.remove();
  });

  it('knows the user of a fresh session until the last millisecond of its lifetime', async () => {
    const { token, expiresAt } = await sessions.create('recA', T0);
    expect(expiresAt).toEqual(later(TTL_MS));
    expect(await sessions.userIdFor(token, T0)).toBe('recA');
    expect(await sessions.userIdFor(token, later(TTL_MS - 1))).toBe('recA');
  });

  it('forgets an expired session and removes it from the store', async () => {
    const { token } = await sessions.create('recA', T0);
    expect(await sessions.userIdFor(token, later(TTL_MS))).toBeUndefined();
    expect(await reads.collection(SESSIONS).count()).toBe(0);
    // Even a clock that goes back does not revive it.
    expect(await sessions.userIdFor(token, T0)).toBeUndefined();
  });

  it('stores only a hash of the token, never the token itself', async () => {
    const { token } = await sessions.create('recA', T0);
    const stored = JSON.stringify(await reads.collection(SESSIONS).find());
    expect(stored).toContain('recA');
    expect(stored).not.toContain(token);
  });

  it('gives every session its own token, and a destroyed one is gone while the other lives on', async () => {
    const first = await sessions.create('recA', T0);
    const second = await sessions.create('recA', T0);
    expect(second.token).not.toBe(first.token);
    await sessions.destroy(first.token);
    expect(await sessions.userIdFor(first.token, T0)).toBeUndefined();
    expect(await sessions.userIdFor(second.token, T0)).toBe('recA');
  });

  it('answers no user for a missing, unknown or oversized token', async () => {
    await sessions.create('recA', T0);
    expect(await sessions.userIdFor(undefined, T0)).toBeUndefined();
    expect(await sessions.userIdFor('', T0)).toBeUndefined();
    expect(await sessions.userIdFor('not-a-token', T0)).toBeUndefined();
    expect(await sessions.userIdFor('x'.repeat(101), T0)).toBeUndefined();
    await expect(sessions.destroy(undefined)).resolves.toBeUndefined();
  });
});
