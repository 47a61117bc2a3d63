import type { RecordedEvent } from '@studio/events';
import type { SubscribeOptions, SubscriptionHandle } from './port';

/** Where a store's subscriptions read from, and how they are woken. */
export interface PollingSource {
  /**
   * Called once when the subscription is made: the head it counts as caught up at. Whatever must
   * be in place before the first read (a LISTEN) is set up here.
   */
  start(): number | Promise<number>;
  /** Events strictly after `after`, in position order, at most `limit`. */
  readAfter(after: number, limit: number): RecordedEvent[] | Promise<RecordedEvent[]>;
  /** Called before each read (re-opening a lost notification channel). */
  beforeRead?(): void;
  /** The store's wake-ups: an append calls each; the subscription adds its own while it runs. */
  wakers: Set<() => void>;
  /** The store's live subscriptions, closed with it. */
  subscriptions: Set<SubscriptionHandle>;
  pollMs: number;
  batch: number;
}

/**
 * A subscription's `caughtUp`, settled by the subscription. A failure is reported through onError;
 * awaiting `caughtUp` still sees it, but nobody must.
 */
export function caughtUpSignal(): {
  caughtUp: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
} {
  let resolve: () => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const caughtUp = new Promise<void>((settle, fail) => {
    resolve = settle;
    reject = fail;
  });
  caughtUp.catch(() => {});
  return { caughtUp, resolve, reject };
}

/**
 * Catch-up from a checkpoint, then live, for stores that are read by position: read a batch,
 * hand its events over one at a time, and sleep until an append wakes it or the poll timer fires.
 */
export function pollingSubscription(
  source: PollingSource,
  options: SubscribeOptions,
  handler: (event: RecordedEvent) => Promise<void>,
): SubscriptionHandle {
  let checkpoint = options.after ?? 0;
  let stopped = false;
  // Set by every wake-up; checked before sleeping so a notification during a handler is not lost.
  let dirty = false;
  let sleeper: (() => void) | undefined;
  const wake = () => {
    dirty = true;
    const resume = sleeper;
    sleeper = undefined;
    resume?.();
  };

  const { caughtUp, resolve: resolveCaughtUp, reject: rejectCaughtUp } = caughtUpSignal();

  // Caught up once everything that existed at subscribe time has been handled.
  const started = source.start();
  const run = async () => {
    const target = await started;
    if (checkpoint >= target) resolveCaughtUp();
    while (!stopped) {
      dirty = false;
      source.beforeRead?.();
      const events = await source.readAfter(checkpoint, source.batch);
      for (const event of events) {
        if (stopped) return;
        await handler(event);
        checkpoint = event.position;
        if (checkpoint >= target) resolveCaughtUp();
      }
      if (events.length < source.batch && !dirty) {
        if (stopped) return;
        await new Promise<void>((resolve) => {
          // An append wakes it early: the poll timer goes too, or every wake-up would leave one
          // more timer behind, each polling again when it fires and leaving the next.
          const timer = setTimeout(wake, source.pollMs);
          timer.unref();
          sleeper = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  };

  source.wakers.add(wake);
  const done = run().then(
    () => resolveCaughtUp(),
    (error: unknown) => {
      stopped = true;
      rejectCaughtUp(error);
      if (options.onError) options.onError(error);
      else console.error('event store subscription failed', error);
    },
  );

  const handle: SubscriptionHandle = {
    caughtUp,
    async stop() {
      stopped = true;
      source.wakers.delete(wake);
      wake();
      await done;
      source.subscriptions.delete(handle);
    },
  };
  source.subscriptions.add(handle);
  return handle;
}
