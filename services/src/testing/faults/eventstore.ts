import type { RecordedEvent } from '@studio/events';
import type { EventStore, SubscribeOptions, SubscriptionHandle } from '../../platform/eventstore/port';
import type { FaultSwitch } from './switch';

/**
 * An EventStore whose engine can be made to fail, stall or drop on command. A failed append never
 * reaches the store (all or nothing); a live subscription is dropped through its onError, as a
 * lost connection is.
 */
export function faultyEventStore(inner: EventStore, faults: FaultSwitch): EventStore {
  return {
    async append(streamName, events, options) {
      await faults.gate();
      return inner.append(streamName, events, options);
    },
    async readStream(streamName, options) {
      await faults.gate();
      return inner.readStream(streamName, options);
    },
    async readAll(options) {
      await faults.gate();
      return inner.readAll(options);
    },
    async headPosition() {
      await faults.gate();
      return inner.headPosition();
    },
    subscribeToAll(options: SubscribeOptions, handler: (event: RecordedEvent) => Promise<void>) {
      let failed = false;
      let handle: SubscriptionHandle | undefined;
      const fail = (error: unknown) => {
        if (failed) return;
        failed = true;
        unregister();
        void handle?.stop().then(() => options.onError?.(error));
      };
      const unregister = faults.onDrop(fail);
      handle = inner.subscribeToAll({ ...options, onError: fail }, async (event) => {
        await faults.gate();
        await handler(event);
      });
      if (faults.mode === 'down') queueMicrotask(() => fail(new Error('event store down at subscribe')));
      const subscribed = handle;
      return {
        caughtUp: subscribed.caughtUp,
        async stop() {
          failed = true;
          unregister();
          await subscribed.stop();
        },
      };
    },
    // Only appends that reached the store are announced, so a failed one never is.
    ...(inner.onAppended ? { onAppended: inner.onAppended } : {}),
    close: () => inner.close(),
  };
}
