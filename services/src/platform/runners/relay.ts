import type { RecordedEvent } from '@studio/events';
import type { Bus, BusMessage } from '../bus/port';
import type { Reactor } from './reactor';
import type { RetryPolicy } from './retry-policy';

export interface Outgoing {
  topic: string;
  message: BusMessage;
}

/**
 * About five minutes of tries (0.5, 1, 2 … 32 s, then 60 s waits) before a job is parked: a bus
 * restart or leader election is over long before, so a blip never parks a job. A job the bus keeps
 * refusing is parked — recorded, shown to admins, retryable — instead of holding every later one.
 */
export const RELAY_RETRY: RetryPolicy = { maxAttempts: 12, baseDelayMs: 500, maxDelayMs: 60_000 };

/**
 * Event store → bus. Run by a ReactorRunner, whose checkpoint moves only after `publish`
 * resolved, i.e. after the bus acknowledged: a crash republishes, never loses.
 */
export function relay(
  bus: Bus,
  route: (event: RecordedEvent) => Outgoing[],
  /** The only types `route` publishes, if known: the runner passes over the rest without a write. */
  handles?: readonly string[],
): Reactor {
  return {
    name: 'relay',
    retry: RELAY_RETRY,
    ...(handles ? { handles } : {}),
    async handle(event) {
      const outgoing = route(event);
      // The id ties a message to its event: a republish after a crash is dropped where the bus can.
      for (const [index, { topic, message }] of outgoing.entries())
        await bus.publish(topic, [{ ...message, id: message.id ?? `${event.eventId}:${topic}:${index}` }]);
    },
  };
}
