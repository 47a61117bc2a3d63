import type { RecordedEvent } from '@studio/events';
import type { EventStore, SubscriptionHandle } from '../platform/eventstore/port';

/** One open progress stream, as the hub sees it. */
export interface ProgressClient {
  /** Position of the last event this stream has looked at (its resume point). */
  position(): number;
  /** Stops the stream's deliveries; the caller ends the response. */
  leave(): void;
}

interface Member {
  userId: string;
  /** Everything up to here has been looked at, in log order: each event is sent once. */
  delivered: number;
  /** Events fanned out while the stream catches up (or waits for the hub to start); null once live. */
  backlog: RecordedEvent[] | null;
  send(event: RecordedEvent): void;
  keepAlive(): void;
  end(): void;
}

const CATCH_UP_PAGE = 500;

/**
 * One event-store subscription per process for every open progress stream: each event is handed
 * to the open streams of the user it belongs to, so an idle stream costs no polling of its own
 * (only the hub's one subscription and one keep-alive timer). Started with the first stream,
 * stopped with the last. A stream resuming from a recent position (at most `resumeWindow` events
 * behind the head) reads that stretch of the log itself, then joins the live fan-out without a gap
 * or a repeat. An older position (or one the log does not have) would make every reconnect read
 * the log from there, all of it for position 0: such a stream starts from now and is told to
 * refetch (`resync`) instead.
 */
export class ProgressHub {
  private readonly members = new Set<Member>();
  private readonly byUser = new Map<string, Set<Member>>();
  /** The last event fanned out. */
  private fannedOut = 0;
  private started?: Promise<void>;
  private stopping: Promise<void> = Promise.resolve();
  private subscription?: SubscriptionHandle;
  private unlisten?: () => void;
  private heartbeat?: NodeJS.Timeout;

  constructor(
    private readonly eventStore: EventStore,
    private readonly heartbeatMs: number,
    private readonly resumeWindow: number,
  ) {}

  /** Open streams, of one user or in all. */
  count(userId?: string): number {
    return userId === undefined ? this.members.size : (this.byUser.get(userId)?.size ?? 0);
  }

  /**
   * Registers a stream at once (so a cap checked just before holds) and starts delivering: from
   * `after` when the client resumes, else from now. `ready` fires with the start position.
   */
  join(
    userId: string,
    after: number | undefined,
    handlers: {
      send(event: RecordedEvent): void;
      keepAlive(): void;
      ready(position: number): void;
      /** The resume point was too old to replay: the stream starts from now, the page must refetch. */
      resync(): void;
      /** The hub lost its feed: end the response (the browser resumes from its last id). */
      end(): void;
    },
  ): ProgressClient {
    const member: Member = {
      userId,
      delivered: after ?? 0,
      backlog: [],
      send: handlers.send,
      keepAlive: handlers.keepAlive,
      end: handlers.end,
    };
    this.members.add(member);
    const mine = this.byUser.get(userId) ?? new Set<Member>();
    this.byUser.set(userId, mine);
    mine.add(member);
    const gone = () => !this.members.has(member);
    void this.catchUp(member, after, gone, handlers.resync).then(() => {
      if (!gone()) handlers.ready(member.delivered);
    });
    return {
      position: () =>
        member.backlog === null ? Math.max(member.delivered, this.fannedOut) : member.delivered,
      leave: () => this.leave(member),
    };
  }

  private async catchUp(
    member: Member,
    after: number | undefined,
    gone: () => boolean,
    resync: () => void,
  ): Promise<void> {
    await this.start();
    const resumable = after !== undefined && (await this.isRecent(after));
    if (!resumable) {
      // From now: what was fanned out to it while the hub started is kept.
      const first = member.backlog?.[0];
      member.delivered = first ? Math.min(first.position - 1, this.fannedOut) : this.fannedOut;
      if (after !== undefined) resync();
    } else {
      // The log up to now, read by this stream alone; the live events meanwhile wait in its backlog.
      for (let page: RecordedEvent[] = []; !gone(); ) {
        page = await this.eventStore.readAll({ after: member.delivered, limit: CATCH_UP_PAGE });
        for (const event of page) this.deliver(member, event);
        if (page.length < CATCH_UP_PAGE) break;
      }
    }
    const backlog = member.backlog ?? [];
    member.backlog = null;
    for (const event of backlog) this.deliver(member, event);
  }

  /** A position within `resumeWindow` events of the log's head (and not beyond it). */
  private async isRecent(after: number): Promise<boolean> {
    const head = (await this.eventStore.headPosition()) ?? 0;
    return after <= head && head - after <= this.resumeWindow;
  }

  private deliver(member: Member, event: RecordedEvent): void {
    if (event.position <= member.delivered) return;
    member.delivered = event.position;
    member.send(event);
  }

  private fanOut(event: RecordedEvent): void {
    if (event.position <= this.fannedOut) return;
    this.fannedOut = event.position;
    const data = event.data as { userId?: unknown };
    for (const userId of new Set([event.metadata.userId, data.userId])) {
      if (typeof userId !== 'string') continue;
      for (const member of this.byUser.get(userId) ?? []) {
        if (member.backlog) member.backlog.push(event);
        else this.deliver(member, event);
      }
    }
  }

  private leave(member: Member): void {
    if (!this.members.delete(member)) return;
    const mine = this.byUser.get(member.userId);
    mine?.delete(member);
    if (mine?.size === 0) this.byUser.delete(member.userId);
    if (this.members.size === 0) this.stopping = this.stop();
  }

  private start(): Promise<void> {
    this.started ??= this.stopping.then(async () => {
      this.fannedOut = (await this.eventStore.headPosition()) ?? 0;
      // The subscription is complete (other processes' appends); the append listener is the fast
      // path for this process's appends, written the moment they commit. It only takes the next
      // event in line, so while the subscription is behind nothing is reordered.
      this.subscription = this.eventStore.subscribeToAll(
        {
          after: this.fannedOut,
          // The engine dropped: every stream ends and its browser resumes on a fresh subscription.
          onError: () => {
            for (const member of [...this.members]) member.end();
          },
        },
        async (event) => this.fanOut(event),
      );
      this.unlisten = this.eventStore.onAppended?.((events) => {
        for (const event of events) if (event.position === this.fannedOut + 1) this.fanOut(event);
      });
      this.heartbeat = setInterval(() => {
        for (const member of this.members) member.keepAlive();
      }, this.heartbeatMs);
      this.heartbeat.unref();
    });
    return this.started;
  }

  private async stop(): Promise<void> {
    const started = this.started;
    this.started = undefined;
    await started;
    clearInterval(this.heartbeat);
    this.unlisten?.();
    await this.subscription?.stop();
    this.subscription = undefined;
    this.unlisten = undefined;
  }
}
