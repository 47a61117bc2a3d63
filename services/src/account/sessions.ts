import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../platform/clock';
import type { Doc, ReadStore } from '../platform/readstore/port';

/**
 * Server-side sessions in the read store. The cookie holds a random token; the store keeps
 * only its hash, so a leaked database cannot be replayed as cookies.
 */
export const SESSIONS = 'sessions';
export const SESSION_COOKIE = 'sid';

interface SessionDoc extends Doc {
  userId: string;
  createdAt: string;
  expiresAt: string;
}

/** A signed-in session as the routes see it: `id` is the stored hash, never the cookie's token. */
export interface Session {
  id: string;
  userId: string;
  expiresAt: Date;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Sessions looked up per query when checking which are still open (a bound on its parameters). */
const OPEN_AMONG_PAGE = 500;

export class SessionStore {
  /** Told of every session this process ends, so what it opened (a progress stream) ends too. */
  private readonly ended = new Set<(sessionId: string) => void>();

  constructor(
    private readonly readStore: ReadStore,
    private readonly ttlMs: number,
  ) {}

  /** A new session (a new id at every login, so a planted cookie is worthless). */
  async create(userId: string, now: Date): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + this.ttlMs);
    await this.readStore.collection<SessionDoc>(SESSIONS).put({
      _id: hashToken(token),
      userId,
      createdAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
    });
    return { token, expiresAt };
  }

  /** The session of a cookie's token, if it exists and has not expired (an expired one is deleted). */
  async find(token: string | undefined, now: Date): Promise<Session | undefined> {
    if (!token || token.length > 100) return undefined;
    const sessions = this.readStore.collection<SessionDoc>(SESSIONS);
    const session = await sessions.get(hashToken(token));
    if (!session) return undefined;
    if (session.expiresAt <= now.toISOString()) {
      await this.end(session._id);
      return undefined;
    }
    return { id: session._id, userId: session.userId, expiresAt: new Date(session.expiresAt) };
  }

  async userIdFor(token: string | undefined, now: Date): Promise<string | undefined> {
    return (await this.find(token, now))?.userId;
  }

  async destroy(token: string | undefined): Promise<void> {
    if (token) await this.end(hashToken(token));
  }

  /** Calls `listener` with the id of every session this store ends; returns the unsubscribe. */
  onEnded(listener: (sessionId: string) => void): () => void {
    this.ended.add(listener);
    return () => {
      this.ended.delete(listener);
    };
  }

  /**
   * The sessions among `ids` that still exist and have not expired at `now`: one that is missing
   * was ended by another process (a sign-out there) or swept.
   */
  async openAmong(ids: readonly string[], now: Date): Promise<Set<string>> {
    const open = new Set<string>();
    const sessions = this.readStore.collection<SessionDoc>(SESSIONS);
    for (let i = 0; i < ids.length; i += OPEN_AMONG_PAGE) {
      const page = ids.slice(i, i + OPEN_AMONG_PAGE);
      const found = await sessions.find({ _id: { $in: page }, expiresAt: { $gt: now.toISOString() } });
      for (const session of found) open.add(session._id);
    }
    return open;
  }

  private async end(id: string): Promise<void> {
    await this.readStore.collection(SESSIONS).delete(id);
    for (const listener of this.ended) listener(id);
  }

  /** Ends every session of the user, on every device (a password changed or reset). */
  async endAllFor(userId: string): Promise<void> {
    await this.readStore.apply([{ op: 'deleteMany', collection: SESSIONS, filter: { userId } }]);
  }

  /** Deletes every session expired at `now`; returns how many. */
  async sweepExpired(now: Date): Promise<number> {
    const filter = { expiresAt: { $lte: now.toISOString() } };
    const expired = await this.readStore.collection<SessionDoc>(SESSIONS).count(filter);
    if (expired > 0) await this.readStore.apply([{ op: 'deleteMany', collection: SESSIONS, filter }]);
    return expired;
  }
}

/** Every hour by default: expired sessions do not wait for their cookie to come back. */
export const SESSION_SWEEP_MS = 60 * 60 * 1000;

export function startSessionSweeper(
  sessions: SessionStore,
  clock: Clock,
  intervalMs = SESSION_SWEEP_MS,
  onError: (error: unknown) => void = () => {},
): { stop(): void } {
  const timer = setInterval(() => {
    sessions.sweepExpired(clock.now()).catch(onError);
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
