import { busContract } from '../../testing/contracts/bus';
import { eventually } from '../../testing/helpers';
import { uniqueName, whenKafkaAnswers } from '../../testing/kafka-broker';
import { createKafkaBus } from './kafka';

whenKafkaAnswers('Kafka bus contract suite', (brokers) => {
  jest.setTimeout(120_000);
  // Group rebalances make Kafka slower to deliver than the in-process bus.
  busContract('kafka', async () => createKafkaBus({ brokers, clientId: 'bus-contract' }), undefined, {
    waitMs: 60_000,
  });

  describe('Kafka bus: a message republished', () => {
    it('drops a republished message with the same id (the relay after a crash, a new producer), delivers a new id', async () => {
      const topic = uniqueName('dedupe');
      const consuming = createKafkaBus({ brokers, clientId: 'dedupe-consumer' });
      const seen: number[] = [];
      const handle = await consuming.subscribe<{ seq: number }>(topic, uniqueName('g'), async (m) => {
        seen.push(m.value.seq);
      });
      try {
        for (const seqs of [[1], [1, 2]]) {
          // A relay process that publishes, "crashes", and a new one that republishes from its checkpoint.
          const relay = createKafkaBus({ brokers, clientId: 'relay' });
          await relay.publish(
            topic,
            seqs.map((seq) => ({ key: 'k', value: { seq }, id: `event-${seq}:jobs:0` })),
          );
          await relay.close();
        }
        // An end marker behind them (same key, so same partition and order): nothing else is on its way.
        const end = createKafkaBus({ brokers, clientId: 'end' });
        await end.publish(topic, [{ key: 'k', value: { seq: END } }]);
        await end.close();
        await eventually(async () => seen.includes(END), 20_000);
        expect(seen).toEqual([1, 2, END]);
      } finally {
        await handle.stop();
        await consuming.close();
      }
    });
  });
});

const END = -1;
