import type { RecordedEvent } from '@studio/events';
import type { Bus, BusMessage } from '../bus/port';
import type { Reactor } from './reactor';

export interface Outgoing {
  topic: string;
  message: BusMessage;
}

/**
 * Event store → bus. Run by a ReactorRunner, whose checkpoint moves only after `publish`
 * resolved, i.e. after the bus acknowledged: a crash republishes, never loses.
 */
export function relay(bus: Bus, route: (event: RecordedEvent) => Outgoing[]): Reactor {
  return {
    name: 'relay',
    async handle(event) {
      const outgoing = route(event);
      for (const { topic, message } of outgoing) await bus.publish(topic, [message]);
    },
  };
}
