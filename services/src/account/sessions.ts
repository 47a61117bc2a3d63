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

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export class SessionStore {
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

  async userIdFor(token: string | undefined, now: Date): Promise<string | undefined> {
    if (!token || token.length > 100) return undefined;
    const sessions = this.readStore.collection<SessionDoc>(SESSIONS);
    const session = await sessions.get(hashToken(token));
    if (!session) return undefined;
    if (session.expiresAt <= now.toISOString()) {
      await sessions.delete(session._id);
      return undefined;
    }
    return session.userId;
  }

  async destroy(token: string | undefined): Promise<void> {
    if (token) await this.readStore.collection(SESSIONS).delete(hashToken(token));
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
