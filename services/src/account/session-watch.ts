import type { Clock } from '../platform/clock';
import type { SessionStore } from './sessions';

/**
 * Ends what a session keeps open (a progress stream) once the session ends: at once when this
 * process ends it (a sign-out, a new sign-in on the same browser), and within `checkMs` when another
 * process does, or the sweeper, found by one query for every watched session. Expiry itself is
 * the holder's to time (it knows `expiresAt`). Idle while nothing is watched.
 */
export class SessionWatch {
  private readonly watched = new Map<string, Set<() => void>>();
  private timer?: NodeJS.Timeout;
  private unlisten?: () => void;
  private checking = false;

  constructor(
    private readonly sessions: SessionStore,
    private readonly clock: Clock,
    private readonly checkMs: number,
  ) {}

  /** Calls `end` when the session ends; returns the unwatch (call it when the holder closes). */
  watch(sessionId: string, end: () => void): () => void {
    let ends = this.watched.get(sessionId);
    if (!ends) {
      ends = new Set();
      this.watched.set(sessionId, ends);
    }
    ends.add(end);
    if (!this.timer) this.start();
    const mine = ends;
    return () => {
      mine.delete(end);
      if (mine.size === 0 && this.watched.get(sessionId) === mine) this.watched.delete(sessionId);
      if (this.watched.size === 0) this.stop();
    };
  }

  private ended(sessionId: string): void {
    const ends = this.watched.get(sessionId);
    if (!ends) return;
    this.watched.delete(sessionId);
    for (const end of [...ends]) end();
  }

  private start(): void {
    this.unlisten = this.sessions.onEnded((sessionId) => this.ended(sessionId));
    this.timer = setInterval(() => void this.check(), this.checkMs);
    this.timer.unref();
  }

  private stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.unlisten?.();
    this.unlisten = undefined;
  }

  private async check(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      const ids = [...this.watched.keys()];
      const open = await this.sessions.openAmong(ids, this.clock.now());
      for (const id of ids) if (!open.has(id)) this.ended(id);
    } catch {
      // The read store is unreachable: nothing is known to have ended; the next check tries again.
    } finally {
      this.checking = false;
    }
  }
}
