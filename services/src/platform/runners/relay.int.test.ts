import type { RecordedEvent } from '@studio/events';
import { eventually } from '../../testing/helpers';
import { deferred, testEvent, useRunnerFixture } from '../../testing/runner-fixtures';
import type { Bus, BusMessage } from '../bus/port';
import type { ReadStore } from '../readstore/port';
import { ReactorRunner } from './reactor';
import { type Outgoing, relay } from './relay';

/** A bus whose acknowledgements the test controls: each publish waits for `next` to settle it. */
function controlledBus() {
  const accepted: Array<{ topic: string; message: BusMessage }> = [];
  const pending: Array<ReturnType<typeof deferred<void>>> = [];
  let settle: 'accept' | 'reject-once' | 'hold' = 'accept';
  const bus: Bus = {
    keepsMessages: true,
    async publish(topic, messages) {
      if (settle === 'reject-once') {
        settle = 'accept';
        throw new Error('broker not available');
      }
      if (settle === 'hold') {
        const ack = deferred();
        pending.push(ack);
        await ack.promise;
      }
      for (const message of messages) accepted.push({ topic, message: message as BusMessage });
    },
    async subscribe() {
      throw new Error('not used by the relay');
    },
    async close() {},
  };
  return {
    bus,
    accepted,
    pending,
    set: (mode: typeof settle) => {
      settle = mode;
    },
  };
}

const route = (event: RecordedEvent): Outgoing[] =>
  event.type === 'Ignored'
    ? []
    : [{ topic: 'jobs', message: { key: event.streamName, value: { id: event.eventId } } }];

describe('relay', () => {
  let runner: ReactorRunner | undefined;
  const fixture = useRunnerFixture(() => runner);

  it('publishes what the route gives for each event, in order, and nothing for the rest', async () => {
    const { bus, accepted } = controlledBus();
    runner = new ReactorRunner(fixture().events, fixture().reads, relay(bus, route), fixture().logger);
    await runner.start();
    await fixture().events.append('job-1', [testEvent('e1'), testEvent('e2', 'Ignored'), testEvent('e3')], {
      expectedRevision: 'any',
    });
    const head = (await fixture().events.headPosition())!;
    await eventually(async () => (await fixture().reads.getCheckpoint('relay')) === head);
    // Each message carries an id derived from its event, so a republish after a crash is the
    // same message to a bus that deduplicates.
    expect(accepted).toEqual([
      { topic: 'jobs', message: { key: 'job-1', value: { id: 'e1' }, id: 'e1:jobs:0' } },
      { topic: 'jobs', message: { key: 'job-1', value: { id: 'e3' }, id: 'e3:jobs:0' } },
    ]);
  });

  it('handling an event resolves only once the bus has accepted, and fails when the bus refuses', async () => {
    const { bus, pending, set } = controlledBus();
    await fixture().events.append('job-1', [testEvent('e1')], { expectedRevision: 'any' });
    const [event] = await fixture().events.readAll();
    const reactor = relay(bus, route);

    set('hold');
    // The order of what happened: handling may only end after the bus acknowledged.
    const order: string[] = [];
    const handling = reactor.handle(event!).then(() => {
      order.push('handled');
    });
    await eventually(async () => pending.length === 1);
    order.push('acknowledged');
    pending[0]!.resolve();
    await handling;
    expect(order).toEqual(['acknowledged', 'handled']);

    set('reject-once');
    await expect(reactor.handle(event!)).rejects.toThrow('broker not available');
  });

  it('keeps its checkpoint before an event while the bus has not acknowledged it', async () => {
    const { bus, accepted, pending, set } = controlledBus();
    set('hold');
    // Every checkpoint the relay writes, in order with the bus's acknowledgement.
    const order: string[] = [];
    const reads = {
      ...fixture().reads,
      apply: async (...args: Parameters<ReadStore['apply']>) => {
        if (args[1]?.name === 'relay') order.push(`checkpoint ${args[1].position}`);
        return fixture().reads.apply(...args);
      },
    };
    runner = new ReactorRunner(fixture().events, reads, relay(bus, route), fixture().logger);
    await runner.start();
    await fixture().events.append('job-1', [testEvent('e1')], { expectedRevision: 'any' });
    const head = (await fixture().events.headPosition())!;

    await eventually(async () => pending.length === 1);
    order.push('acknowledged');
    pending[0]!.resolve();
    await eventually(async () => (await fixture().reads.getCheckpoint('relay')) === head);
    expect(order).toEqual(['acknowledged', `checkpoint ${head}`]);
    expect(accepted).toHaveLength(1);
  });

  it('a bus that refuses once gets the message again: nothing is lost', async () => {
    const { bus, accepted, set } = controlledBus();
    set('reject-once');
    runner = new ReactorRunner(fixture().events, fixture().reads, relay(bus, route), fixture().logger);
    await runner.start();
    await fixture().events.append('job-1', [testEvent('e1'), testEvent('e2')], { expectedRevision: 'any' });
    const head = (await fixture().events.headPosition())!;

    await eventually(async () => (await fixture().reads.getCheckpoint('relay')) === head, 5000);
    expect(accepted.map((a) => a.message.value)).toEqual([{ id: 'e1' }, { id: 'e2' }]);
  });
});
