import type { Event, RecordedEvent } from '@studio/events';

/**
 * What the appender expects the stream to be before this append:
 * 'no-stream' (must not exist), 'any' (no check), or the exact revision of its last event.
 */
export type ExpectedRevision = 'no-stream' | 'any' | number;

export interface AppendResult {
  /** Revision of the last event now in the stream (pass it as the next expectedRevision). */
  nextExpectedRevision: number;
  /** Global position of the last event appended. */
  position: number;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. Undefined reads from the start. */
  after?: number;
  limit?: number;
}

export interface SubscriptionHandle {
  /** Stops delivering; resolves once the handler is no longer running. */
  stop(): Promise<void>;
  /** Resolves when the subscription has caught up with the log once (then it is live). */
  caughtUp: Promise<void>;
}

export interface SubscribeOptions {
  /** Exclusive checkpoint, as for readAll. */
  after?: number;
  /** Called when the handler throws or the engine fails; the subscription stops. */
  onError?: (error: unknown) => void;
}

export interface AppendOptions {
  expectedRevision: ExpectedRevision;
  /**
   * Nobody waits on this append being on disk (a batch of QR scans, answered before it was
   * written): the store may commit it without syncing, and the next synced commit takes it along.
   * A power cut may lose it; a crash of the process does not. Never for what a client is told about.
   */
  lazySync?: boolean;
}

/**
 * The event store port. Appends are atomic per call; re-appending events whose ids are already
 * in the stream (a retried command) is a no-op that returns the original result.
 */
export interface EventStore {
  append(streamName: string, events: Event[], options: AppendOptions): Promise<AppendResult>;
  /** The stream's events in order; an empty array when the stream does not exist. */
  readStream(streamName: string, options?: { fromRevision?: number }): Promise<RecordedEvent[]>;
  /** Events of every stream in global order, in a new array the caller owns. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Catch-up from a checkpoint, then live. The handler sees events one at a time, in order. */
  subscribeToAll(
    options: SubscribeOptions,
    handler: (event: RecordedEvent) => Promise<void>,
  ): SubscriptionHandle;
  /** Position of the newest event, or undefined for an empty log. */
  headPosition(): Promise<number | undefined>;
  /**
   * Optional fast path for live readers: the listener gets the events appended in this process,
   * synchronously once they are committed, in commit order. Appends of other processes never
   * arrive here, so it complements a subscription, never replaces it. Returns the unsubscribe.
   */
  onAppended?(listener: (events: RecordedEvent[]) => void): () => void;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no-stream',
  ) {
    super(`Stream ${streamName}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}
