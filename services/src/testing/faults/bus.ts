import type { Bus, ConsumeOptions, DeliveredMessage } from '../../platform/bus/port';
import type { FaultSwitch } from './switch';

/**
 * A Bus whose broker can be made to fail or stall on command. Publishing fails while it is down;
 * a consumer whose connection drops gets the message again later (the handler is not called), as
 * with a broker that never saw the acknowledgement.
 */
export function faultyBus(inner: Bus, faults: FaultSwitch): Bus {
  return {
    keepsMessages: inner.keepsMessages,
    async publish(topic, messages) {
      await faults.gate();
      return inner.publish(topic, messages);
    },
    async subscribe<T>(
      topic: string,
      groupId: string,
      handler: (message: DeliveredMessage<T>) => Promise<void>,
      options?: ConsumeOptions,
    ) {
      await faults.gate();
      return inner.subscribe<T>(
        topic,
        groupId,
        async (message) => {
          await faults.gate();
          await handler(message);
        },
        options,
      );
    },
    async ping() {
      await faults.gate();
      await inner.ping?.();
    },
    close: () => inner.close(),
  };
}
